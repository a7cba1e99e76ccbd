// pool2d host kernel against hand-computed values and a reference written from Paddle's
// definition, over every combination of max/avg, exclusive, ceil_mode, global, adaptive.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/tests/kernels/pool_case.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct Reference {
  std::vector<int64_t> dims;
  std::vector<float> values;
};

// Paddle's pool2d, from its definition:
// - paddings: 2 values are symmetric; SAME pads to ceil(in / stride) outputs (the smaller
//   half first); VALID, global and adaptive use no padding;
// - global: the window is the whole image; adaptive: ksize is the output size and window i
//   covers [floor(i * in / out), ceil((i + 1) * in / out));
// - output size (in + pads - k [+ stride - 1 with ceil_mode]) / stride + 1, C++ division;
// - window i starts at i * stride - pad_before; max/sum over the input positions inside;
// - avg divides by that count (exclusive or adaptive), else by the window length clipped
//   to [-pad_before, in + pad_before) per axis (Paddle uses the leading padding at both ends);
// - a window with no input position gives 0.
Reference PoolReference(const PoolCase& p, const std::vector<float>& x) {
  const int in[2] = {p.h, p.w};
  int k[2] = {p.ksize[0], p.ksize[1]};
  int pad[4];
  if (p.paddings.size() == 2) {
    pad[0] = pad[1] = p.paddings[0];
    pad[2] = pad[3] = p.paddings[1];
  } else {
    for (int i = 0; i < 4; ++i) pad[i] = p.paddings[i];
  }
  if (p.padding_algorithm == "SAME") {
    for (int i = 0; i < 2; ++i) {
      const int out = (in[i] + p.strides[i] - 1) / p.strides[i];
      const int sum = std::max((out - 1) * p.strides[i] + k[i] - in[i], 0);
      pad[2 * i] = sum / 2;
      pad[2 * i + 1] = sum - sum / 2;
    }
  }
  if (p.padding_algorithm == "VALID" || p.global || p.adaptive) {
    for (int& v : pad) v = 0;
  }
  if (p.global) k[0] = p.h, k[1] = p.w;
  int out[2];
  for (int i = 0; i < 2; ++i) {
    if (p.adaptive) {
      out[i] = k[i];
    } else {
      int span = in[i] + pad[2 * i] + pad[2 * i + 1] - k[i];
      if (p.ceil_mode) span += p.strides[i] - 1;
      out[i] = span / p.strides[i] + 1;  // truncating division
    }
  }
  Reference r;
  r.dims = {p.n, p.c, out[0], out[1]};
  for (int plane = 0; plane < p.n * p.c; ++plane) {
    for (int oy = 0; oy < out[0]; ++oy) {
      for (int ox = 0; ox < out[1]; ++ox) {
        const int o[2] = {oy, ox};
        int lo[2], hi[2], padded_len[2];
        for (int a = 0; a < 2; ++a) {
          if (p.adaptive) {
            lo[a] = static_cast<int>(std::floor(static_cast<double>(o[a]) * in[a] / out[a]));
            hi[a] = static_cast<int>(std::ceil(static_cast<double>(o[a] + 1) * in[a] / out[a]));
            padded_len[a] = hi[a] - lo[a];
          } else {
            const int start = o[a] * p.strides[a] - pad[2 * a];
            const int end = start + k[a];
            padded_len[a] = std::min(end, in[a] + pad[2 * a]) - start;
            lo[a] = std::max(start, 0);
            hi[a] = std::min(end, in[a]);
          }
        }
        double sum = 0;
        float best = -std::numeric_limits<float>::infinity();
        int count = 0;
        for (int y = lo[0]; y < hi[0]; ++y) {
          for (int x0 = lo[1]; x0 < hi[1]; ++x0) {
            const float v = x[(plane * p.h + y) * p.w + x0];
            sum += v;
            best = std::max(best, v);
            ++count;
          }
        }
        float value = 0.f;
        if (count > 0) {
          if (p.type == "max") {
            value = best;
          } else if (p.exclusive || p.adaptive) {
            value = static_cast<float>(sum / count);
          } else {
            value = static_cast<float>(sum / (padded_len[0] * padded_len[1]));
          }
        }
        r.values.push_back(value);
      }
    }
  }
  return r;
}

