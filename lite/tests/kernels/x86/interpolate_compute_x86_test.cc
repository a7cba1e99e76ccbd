// nearest_interp(_v2) / bilinear_interp(_v2) x86 kernels against the host kernels (the
// reference): up- and down-sampling by integer and fractional factors, each align_corners /
// align_mode combination, the size from out_h/out_w, scale (one or two values), the Scale,
// OutSize and SizeTensor inputs, 1x1 inputs and outputs, unchanged size, threads; and the errors.
//
// Tolerance: nearest copies elements (exact). Bilinear blends along x then y instead of the
// host's four-term sum: rounding of a few operations on |x| <= 2: 1e-5 absolute.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const char* const kOps[] = {"nearest_interp", "nearest_interp_v2", "bilinear_interp",
                            "bilinear_interp_v2"};

struct InterpCase {
  std::string op;
  std::vector<int64_t> x{1, 1, 1, 1};
  int out_h{-1}, out_w{-1};
  std::vector<float> scale;        // attribute; empty: absent
  std::vector<int32_t> out_size;   // OutSize tensor; empty: absent
  std::vector<float> scale_input;  // Scale tensor; empty: absent
  std::vector<int32_t> size_tensor;  // SizeTensor list {h, w} as two 1-element tensors
  bool align_corners{false};
  int align_mode{1};
};

std::string Describe(const InterpCase& p) {
  return StrCat(p.op, " x", p.x, " out=", p.out_h, "x", p.out_w, " scale=", p.scale,
                " OutSize=", p.out_size, " Scale=", p.scale_input, " SizeTensor=", p.size_tensor,
                " align_corners=", p.align_corners, " align_mode=", p.align_mode);
}

OpCase MakeInterp(const InterpCase& p, uint32_t seed) {
  const DDim d(p.x);
  OpCase c(p.op);
  c.Input("X", "x", d, RandomVector(d.production(), -2.f, 2.f, seed));
  if (!p.out_size.empty()) c.IntInput("OutSize", "out_size", DDim({2}), p.out_size);
  if (!p.size_tensor.empty()) {
    c.IntInput("SizeTensor", "size_h", DDim({1}), {p.size_tensor[0]});
    c.IntInput("SizeTensor", "size_w", DDim({1}), {p.size_tensor[1]});
  }
  if (!p.scale_input.empty()) {
    c.Input("Scale", "scale", DDim({static_cast<int64_t>(p.scale_input.size())}), p.scale_input);
  }
  c.Output("Out", "out");
  c.Attr<int32_t>("out_h", p.out_h);
  c.Attr<int32_t>("out_w", p.out_w);
  if (p.scale.size() == 1 && p.op.find("_v2") == std::string::npos) {
    c.Attr<float>("scale", p.scale[0]);
  } else if (!p.scale.empty()) {
    c.Attr<std::vector<float>>("scale", p.scale);
  }
  c.Attr<bool>("align_corners", p.align_corners);
  c.Attr<int32_t>("align_mode", p.align_mode);
  return c;
}

void CompareWithHost(const InterpCase& p, uint32_t seed, int threads = 1) {
  SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads));
  const bool nearest = p.op.rfind("nearest", 0) == 0;
  ExpectX86MatchesHost(MakeInterp(p, seed), nearest ? Tolerance{0.f, 0.f} : Tolerance{1e-5f, 0.f},
                       threads);
}

using InterpX86 = X86KernelTest;

TEST_F(InterpX86, AreRegisteredWithTheCpuRequirement) {
  for (const char* op : kOps) ExpectX86KernelRequiresAvx2Fma(op);
}

TEST_F(InterpX86, OutSizesUpAndDownEveryAlignment) {
  uint32_t seed = 1;
  const std::vector<std::vector<int64_t>> inputs = {{1, 3, 5, 7}, {2, 2, 8, 8}, {1, 1, 1, 1},
                                                    {1, 2, 1, 9}, {1, 4, 13, 3}};
  const std::vector<std::pair<int, int>> outs = {{10, 14}, {16, 16}, {3, 4}, {1, 1},
                                                 {7, 20}, {2, 1},   {25, 9}};
  for (const char* op : kOps) {
    for (const auto& x : inputs) {
      for (const auto& o : outs) {
        for (int align = 0; align < 3; ++align) {  // corners; mode 0; mode 1
          InterpCase p;
          p.op = op;
          p.x = x;
          p.out_h = o.first;
          p.out_w = o.second;
          p.align_corners = align == 0;
          p.align_mode = align == 1 ? 0 : 1;
          CompareWithHost(p, seed++);
        }
      }
    }
  }
}

TEST_F(InterpX86, ScaleAttributeAndTensors) {
  uint32_t seed = 1000;
  for (const char* op : kOps) {
    const bool v2 = std::string(op).find("_v2") != std::string::npos;
    for (int align = 0; align < 3; ++align) {
      InterpCase p;
      p.op = op;
      p.x = {2, 3, 6, 5};
      p.align_corners = align == 0;
      p.align_mode = align == 1 ? 0 : 1;
      for (float s : {2.f, 0.5f, 1.5f, 3.f, 0.7f}) {
        p.scale = {s};
        CompareWithHost(p, seed++);
      }
      if (v2) {
        p.scale = {2.f, 0.5f};  // separate h and w scales
        CompareWithHost(p, seed++);
        p.scale = {1.7f, 2.3f};
        CompareWithHost(p, seed++);
      }
      p.scale = {2.f};
      p.out_size = {7, 9};  // OutSize overrides the size (v2 keeps stepping by 1/scale)
      CompareWithHost(p, seed++);
      p.scale.clear();
      p.out_size.clear();
      p.scale_input = {2.5f};
      CompareWithHost(p, seed++);
      p.scale_input = {0.5f, 3.f};
      CompareWithHost(p, seed++);
      p.size_tensor = {11, 4};  // SizeTensor wins over the Scale tensor
      CompareWithHost(p, seed++);
      p.scale_input.clear();
    }
  }
}

TEST_F(InterpX86, UnchangedSizeAndLargeTensorsOverThreads) {
  uint32_t seed = 2000;
  for (const char* op : kOps) {
    InterpCase p;
    p.op = op;
    p.x = {1, 3, 6, 5};
    p.out_h = 6;
    p.out_w = 5;
    CompareWithHost(p, seed++);  // a copy
    p.x = {1, 128, 19, 19};  // a detector's 2x upsampling neck
    p.out_h = 38;
    p.out_w = 38;
    CompareWithHost(p, seed++, 2);
    p.x = {2, 16, 80, 80};
    p.out_h = 40;
    p.out_w = 40;
    CompareWithHost(p, seed++, 2);
    p.x = {1, 64, 40, 40};  // large enough that nearest splits too
    p.out_h = 80;
    p.out_w = 80;
    CompareWithHost(p, seed++, 2);
  }
}

TEST_F(InterpX86, BadInputsAreErrors) {
  InterpCase p;
  p.op = "bilinear_interp_v2";
  p.x = {1, 2, 4, 4};
  KernelRun no_size(MakeInterp(p, 1), kX86Place);  // no size, no scale
  ExpectErrorContaining([&] { no_size.Run(); }, "output size");
  p.out_size = {3, 0};
  KernelRun zero(MakeInterp(p, 1), kX86Place);
  ExpectErrorContaining([&] { zero.Run(); }, "output size 3x0");
  p.out_size.clear();
  p.x = {2, 4, 4};
  p.out_h = p.out_w = 8;
  KernelRun rank3(MakeInterp(p, 1), kX86Place);
  ExpectErrorContaining([&] { rank3.Run(); }, "4-D");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
