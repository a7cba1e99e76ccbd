// OpenCL image kernels against the host kernels (the reference), in float images and half
// images (within 2e-2 of the output's scale):
// - nearest / bilinear interpolation: v1 and v2 ops, upsampling and downsampling, odd sizes,
//   C not a multiple of 4, align_corners and both align modes, a given scale and a fixed
//   size, the same size (a copy); float images within 1e-5 (the same taps, float math);
// - fc: 2-D and 4-D inputs (in_num_col_dims 1 and 2), with and without bias, a fused
//   activation; float images within 1e-4;
// - reshape2, flatten_contiguous_range, squeeze2, unsqueeze2, transpose2 between OpenCL
//   activations (so the values stay on the device): exact in float images;
// - layer_norm (begin_norm_axis 1 to 3, with and without scale and bias) and matmul /
//   matmul_v2 (a weight or an activation as Y, transposes, batch broadcast, alpha): float
//   images within 1e-4.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "lite/backends/opencl/cl_runtime.h"
#include "lite/core/program.h"
#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const Place kHostFloat(TargetType::kHost, PrecisionType::kFloat);
const Place kClFloat(TargetType::kOpenCL, PrecisionType::kFloat, DataLayoutType::kImageDefault);
const Place kClHalf(TargetType::kOpenCL, PrecisionType::kFP16, DataLayoutType::kImageDefault);

class ImageOpsOpenCl : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    if (!opencl::ClRuntime::Available(&why)) GTEST_SKIP() << "no OpenCL device: " << why;
  }
};

// Max |value| or range of `v`, whichever is more: what half-image errors are measured on.
float ScaleOf(const std::vector<float>& v) {
  float lo = v[0], hi = v[0], big = 0.f;
  for (float x : v) {
    lo = std::min(lo, x);
    hi = std::max(hi, x);
    big = std::max(big, std::fabs(x));
  }
  return std::max({hi - lo, big, 1e-6f});
}

// Runs `b` on the host, on float images and on half images; expects `op` on OpenCL.
void ExpectMatchesHost(const Builder& b, const std::string& op, const DDim& dims,
                       const std::vector<float>& x, float fp32_tolerance,
                       const Weights& weights = {}) {
  const std::vector<float> want = Optimize(b.program(), {kHostFloat}, false, weights)->Run(dims, x);
  auto fp32 = Optimize(b.program(), {kClFloat, kHostFloat}, false, weights);
  ASSERT_NE(fp32->FindOp(op)->GetAttr<std::string>(kKernelKeyAttr).find(",opencl,"),
            std::string::npos);
  ExpectAllNear(fp32->Run(dims, x), want, fp32_tolerance, fp32_tolerance);
  const std::vector<float> half =
      Optimize(b.program(), {kClHalf, kHostFloat}, false, weights)->Run(dims, x);
  ASSERT_EQ(half.size(), want.size());
  float worst = 0.f;
  for (size_t i = 0; i < want.size(); ++i) worst = std::max(worst, std::fabs(half[i] - want[i]));
  EXPECT_LE(worst / ScaleOf(want), 2e-2f);
}

struct InterpCase {
  std::string op, method;
  std::vector<int64_t> dims;
  int out_h{-1}, out_w{-1};
  std::vector<float> scale;
  bool align_corners{false};
  int align_mode{1};
};

TEST_F(ImageOpsOpenCl, InterpolationMatchesTheHostKernel) {
  const std::vector<InterpCase> cases = {
      {"nearest_interp_v2", "nearest", {1, 5, 7, 9}, -1, -1, {2.f, 2.f}},
      {"nearest_interp_v2", "nearest", {2, 3, 8, 6}, 5, 11, {}},
      {"nearest_interp_v2", "nearest", {1, 7, 9, 9}, 4, 4, {}, true},
      {"nearest_interp", "nearest", {1, 4, 5, 5}, -1, -1, {1.7f}},
      {"nearest_interp_v2", "nearest", {1, 6, 5, 5}, 5, 5, {}},
      {"bilinear_interp_v2", "bilinear", {1, 5, 7, 9}, -1, -1, {2.f, 2.f}},
      {"bilinear_interp_v2", "bilinear", {2, 3, 8, 6}, 5, 11, {}, false, 0},
      {"bilinear_interp_v2", "bilinear", {1, 9, 6, 7}, 13, 3, {}, true},
      {"bilinear_interp", "bilinear", {1, 2, 5, 4}, -1, -1, {1.5f}, false, 0},
      {"bilinear_interp_v2", "bilinear", {1, 3, 6, 6}, 6, 6, {}},
  };
  uint32_t seed = 1;
  for (const InterpCase& c : cases) {
    SCOPED_TRACE(StrCat(c.op, " ", DDim(c.dims), " out ", c.out_h, "x", c.out_w));
    std::vector<int64_t> declared = c.dims;
    declared[0] = -1;
    Builder b(declared);
    cpp::OpDesc& op = b.Op(c.op, {{"X", "x"}}, {{"Out", "y"}});
    op.SetAttr<int32_t>("out_h", c.out_h);
    op.SetAttr<int32_t>("out_w", c.out_w);
    op.SetAttr<bool>("align_corners", c.align_corners);
    op.SetAttr<int32_t>("align_mode", c.align_mode);
    op.SetAttr<std::string>("data_layout", "NCHW");
    op.SetAttr<std::string>("interp_method", c.method);
    if (c.op.find("_v2") != std::string::npos) {
      if (!c.scale.empty()) op.SetAttr("scale", c.scale);
    } else if (!c.scale.empty()) {
      op.SetAttr<float>("scale", c.scale[0]);
    }
    b.Fetch("y", 0);
    const DDim dims(c.dims);
    ExpectMatchesHost(b, c.op, dims, RandomVector(dims.production(), -3.f, 3.f, ++seed), 1e-5f);
  }
}