void SetPoolAttrs(OpRunner* r, const PoolCase& p) {
  r->desc().SetAttr<std::string>("pooling_type", p.type);
  r->desc().SetAttr<std::vector<int32_t>>("ksize", p.ksize);
  r->desc().SetAttr<std::vector<int32_t>>("strides", p.strides);
  r->desc().SetAttr<std::vector<int32_t>>("paddings", p.paddings);
  r->desc().SetAttr<bool>("exclusive", p.exclusive);
  r->desc().SetAttr<bool>("ceil_mode", p.ceil_mode);
  r->desc().SetAttr<bool>("global_pooling", p.global);
  r->desc().SetAttr<bool>("adaptive", p.adaptive);
  if (!p.padding_algorithm.empty()) {
    r->desc().SetAttr<std::string>("padding_algorithm", p.padding_algorithm);
  }
}

// Runs pool2d on `x` (shape from `p`) and returns the output tensor's dims and values.
Reference RunPool(const PoolCase& p, const std::vector<float>& x) {
  OpRunner r("pool2d");
  r.SetInput("X", "x", {p.n, p.c, p.h, p.w}, x);
  Tensor* out = r.SetOutput("Out", "out");
  SetPoolAttrs(&r, p);
  r.Run();
  return {out->dims().Vectorize(), ToVector(*out)};
}

void RunAndCompare(const PoolCase& p, uint32_t seed) {
  SCOPED_TRACE(Describe(p));
  const std::vector<float> x =
      RandomVector(static_cast<size_t>(p.n) * p.c * p.h * p.w, -3.f, 3.f, seed);
  const Reference ref = PoolReference(p, x);
  const Reference got = RunPool(p, x);
  ASSERT_EQ(DDim(got.dims), DDim(ref.dims));
  ExpectAllNear(got.values, ref.values, 1e-6f, 1e-5f);
}

std::vector<float> Iota(int n, float start = 1.f) {
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = start + i;
  return v;
}

TEST(Pool2d, HandComputedMaxAndAvg2x2Stride2) {
  PoolCase p;
  p.h = p.w = 4, p.ksize = {2, 2}, p.strides = {2, 2};
  const std::vector<float> x = Iota(16);  // rows 1-4, 5-8, 9-12, 13-16
  Reference got = RunPool(p, x);
  EXPECT_EQ(DDim(got.dims), DDim({1, 1, 2, 2}));
  ExpectAllNear(got.values, {6, 8, 14, 16}, 0.f);
  p.type = "avg";
  ExpectAllNear(RunPool(p, x).values, {3.5f, 5.5f, 11.5f, 13.5f}, 1e-6f);
}

TEST(Pool2d, HandComputedAvgExclusiveVersusInclusive) {
  // 2x2 input [[1,2],[3,4]], 3x3 window, padding 1, stride 1: every window holds all four
  // values. Exclusive divides by 4; inclusive by the 3x3 window inside the padded image.
  PoolCase p;
  p.h = p.w = 2, p.type = "avg", p.ksize = {3, 3}, p.paddings = {1, 1};
  const std::vector<float> x = {1, 2, 3, 4};
  ExpectAllNear(RunPool(p, x).values, {2.5f, 2.5f, 2.5f, 2.5f}, 1e-6f);
  p.exclusive = false;
  const float tenth_ninths = 10.f / 9.f;
  ExpectAllNear(RunPool(p, x).values, {tenth_ninths, tenth_ninths, tenth_ninths, tenth_ninths},
                1e-6f);
}

TEST(Pool2d, HandComputedTruncationNotFloor) {
  // H = 1 with a 2x2 window, stride 2, no padding: (1 - 2) / 2 + 1 is 1 in C++ (floor
  // would give 0). The single window reads row 0, columns 0-1.
  PoolCase p;
  p.h = 1, p.w = 3, p.ksize = {2, 2}, p.strides = {2, 2};
  const std::vector<float> x = {1, 5, 3};
  Reference got = RunPool(p, x);
  EXPECT_EQ(DDim(got.dims), DDim({1, 1, 1, 1}));
  ExpectAllNear(got.values, {5}, 0.f);
  p.type = "avg";
  ExpectAllNear(RunPool(p, x).values, {3}, 1e-6f);
  p.exclusive = false;  // divisor: rows clipped to [0, 1) -> 1, columns 2
  ExpectAllNear(RunPool(p, x).values, {3}, 1e-6f);
}

