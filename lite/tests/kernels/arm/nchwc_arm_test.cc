// The ARM NCHW4c kernels (conv_nchwc_compute.cc, depthwise_conv_nchwc_compute.cc,
// pool_nchwc_compute.cc) against the host kernels (the reference), through the shared
// blocked runner (kernel_vs_host.h: inputs and outputs converted by its own index
// arithmetic): channels on and off the 4-channel blocks (padded last blocks) and the
// 4-block filter groups, pixel counts off every tile width, strides, paddings, bias, fused
// activations, batch, 1-3 threads. Tolerances: conv_op_case.h's ConvTolerance; pools 1e-5.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/conv_op_case.h"
#include "lite/tests/kernels/kernel_vs_host.h"
#include "lite/tests/kernels/pool_op_case.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const Place kArmNchw4c(TargetType::kARM, PrecisionType::kFloat, DataLayoutType::kNCHW4c);

void CompareConv(const ConvCase& p, uint32_t seed, int threads = 1) {
  const bool nchw_in = p.op == "conv2d" && p.c < 4;
  SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads));
  const OpCase op = MakeConv(p, MakeConvInputs(p, seed));
  ExpectBlockedKernelMatchesHost(op, kArmNchw4c, nchw_in ? std::vector<std::string>{}
                                                         : std::vector<std::string>{"x"},
                                 ConvTolerance(p), threads, nchw_in ? "nchw_in" : "def");
}

TEST(ConvNchw4cArm, PointwiseChannelsAndPixels) {
  uint32_t seed = 1;
  for (int out_c : {4, 16, 28, 20, 6, 3}) {
    for (int c : {4, 8, 6, 13}) {
      for (int hw : {1, 5, 7}) {
        const int w = hw + static_cast<int>(seed % 3);
        CompareConv(SquareConv(c, out_c, hw, w, 1, 1, {0, 0}), seed++);
      }
    }
  }
}

TEST(ConvNchw4cArm, FiltersStridesPaddingsActivations) {
  uint32_t seed = 100;
  const char* acts[] = {"", "relu", "relu6", "leaky_relu", "hard_swish", "sigmoid"};
  for (int k : {3, 1, 5}) {
    for (int stride : {1, 2}) {
      for (const std::vector<int>& pad : {std::vector<int>{0, 0}, {1, 1}, {0, 1, 2, 0}}) {
        ConvCase p = SquareConv(4 + 3 * (seed % 3), 8 + 5 * (seed % 2), 9 + seed % 4,
                                7 + seed % 5, k, stride, pad);
        p.bias = seed % 2 == 0;
        p.act = acts[seed % 6];
        p.n = 1 + seed % 2;
        CompareConv(p, seed, 1 + seed % 3);
        ++seed;
      }
    }
  }
}

TEST(ConvNchw4cArm, FirstConvolutionReadsNchw) {
  uint32_t seed = 200;
  for (int c : {1, 3}) {
    ConvCase p = SquareConv(c, 16, 17, 15, 3, 2, {1, 1});
    p.bias = true;
    p.act = "relu";
    CompareConv(p, seed++);
    CompareConv(SquareConv(c, 6, 8, 9, 3, 1, {1, 1}), seed++, 2);
  }
}

TEST(ConvNchw4cArm, DepthwiseShapes) {
  uint32_t seed = 300;
  for (int c : {4, 8, 6, 13}) {
    for (int k : {3, 5}) {
      for (int stride : {1, 2}) {
        ConvCase p = SquareConv(c, c, 11 + seed % 4, 9 + seed % 3, k, stride, {k / 2, k / 2});
        p.op = "depthwise_conv2d";
        p.groups = c;
        p.bias = seed % 2 == 1;
        p.act = seed % 3 == 0 ? "relu6" : "";
        CompareConv(p, seed, 1 + seed % 2);
        ++seed;
      }
    }
  }
}

TEST(PoolNchw4cArm, WindowsAndGlobal) {
  uint32_t seed = 400;
  for (int c : {4, 6, 13}) {
    for (const char* type : {"max", "avg"}) {
      PoolCase p = Pool3x3Stride2(type, 1 + seed % 2, c, 13, 11);
      p.ceil_mode = seed % 2 == 0;
      ExpectBlockedKernelMatchesHost(MakePool(p, seed++), kArmNchw4c, {"x"}, {1e-5f, 1e-5f}, 2);
      p.global = true;
      ExpectBlockedKernelMatchesHost(MakePool(p, seed++), kArmNchw4c, {"x"}, {1e-5f, 1e-5f});
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