TEST_F(ImageOpsOpenCl, FcMatchesTheHostKernel) {
  struct FcCase {
    std::vector<int64_t> x;
    int in_num_col_dims, n;
    bool bias;
    const char* act;  // fused by the fc fusion when set
  };
  const FcCase cases[] = {{{3, 17}, 1, 5, true, nullptr},
                          {{1, 6, 1, 1}, 1, 10, true, "relu"},
                          {{2, 5, 3, 2}, 1, 7, false, nullptr},
                          {{2, 3, 4, 5}, 2, 9, true, nullptr},
                          {{1, 64}, 1, 33, true, "relu"}};
  uint32_t seed = 40;
  for (const FcCase& c : cases) {
    const DDim dims(c.x);
    SCOPED_TRACE(StrCat(dims, " in_num_col_dims ", c.in_num_col_dims, " N ", c.n));
    int64_t k = 1;
    for (size_t i = c.in_num_col_dims; i < c.x.size(); ++i) k *= c.x[i];
    std::vector<int64_t> declared = c.x;
    declared[0] = -1;
    Builder b(declared);
    Weights weights;
    b.AddVar("w", cpp::VarKind::kLodTensor, {k, c.n}, true);
    weights["w"] = {DDim({k, c.n}), RandomVector(k * c.n, -0.5f, 0.5f, ++seed)};
    cpp::OpDesc& fc = b.Op("fc", {{"Input", "x"}, {"W", "w"}}, {{"Out", "y"}});
    fc.SetAttr<int32_t>("in_num_col_dims", c.in_num_col_dims);
    if (c.bias) {
      b.AddVar("bias", cpp::VarKind::kLodTensor, {c.n}, true);
      weights["bias"] = {DDim({c.n}), RandomVector(c.n, -1.f, 1.f, ++seed)};
      fc.SetInput("Bias", {"bias"});
    }
    if (c.act) fc.SetAttr<std::string>("activation_type", c.act);
    b.Fetch("y", 0);
    ExpectMatchesHost(b, "fc", dims, RandomVector(dims.production(), -1.f, 1.f, ++seed), 1e-4f,
                      weights);
  }
}

// x -> relu -> <op> -> sigmoid: the reshape runs between two OpenCL kernels.
Builder Between(const std::vector<int64_t>& declared, const std::string& op,
                const std::function<void(cpp::OpDesc*)>& attrs) {
  Builder b(declared);
  b.Op("relu", {{"X", "x"}}, {{"Out", "a"}});
  cpp::OpDesc& mid = b.Op(op, {{"X", "a"}}, {{"Out", "b"}});
  if (op.back() == '2') {
    b.AddVar("xshape");
    mid.SetOutput("XShape", {"xshape"});
  }
  attrs(&mid);
  b.Op("sigmoid", {{"X", "b"}}, {{"Out", "c"}});
  b.Fetch("c", 0);
  return b;
}