TEST(Pool2d, HandComputedCeilMode) {
  // 1x5 row, 1x2 window, stride 2: floor mode gives 2 outputs, ceil mode a third one
  // covering only the last column.
  PoolCase p;
  p.h = 1, p.w = 5, p.ksize = {1, 2}, p.strides = {1, 2};
  const std::vector<float> x = {1, 2, 3, 4, 5};
  ExpectAllNear(RunPool(p, x).values, {2, 4}, 0.f);
  p.ceil_mode = true;
  ExpectAllNear(RunPool(p, x).values, {2, 4, 5}, 0.f);
  p.type = "avg";
  ExpectAllNear(RunPool(p, x).values, {1.5f, 3.5f, 5.f}, 1e-6f);
}

TEST(Pool2d, HandComputedAdaptive) {
  // 5 -> 3 columns: windows [0,2), [1,4), [3,5).
  PoolCase p;
  p.h = 1, p.w = 5, p.ksize = {1, 3}, p.adaptive = true;
  const std::vector<float> x = {1, 2, 3, 4, 5};
  ExpectAllNear(RunPool(p, x).values, {2, 4, 5}, 0.f);
  p.type = "avg";
  p.exclusive = false;  // adaptive always divides by the real count
  ExpectAllNear(RunPool(p, x).values, {1.5f, 3.f, 4.5f}, 1e-6f);
}

TEST(Pool2d, HandComputedGlobal) {
  PoolCase p;
  // Exported programs may carry ksize [-1, -1] with global_pooling; paddings are ignored.
  p.c = 2, p.h = 2, p.w = 3, p.global = true, p.ksize = {-1, -1}, p.paddings = {4, 4};
  const std::vector<float> x = {1, 2, 3, 4, 5, 6, -1, -2, -3, -4, -5, -6};
  Reference got = RunPool(p, x);
  EXPECT_EQ(DDim(got.dims), DDim({1, 2, 1, 1}));
  ExpectAllNear(got.values, {6, -1}, 0.f);
  p.type = "avg";
  ExpectAllNear(RunPool(p, x).values, {3.5f, -3.5f}, 1e-6f);
}

TEST(Pool2d, HandComputedSamePadding) {
  // SAME, 1x4 row, 1x3 window, stride 2: out 2, pad_sum 1 -> left 0, right 1.
  // Windows: columns [0,3) and [2,5) -> {1,2,3} and {3,4}.
  PoolCase p;
  p.h = 1, p.w = 4, p.ksize = {1, 3}, p.strides = {1, 2}, p.padding_algorithm = "SAME";
  p.paddings = {3, 3};  // ignored
  const std::vector<float> x = {1, 2, 3, 4};
  ExpectAllNear(RunPool(p, x).values, {3, 4}, 0.f);
  p.type = "avg";
  ExpectAllNear(RunPool(p, x).values, {2.f, 3.5f}, 1e-6f);
}

TEST(Pool2d, WindowEntirelyInPaddingGivesZero) {
  // ceil_mode with padding 1 on a 2-wide row, 1x1 window, stride 2: windows start at
  // columns -1, 1 and 3; the first and last read nothing.
  PoolCase p;
  p.h = 1, p.w = 2, p.ksize = {1, 1}, p.strides = {1, 2}, p.paddings = {0, 1};
  p.ceil_mode = true;
  const std::vector<float> x = {-7, -8};
  Reference got = RunPool(p, x);
  EXPECT_EQ(DDim(got.dims), DDim({1, 1, 1, 3}));
  ExpectAllNear(got.values, {0, -8, 0}, 0.f);
}

