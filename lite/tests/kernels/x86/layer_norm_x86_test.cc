// layer_norm x86 kernel against the host kernel (the reference, which sums in double):
// every begin_norm_axis of 2- to 4-D inputs, rows not a multiple of the vector width,
// Scale and Bias each present or absent, Mean and Variance outputs, rows far from zero,
// and many rows over threads.
//
// Tolerance: the x86 sums run in float lanes; a row of n values of magnitude <= 4 differs
// from the double sums by ~n * 1e-7 relative, so |x86 - host| <= 1e-5 + 1e-5 * |host|.
// A stride or axis bug is off by O(1).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

constexpr Tolerance kTolerance{1e-5f, 1e-5f};

OpCase MakeLayerNorm(const std::vector<int64_t>& dims, int axis, bool scale, bool bias,
                     uint32_t seed, float offset = 0.f) {
  const DDim d(dims);
  const int64_t right = d.count(axis, d.size());
  OpCase c("layer_norm");
  std::vector<float> x = RandomVector(d.production(), -4.f, 4.f, seed);
  for (float& v : x) v += offset;
  c.Input("X", "x", d, x);
  if (scale) c.Input("Scale", "scale", DDim({right}), RandomVector(right, 0.5f, 2.f, seed + 1));
  if (bias) c.Input("Bias", "bias", DDim({right}), RandomVector(right, -1.f, 1.f, seed + 2));
  c.Output("Y", "y").Output("Mean", "mean").Output("Variance", "var");
  c.Attr<int32_t>("begin_norm_axis", axis);
  c.Attr<float>("epsilon", 1e-5f);
  return c;
}

using LayerNormX86 = X86KernelTest;

TEST_F(LayerNormX86, IsRegisteredWithTheCpuRequirement) {
  ExpectX86KernelRequiresAvx2Fma("layer_norm");
}

TEST_F(LayerNormX86, EveryAxisScaleAndBias) {
  uint32_t seed = 1;
  const std::vector<std::vector<int64_t>> shapes = {{3, 7}, {2, 8}, {1, 40, 120}, {2, 3, 17},
                                                    {2, 3, 4, 5}, {1, 1, 1, 9}, {4, 1}};
  for (const auto& dims : shapes) {
    for (int axis = 1; axis < static_cast<int>(dims.size()); ++axis) {
      for (int flags = 0; flags < 4; ++flags) {
        SCOPED_TRACE(StrCat("x", dims, " axis=", axis, " scale=", flags & 1, " bias=", flags >> 1));
        ExpectX86MatchesHost(MakeLayerNorm(dims, axis, flags & 1, flags >> 1, seed++), kTolerance);
      }
    }
  }
}

TEST_F(LayerNormX86, RowsFarFromZero) {
  // Mean 100, spread 4: the float mean is off by ~1e-5, which moves y by as much.
  ExpectX86MatchesHost(MakeLayerNorm({5, 67}, 1, true, true, 50, 100.f), {3e-5f, 1e-5f});
}

TEST_F(LayerNormX86, ManyRowsOverThreads) {
  for (int threads : {2, 3}) {
    SCOPED_TRACE(StrCat("threads=", threads));
    ExpectX86MatchesHost(MakeLayerNorm({8, 80, 120}, 2, true, true, 60), kTolerance, threads);
    ExpectX86MatchesHost(MakeLayerNorm({3, 2, 5}, 1, true, false, 61), kTolerance, threads);
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
