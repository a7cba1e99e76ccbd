// conv2d_transpose / depthwise_conv2d_transpose backend kernels (GEMM + col2im) against the
// host kernel (a direct scatter, the reference): strides smaller than, equal to and larger
// than the kernel (overlapping, tiling and gapped windows), paddings cutting taps off,
// dilation, groups, output_padding and output_size (rows no window reaches), batches, bias,
// fused activations, inputs larger than one column block, and threads; windows that tile the
// output (the kernels' direct write) and ones that do not (col2im). A reused kernel sees a
// new input shape.
//
// Tolerance: both sum the same products in different orders (at most C_in / groups * taps
// terms): |kernel - host| <= 1e-5 + 1e-5 * |host|. An index bug is off by O(1).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

constexpr Tolerance kTolerance{1e-5f, 1e-5f};

struct TransposeCase {
  std::vector<int64_t> x;  // N, C_in, H, W
  int out_c_per_group;
  int kernel_h, kernel_w;
  std::vector<int> strides{1, 1}, paddings{0, 0}, dilations{1, 1};
  int groups = 1;
  bool bias = false;
  std::vector<int> output_padding{}, output_size{};
  std::string op = "conv2d_transpose";
};

OpCase MakeCase(const TransposeCase& t, uint32_t seed) {
  OpCase c(t.op);
  const DDim x(t.x);
  const DDim w({t.x[1], t.out_c_per_group, t.kernel_h, t.kernel_w});
  c.Input("Input", "x", x, RandomVector(x.production(), -1.f, 1.f, seed));
  c.Input("Filter", "w", w, RandomVector(w.production(), -1.f, 1.f, seed + 1));
  if (t.bias) {
    const int64_t out_c = static_cast<int64_t>(t.out_c_per_group) * t.groups;
    c.Input("Bias", "b", DDim({out_c}), RandomVector(out_c, -1.f, 1.f, seed + 2));
  }
  c.Output("Output", "out");
  c.Attr<std::vector<int32_t>>("strides", t.strides);
  c.Attr<std::vector<int32_t>>("paddings", t.paddings);
  c.Attr<std::vector<int32_t>>("dilations", t.dilations);
  c.Attr<int32_t>("groups", t.groups);
  if (!t.output_padding.empty()) c.Attr<std::vector<int32_t>>("output_padding", t.output_padding);
  if (!t.output_size.empty()) c.Attr<std::vector<int32_t>>("output_size", t.output_size);
  return c;
}

TEST_P(ConvTransposeVsHost, IsRegisteredWithTheCpuRequirement) {
  ExpectRegistered("conv2d_transpose");
  ExpectRegistered("depthwise_conv2d_transpose");
}

TEST_P(ConvTransposeVsHost, WindowsStridesPaddingsDilations) {
  const std::vector<TransposeCase> cases = {
      {{1, 3, 5, 7}, 4, 3, 3},                                  // stride 1, full overlap
      {{1, 24, 9, 11}, 24, 2, 2, {2, 2}},                       // tiles (DB head upsampling)
      {{2, 5, 6, 4}, 3, 3, 3, {2, 2}, {1, 1}},                  // overlap, pads cut taps
      {{1, 4, 5, 5}, 2, 2, 3, {3, 2}, {0, 1, 2, 0}},            // gaps, 4 paddings
      {{1, 6, 4, 6}, 5, 3, 3, {1, 2}, {2, 2}, {2, 1}},          // dilation
      {{1, 7, 3, 3}, 1, 4, 4, {2, 2}, {1, 1}},                  // one output channel
      {{2, 17, 13, 3}, 9, 1, 1, {1, 1}},                        // 1x1
  };
  uint32_t seed = 1;
  for (size_t i = 0; i < cases.size(); ++i) {
    for (bool bias : {false, true}) {
      TransposeCase t = cases[i];
      t.bias = bias;
      SCOPED_TRACE(StrCat("case ", i, " bias=", bias));
      ExpectMatchesHost(MakeCase(t, seed), kTolerance);
      seed += 3;
    }
  }
}

TEST_P(ConvTransposeVsHost, GroupsAndDepthwise) {
  TransposeCase grouped{{1, 6, 5, 4}, 2, 3, 3, {2, 2}, {1, 1}};
  grouped.groups = 3;
  grouped.bias = true;
  ExpectMatchesHost(MakeCase(grouped, 10), kTolerance);
  TransposeCase depthwise{{2, 8, 6, 6}, 1, 4, 4, {2, 2}, {1, 1}};
  depthwise.groups = 8;
  depthwise.op = "depthwise_conv2d_transpose";
  ExpectMatchesHost(MakeCase(depthwise, 20), kTolerance);
}