TEST(Pool2d, EveryFlagCombinationAgainstReference) {
  struct Geometry {
    int h, w;
    std::vector<int> ksize, strides, paddings;
  };
  const std::vector<Geometry> geometries = {
      {7, 9, {3, 3}, {2, 2}, {1, 1}},        // odd sizes, ceil differs from floor
      {6, 5, {2, 3}, {2, 1}, {0, 1}},        // non-square window
      {8, 7, {3, 2}, {3, 2}, {1, 0, 2, 1}},  // asymmetric 4-value paddings
      {1, 1, {1, 1}, {1, 1}, {0, 0}},        // 1x1 spatial
      {1, 4, {2, 2}, {2, 2}, {0, 0}},        // truncation case (H: (1-2)/2+1 = 1)
  };
  uint32_t seed = 11;
  for (const Geometry& g : geometries) {
    for (const char* type : {"max", "avg"}) {
      for (bool exclusive : {true, false}) {
        for (bool ceil_mode : {false, true}) {
          for (bool global : {false, true}) {
            for (bool adaptive : {false, true}) {
              PoolCase p;
              p.n = 2, p.c = 3, p.h = g.h, p.w = g.w;
              p.type = type;
              p.ksize = adaptive && !global ? std::vector<int>{3, 2} : g.ksize;
              p.strides = g.strides, p.paddings = g.paddings;
              p.exclusive = exclusive, p.ceil_mode = ceil_mode;
              p.global = global, p.adaptive = adaptive;
              RunAndCompare(p, seed++);
            }
          }
        }
      }
    }
  }
}

TEST(Pool2d, PaddingAlgorithmsAgainstReference) {
  uint32_t seed = 500;
  for (const char* alg : {"SAME", "VALID", "EXPLICIT"}) {
    for (const char* type : {"max", "avg"}) {
      for (bool exclusive : {true, false}) {
        for (int stride : {1, 2, 3}) {
          for (int size : {5, 6}) {
            PoolCase p;
            p.c = 2, p.h = size, p.w = size + 2, p.type = type, p.ksize = {3, 2};
            p.strides = {stride, stride}, p.paddings = {1, 0, 1, 1};
            p.exclusive = exclusive, p.padding_algorithm = alg;
            RunAndCompare(p, seed++);
          }
        }
      }
    }
  }
}

TEST(Pool2d, AdaptiveLargerOutputThanInput) {
  PoolCase p;
  p.c = 3, p.h = 3, p.w = 2, p.adaptive = true, p.ksize = {5, 4}, p.type = "avg";
  RunAndCompare(p, 900);
  p.type = "max";
  RunAndCompare(p, 901);
}

// ---------------------------------------------------------------- error paths

void SetUpPool(OpRunner* r, const DDim& x) {
  r->SetInput("X", "x", x, std::vector<float>(x.production(), 1.f));
  r->SetOutput("Out", "out");
  r->desc().SetAttr<std::string>("pooling_type", "max");
  r->desc().SetAttr<std::vector<int32_t>>("ksize", {2, 2});
  r->desc().SetAttr<std::vector<int32_t>>("strides", {1, 1});
  r->desc().SetAttr<std::vector<int32_t>>("paddings", {0, 0});
}

TEST(Pool2dErrors, UnsupportedPoolingType) {
  OpRunner r("pool2d");
  SetUpPool(&r, {1, 1, 4, 4});
  r.desc().SetAttr<std::string>("pooling_type", "lp");
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "unsupported pooling_type 'lp'");
}

TEST(Pool2dErrors, NhwcDataFormat) {
  OpRunner r("pool2d");
  SetUpPool(&r, {1, 1, 4, 4});
  r.desc().SetAttr<std::string>("data_format", "NHWC");
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "data_format 'NHWC'");
}

TEST(Pool2dErrors, BadPaddingAlgorithm) {
  OpRunner r("pool2d");
  SetUpPool(&r, {1, 1, 4, 4});
  r.desc().SetAttr<std::string>("padding_algorithm", "same");
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "padding_algorithm 'same'");
}

TEST(Pool2dErrors, NonPositiveOutput) {
  OpRunner r("pool2d");
  SetUpPool(&r, {1, 1, 3, 3});
  r.desc().SetAttr<std::vector<int32_t>>("ksize", {5, 5});
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "is not positive");
}

TEST(Pool2dErrors, InputNotFourD) {
  OpRunner r("pool2d");
  SetUpPool(&r, {1, 4, 4});
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "X must be 4-D");
}

TEST(Pool2dErrors, BadKsize) {
  OpRunner r("pool2d");
  SetUpPool(&r, {1, 1, 4, 4});
  r.desc().SetAttr<std::vector<int32_t>>("ksize", {2, 0});
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "'ksize' must be positive");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
