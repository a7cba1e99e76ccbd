// nearest_interp / nearest_interp_v2 ARM fp16 kernel against the host fp32 kernel on the same
// fp16-rounded input: exact (both gather). Upsampling by 2 (the text detector's neck) and by
// odd sizes, downsampling, align_corners, a size equal to the input's (a copy), an output
// size from the scale attribute, and many planes over 2 threads.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/arm/arm_fp16_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct InterpCase {
  std::string op;
  DDim in;
  int out_h, out_w;  // -1: from scale
  float scale;
  bool align_corners;
};

OpCase MakeInterp(const InterpCase& p, uint32_t seed) {
  OpCase c(p.op);
  c.Input("X", "x", p.in, RandomVector(p.in.production(), -3.f, 3.f, seed));
  c.Output("Out", "out");
  c.Attr<int32_t>("out_h", p.out_h);
  c.Attr<int32_t>("out_w", p.out_w);
  c.Attr<std::string>("interp_method", "nearest");
  c.Attr<bool>("align_corners", p.align_corners);
  c.Attr<int32_t>("align_mode", 1);
  c.Attr<std::string>("data_layout", "NCHW");
  if (p.op == "nearest_interp_v2") {
    c.Attr<std::vector<float>>("scale", {p.scale, p.scale});
  } else {
    c.Attr<float>("scale", p.scale);
  }
  return c;
}

TEST(InterpolateFp16Arm, IsRegistered) {
  EXPECT_NE(FindKernel("nearest_interp", kArmFp16Place), nullptr);
  EXPECT_NE(FindKernel("nearest_interp_v2", kArmFp16Place), nullptr);
}

TEST(InterpolateFp16Arm, NearestMatchesHost) {
  const std::vector<InterpCase> cases = {
      {"nearest_interp_v2", DDim({1, 3, 10, 15}), -1, -1, 2.f, false},
      {"nearest_interp_v2", DDim({2, 2, 7, 9}), 13, 20, 0.f, false},
      {"nearest_interp_v2", DDim({1, 2, 7, 9}), 13, 20, 0.f, true},
      {"nearest_interp_v2", DDim({1, 2, 16, 12}), 5, 7, 0.f, false},
      {"nearest_interp_v2", DDim({1, 2, 6, 5}), 6, 5, 0.f, false},
      {"nearest_interp", DDim({1, 4, 5, 6}), 10, 12, 0.f, false},
      {"nearest_interp", DDim({1, 4, 5, 6}), 11, 13, 0.f, true},
  };
  uint32_t seed = 1;
  for (const InterpCase& p : cases) {
    SCOPED_TRACE(StrCat(p.op, " ", p.in, " -> ", p.out_h, "x", p.out_w, " scale ", p.scale,
                        p.align_corners ? " align_corners" : ""));
    ExpectFp16KernelMatchesHost(MakeInterp(p, seed++), {"x"}, 0.f);
  }
}

TEST(InterpolateFp16Arm, ManyPlanesOverTwoThreads) {
  ExpectFp16KernelMatchesHost(
      MakeInterp({"nearest_interp_v2", DDim({1, 96, 20, 30}), -1, -1, 2.f, false}, 7), {"x"}, 0.f,
      2);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
