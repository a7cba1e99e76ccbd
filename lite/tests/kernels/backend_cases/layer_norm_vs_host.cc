// layer_norm backend kernels against the host kernel (the reference, which sums in
// double): every begin_norm_axis of 2- to 4-D inputs, rows not a multiple of the vector
// width, Scale and Bias each present or absent, Mean and Variance outputs present or absent,
// rows far from zero, long rows, many rows over threads; 1, 2 and 3 threads, two runs each.
//
// Tolerance: the backend sums run in float lanes (ARM's over chunks joined in double); a
// row of n values of magnitude <= 4 differs from the double sums by ~n * 1e-7 relative, so
// |kernel - host| <= 1e-5 + 1e-5 * |host|. A stride or axis bug is off by O(1).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

constexpr Tolerance kTolerance{1e-5f, 1e-5f};

struct LayerNormCase {
  std::vector<int64_t> dims;
  int axis;
  bool scale, bias;
  bool statistics{true};  // Mean and Variance outputs
  float offset{0.f};      // added to every X value
};

OpCase MakeLayerNorm(const LayerNormCase& p, uint32_t seed) {
  const DDim d(p.dims);
  const int64_t right = d.count(p.axis, d.size());
  OpCase c("layer_norm");
  std::vector<float> x = RandomVector(d.production(), -4.f, 4.f, seed);
  for (float& v : x) v += p.offset;
  c.Input("X", "x", d, x);
  if (p.scale) c.Input("Scale", "scale", DDim({right}), RandomVector(right, 0.5f, 2.f, seed + 1));
  if (p.bias) c.Input("Bias", "bias", DDim({right}), RandomVector(right, -1.f, 1.f, seed + 2));
  c.Output("Y", "y");
  if (p.statistics) c.Output("Mean", "mean").Output("Variance", "var");
  c.Attr<int32_t>("begin_norm_axis", p.axis);
  c.Attr<float>("epsilon", 1e-5f);
  return c;
}

void CompareWithHost(const Place& place, const LayerNormCase& p, uint32_t seed,
                     Tolerance tol = kTolerance, const std::vector<int>& threads = {1, 2}) {
  const OpCase c = MakeLayerNorm(p, seed);
  for (int t : threads) {
    SCOPED_TRACE(StrCat("x", p.dims, " axis=", p.axis, " scale=", p.scale, " bias=", p.bias,
                        " statistics=", p.statistics, " threads=", t));
    ExpectKernelMatchesHost(c, place, tol, t);
  }
}

TEST_P(LayerNormVsHost, IsRegisteredWithTheCpuRequirement) {
  ExpectRegistered("layer_norm");
}

TEST_P(LayerNormVsHost, EveryAxisScaleAndBias) {
  uint32_t seed = 1;
  const std::vector<std::vector<int64_t>> shapes = {{3, 7}, {2, 8}, {1, 40, 120}, {2, 3, 17},
                                                    {2, 3, 4, 5}, {1, 1, 1, 9}, {4, 1}};
  for (const auto& dims : shapes) {
    for (int axis = 1; axis < static_cast<int>(dims.size()); ++axis) {
      for (int flags = 0; flags < 4; ++flags) {
        CompareWithHost(place(), {dims, axis, (flags & 1) != 0, (flags & 2) != 0}, seed++);
      }
    }
  }
}

TEST_P(LayerNormVsHost, WithoutMeanAndVariance) {
  CompareWithHost(place(), {{3, 5, 7}, 1, true, true, false}, 30);
  CompareWithHost(place(), {{3, 5, 7}, 2, false, false, false}, 31);
}

TEST_P(LayerNormVsHost, RowsFarFromZeroAndLongRows) {
  // Mean 100, spread 4: the float mean is off by ~1e-5, which moves y by as much.
  CompareWithHost(place(), {{5, 67}, 1, true, true, true, 100.f}, 50, {3e-5f, 1e-5f});
  CompareWithHost(place(), {{2, 5000}, 1, true, true}, 51);  // a few chunks of float sums
}

TEST_P(LayerNormVsHost, ManyRowsOverThreads) {
  CompareWithHost(place(), {{8, 80, 120}, 2, true, true}, 60, kTolerance, {2, 3});
  CompareWithHost(place(), {{3, 2, 5}, 1, true, false}, 61, kTolerance, {2, 3});
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