TEST_F(ImageOpsOpenCl, ReshapesAndTransposesStayOnTheDevice) {
  struct Case {
    std::string op;
    std::vector<int64_t> x;
    std::function<void(cpp::OpDesc*)> attrs;
  };
  const std::vector<Case> cases = {
      {"reshape2",
       {2, 6, 5, 3},
       [](cpp::OpDesc* d) {
         d->SetAttr("shape", std::vector<int32_t>{0, 5, -1});
       }},
      {"reshape2",
       {1, 7, 4, 4},
       [](cpp::OpDesc* d) {
         d->SetAttr("shape", std::vector<int32_t>{1, 28, 4});
       }},
      {"flatten_contiguous_range",
       {2, 5, 3, 3},
       [](cpp::OpDesc* d) {
         d->SetAttr<int32_t>("start_axis", 1);
         d->SetAttr<int32_t>("stop_axis", 3);
       }},
      {"squeeze2",
       {3, 1, 5, 1},
       [](cpp::OpDesc* d) {
         d->SetAttr("axes", std::vector<int32_t>{1, 3});
       }},
      {"unsqueeze2",
       {3, 5, 7},
       [](cpp::OpDesc* d) { d->SetAttr("axes", std::vector<int32_t>{1}); }},
      {"transpose2",
       {2, 3, 5, 7},
       [](cpp::OpDesc* d) {
         d->SetAttr("axis", std::vector<int32_t>{0, 2, 3, 1});
       }},
      {"transpose2",
       {2, 5, 6},
       [](cpp::OpDesc* d) {
         d->SetAttr("axis", std::vector<int32_t>{2, 0, 1});
       }},
      {"transpose2",
       {1, 9, 2, 3},
       [](cpp::OpDesc* d) {
         d->SetAttr("axis", std::vector<int32_t>{0, 3, 1, 2});
       }},
  };
  uint32_t seed = 70;
  for (const Case& c : cases) {
    SCOPED_TRACE(StrCat(c.op, " ", DDim(c.x)));
    std::vector<int64_t> declared = c.x;
    declared[0] = -1;
    const Builder b = Between(declared, c.op, c.attrs);
    const DDim dims(c.x);
    ExpectMatchesHost(b, c.op, dims, RandomVector(dims.production(), -2.f, 2.f, ++seed), 1e-6f);
    // Casts only at the ends: into the device before relu, out after sigmoid.
    auto o = Optimize(b.program(), {kClFloat, kHostFloat}, false);
    EXPECT_EQ(o->Ops("io_copy").size(), 2u);
  }
}

// x -> relu -> reshape2 to 5-D -> transpose2 (5 axes) -> reshape2 to 4-D -> sigmoid: an
// image holds four dims, so the ops touching the 5-D values run on the CPU, known from
// the declared ranks (`declare`) or, without them, from the reshape's shape and the
// transpose's axis.
Builder ThroughFiveDims(bool declare) {
  Builder b({-1, 6, 5, 4});
  using Dims = std::map<std::string, std::vector<int64_t>>;
  b.Op("relu", {{"X", "x"}}, {{"Out", "a"}});
  b.Op("reshape2", {{"X", "a"}}, {{"Out", "b"}}, declare ? Dims{{"b", {-1, 2, 3, 5, 4}}} : Dims{})
      .SetAttr("shape", std::vector<int32_t>{0, 2, 3, 5, 4});
  b.Op("transpose2", {{"X", "b"}}, {{"Out", "c"}},
       declare ? Dims{{"c", {-1, 3, 2, 5, 4}}} : Dims{})
      .SetAttr("axis", std::vector<int32_t>{0, 2, 1, 3, 4});
  b.Op("reshape2", {{"X", "c"}}, {{"Out", "d"}}).SetAttr("shape", std::vector<int32_t>{0, 6, 5, 4});
  b.Op("sigmoid", {{"X", "d"}}, {{"Out", "y"}});
  b.Fetch("y", 0);
  return b;
}

TEST_F(ImageOpsOpenCl, OpsOnFiveDimsRunOnTheCpu) {
  const auto targets = [](const Optimized& o) {
    std::vector<std::string> t;
    for (const auto& op : o.program.blocks[0].ops) {
      if (op.Type() == "io_copy" || op.Type() == "layout" || op.Type() == "feed" ||
          op.Type() == "fetch") {
        continue;
      }
      const std::string key = op.GetAttr<std::string>(kKernelKeyAttr);
      t.push_back(op.Type() + (key.find(",opencl,") != std::string::npos ? "@cl" : "@cpu"));
    }
    return t;
  };
  auto declared = Optimize(ThroughFiveDims(true).program(), {kClFloat, kHostFloat}, false);
  EXPECT_EQ(targets(*declared), (std::vector<std::string>{"relu@cl", "reshape2@cpu",
                                                           "transpose2@cpu", "reshape2@cpu",
                                                           "sigmoid@cl"}));
  const DDim dims({2, 6, 5, 4});
  const std::vector<float> x = RandomVector(dims.production(), -2.f, 2.f, 90);
  ExpectAllNear(declared->Run(dims, x),
                Optimize(ThroughFiveDims(true).program(), {kHostFloat}, false)->Run(dims, x),
                1e-6f, 1e-6f);
  // Undeclared: the reshape back reads a value of unknown rank, so it stays on OpenCL (a
  // CxxConfig predictor moves it at the first run, opencl_program_test).
  auto undeclared = Optimize(ThroughFiveDims(false).program(), {kClFloat, kHostFloat}, false);
  EXPECT_EQ(targets(*undeclared), (std::vector<std::string>{"relu@cl", "reshape2@cpu",
                                                             "transpose2@cpu", "reshape2@cl",
                                                             "sigmoid@cl"}));
}