TEST_P(ConvTransposeVsHost, OutputPaddingAndOutputSize) {
  TransposeCase padded{{1, 3, 4, 5}, 2, 3, 3, {2, 2}, {1, 1}};
  padded.output_padding = {1, 1};
  padded.bias = true;
  ExpectMatchesHost(MakeCase(padded, 30), kTolerance);
  TransposeCase sized{{1, 3, 4, 5}, 2, 3, 3, {3, 3}};
  sized.output_size = {13, 16};  // the windows reach 12 x 15
  sized.bias = true;
  ExpectMatchesHost(MakeCase(sized, 40), kTolerance);
}

TEST_P(ConvTransposeVsHost, ManyColumnBlocksAndThreads) {
  // 96 GEMM rows x 160 columns per input row: many column blocks (32K floats on ARM, 64K on
  // x86).
  TransposeCase big{{1, 24, 40, 160}, 24, 2, 2, {2, 2}};
  big.bias = true;
  for (int threads : {1, 2, 3}) {
    SCOPED_TRACE(StrCat("threads=", threads));
    ExpectMatchesHost(MakeCase(big, 50), kTolerance, threads);
  }
  TransposeCase overlap{{2, 16, 30, 33}, 8, 3, 3, {1, 1}, {1, 1}};
  ExpectMatchesHost(MakeCase(overlap, 60), kTolerance, 2);
}

TEST_P(ConvTransposeVsHost, FusedActivations) {
  uint32_t seed = 80;
  for (const char* act : {"relu", "relu6", "leaky_relu", "hard_swish", "swish", "sigmoid"}) {
    SCOPED_TRACE(act);
    TransposeCase t{{1, 5, 6, 7}, 3, 3, 3, {2, 2}, {1, 1}};
    t.bias = true;
    OpCase c = MakeCase(t, seed);
    seed += 3;
    c.Attr<std::string>("act_type", act);
    ExpectMatchesHost(c, kTolerance, 2);
  }
}

TEST_P(ConvTransposeVsHost, TilingWindowsWithGroupsBiasAndActivation) {
  // stride = kernel, no padding (the windows tile the output), and with output_padding
  // (rows and columns only the bias reaches).
  uint32_t seed = 100;
  for (int groups : {1, 3}) {
    for (bool padded : {false, true}) {
      SCOPED_TRACE(StrCat("groups=", groups, " output_padding=", padded));
      TransposeCase t{{2, 6, 5, 7}, 2, 2, 3, {2, 3}};
      t.groups = groups;
      t.bias = true;
      if (padded) t.output_padding = {1, 2};
      OpCase c = MakeCase(t, seed);
      seed += 3;
      c.Attr<std::string>("act_type", "relu6");
      ExpectMatchesHost(c, kTolerance, 2);
    }
  }
}

TEST_P(ConvTransposeVsHost, TilingWindowsOfOneOutputChannelAndWideKernels) {
  // DB's last upsampling (24 -> 1, 2x2 stride 2, then sigmoid) over several column blocks
  // and threads, and 3 x 3 stride 3 tiles (the general interleave).
  TransposeCase last{{2, 24, 20, 160}, 1, 2, 2, {2, 2}};
  last.bias = true;
  OpCase c = MakeCase(last, 110);
  c.Attr<std::string>("act_type", "sigmoid");
  for (int threads : {1, 3}) {
    SCOPED_TRACE(StrCat("threads=", threads));
    ExpectMatchesHost(c, kTolerance, threads);
  }
  TransposeCase wide{{1, 5, 4, 6}, 3, 3, 3, {3, 3}};
  wide.bias = true;
  ExpectMatchesHost(MakeCase(wide, 120), kTolerance, 2);
  ExpectMatchesHost(MakeCase({{1, 5, 4, 6}, 3, 3, 3, {3, 3}}, 130), kTolerance);
}

TEST_P(ConvTransposeVsHost, NewInputShapeOnAReusedKernel) {
  const OpCase c = MakeCase({{1, 4, 5, 6}, 3, 2, 2, {2, 2}}, 70);
  KernelRun host(c, kHostPlace), kernel(c, place());
  host.Run();
  kernel.Run();
  ExpectSameOutputs(&host, &kernel, {"out"}, kTolerance);
  const DDim bigger({2, 4, 9, 7});
  const auto values = RandomVector(bigger.production(), -1.f, 1.f, 71);
  host.Fill("x", bigger, values);
  kernel.Fill("x", bigger, values);
  host.Run();
  kernel.Run();
  EXPECT_EQ(kernel.Var("out").dims(), DDim({2, 3, 18, 14}));
  ExpectSameOutputs(&host, &kernel, {"out"}, kTolerance);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