TEST_F(ImageOpsOpenCl, LayerNormMatchesTheHostKernel) {
  struct Case {
    std::vector<int64_t> x;
    int axis;
    bool affine;
  };
  const Case cases[] = {{{2, 5, 3, 4}, 1, true},
                        {{2, 5, 3, 4}, 2, true},
                        {{3, 7, 2, 5}, 3, false},
                        {{4, 6, 9}, 2, true},
                        {{3, 17}, 1, true}};
  uint32_t seed = 90;
  for (const Case& c : cases) {
    const DDim dims(c.x);
    SCOPED_TRACE(StrCat(dims, " begin_norm_axis ", c.axis));
    const int64_t inner = dims.count(c.axis, dims.size());
    std::vector<int64_t> declared = c.x;
    declared[0] = -1;
    Builder b(declared);
    Weights weights;
    cpp::OpDesc& ln = b.Op("layer_norm", {{"X", "x"}}, {{"Y", "y"}});
    ln.SetAttr<int32_t>("begin_norm_axis", c.axis);
    ln.SetAttr<float>("epsilon", 1e-5f);
    if (c.affine) {
      for (const char* w : {"scale", "bias"}) {
        b.AddVar(w, cpp::VarKind::kLodTensor, {inner}, true);
        weights[w] = {DDim({inner}), RandomVector(inner, -1.f, 1.f, ++seed)};
      }
      ln.SetInput("Scale", {"scale"});
      ln.SetInput("Bias", {"bias"});
    }
    b.Fetch("y", 0);
    // Rows far from zero: the two-pass statistics keep them exact.
    std::vector<float> x = RandomVector(dims.production(), 2.f, 6.f, ++seed);
    ExpectMatchesHost(b, "layer_norm", dims, x, 1e-4f, weights);
  }
}

TEST_F(ImageOpsOpenCl, MatMulMatchesTheHostKernel) {
  struct Case {
    std::string op;
    std::vector<int64_t> x, w;  // w empty: Y is X itself
    bool trans_x, trans_y;
    float alpha;
  };
  const Case cases[] = {{"matmul_v2", {3, 7}, {7, 5}, false, false, 1.f},
                        {"matmul_v2", {2, 4, 6}, {6, 3}, false, false, 1.f},
                        {"matmul_v2", {2, 3, 4, 5}, {}, false, true, 1.f},
                        {"matmul", {7, 3}, {7, 2}, true, false, 0.5f},
                        {"matmul", {2, 5, 3}, {2, 4, 3}, false, true, 2.f}};
  uint32_t seed = 110;
  for (const Case& c : cases) {
    const DDim dims(c.x);
    SCOPED_TRACE(StrCat(c.op, " ", dims, " x ", DDim(c.w)));
    std::vector<int64_t> declared = c.x;
    declared[0] = -1;
    Builder b(declared);
    Weights weights;
    std::string y = "x";
    if (!c.w.empty()) {
      y = "w";
      b.AddVar(y, cpp::VarKind::kLodTensor, c.w, true);
      weights[y] = {DDim(c.w), RandomVector(DDim(c.w).production(), -1.f, 1.f, ++seed)};
    }
    cpp::OpDesc& mm = b.Op(c.op, {{"X", "x"}, {"Y", y}}, {{"Out", "out"}});
    if (c.op == "matmul") {
      mm.SetAttr<bool>("transpose_X", c.trans_x);
      mm.SetAttr<bool>("transpose_Y", c.trans_y);
      mm.SetAttr<float>("alpha", c.alpha);
    } else {
      mm.SetAttr<bool>("trans_x", c.trans_x);
      mm.SetAttr<bool>("trans_y", c.trans_y);
    }
    b.Fetch("out", 0);
    ExpectMatchesHost(b, c.op, dims, RandomVector(dims.production(), -1.f, 1.f, ++seed), 1e-4f,
                      weights);
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
