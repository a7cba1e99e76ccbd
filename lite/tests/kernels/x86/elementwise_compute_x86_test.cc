// elementwise_add/sub/mul/div x86 kernels against the host kernels (the reference):
// same shapes, per-channel [C] at axis 1, trailing and leading broadcasts, Y larger than X
// along some dims (both operands broadcast), [C, 1] with dropped trailing 1s, scalars,
// 1x1 spatial, odd sizes, every fused activation.
//
// Tolerance: one float operation per element in the same order as the host kernel, then
// the same activation formula: |x86 - host| <= 1e-6 * (1 + |host|) (exp in sigmoid may be
// vectorized differently). A broadcasting bug is off by O(0.1) or more.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/activation_reference.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const char* const kOps[] = {"elementwise_add", "elementwise_sub", "elementwise_mul",
                            "elementwise_div"};

struct EwCase {
  std::string op;
  std::vector<int64_t> x, y;
  int axis{-1};
  std::string act;  // empty: none
};

OpCase MakeEw(const EwCase& p, uint32_t seed) {
  OpCase c(p.op);
  const DDim xd(p.x), yd(p.y);
  c.Input("X", "x", xd, RandomVector(xd.production(), -2.f, 2.f, seed));
  // Y away from 0 so that div stays well conditioned.
  std::vector<float> y = RandomVector(yd.production(), 0.5f, 2.f, seed + 1);
  for (size_t i = 0; i < y.size(); i += 2) y[i] = -y[i];
  c.Input("Y", "y", yd, y);
  c.Output("Out", "out");
  c.Attr<int32_t>("axis", p.axis);
  if (!p.act.empty()) {
    c.Attr<std::string>("act_type", p.act);
    if (p.act == "relu6") c.Attr<float>("act_threshold", 1.5f);
    if (p.act == "leaky_relu") c.Attr<float>("act_alpha", 0.1f);
    if (p.act == "swish") c.Attr<float>("act_beta", 0.5f);
  }
  return c;
}

void CompareWithHost(const EwCase& p, uint32_t seed) {
  SCOPED_TRACE(StrCat(p.op, " x", p.x, " y", p.y, " axis=", p.axis, " act=", p.act));
  ExpectX86MatchesHost(MakeEw(p, seed), {1e-6f, 1e-6f});
}

using ElementwiseX86 = X86KernelTest;

TEST_F(ElementwiseX86, AreRegisteredWithTheCpuRequirement) {
  for (const char* op : kOps) ExpectX86KernelRequiresAvx2Fma(op);
}

TEST_F(ElementwiseX86, BroadcastShapes) {
  struct Shape {
    std::vector<int64_t> x, y;
    int axis;
  };
  const std::vector<Shape> shapes = {
      {{2, 3, 5, 7}, {2, 3, 5, 7}, -1},  // same shape
      {{1, 17, 1, 1}, {1, 17, 1, 1}, -1},
      {{2, 5, 4, 3}, {5}, 1},            // per channel
      {{3, 16, 7, 9}, {16}, 1},
      {{2, 5, 1, 1}, {5}, 1},            // 1x1 spatial
      {{2, 5, 4, 3}, {3}, -1},           // trailing
      {{2, 5, 4, 3}, {4, 3}, -1},
      {{2, 5, 4, 3}, {2}, 0},            // leading
      {{2, 5, 4, 3}, {5, 4}, 1},         // middle
      {{2, 5, 4, 3}, {2, 5, 1, 1}, -1},  // numpy-style size-1 dims
      {{2, 5, 4, 3}, {1, 5, 1, 3}, -1},
      {{2, 1, 4, 1}, {1, 5, 1, 3}, -1},  // both broadcast
      {{2, 5, 4, 3}, {5, 1}, 1},         // trailing 1 dropped
      {{2, 5, 4, 3}, {1}, -1},           // scalar
      {{1}, {1}, -1},
      {{7}, {2, 7}, -1},                 // X the smaller operand
      {{3, 1}, {3, 4}, -1},
      {{2, 3, 5}, {2, 3, 5}, 0},
  };
  uint32_t seed = 1;
  for (const char* op : kOps) {
    for (const Shape& s : shapes) {
      EwCase p;
      p.op = op;
      p.x = s.x;
      p.y = s.y;
      p.axis = s.axis;
      CompareWithHost(p, seed++);
    }
  }
}

TEST_F(ElementwiseX86, EveryFusedActivation) {
  uint32_t seed = 500;
  for (const char* op : kOps) {
    for (const std::string& act : FusableActivationTypes()) {
      EwCase p;
      p.op = op;
      p.act = act;
      p.x = {2, 6, 5, 3};
      p.y = {2, 6, 5, 3};
      CompareWithHost(p, seed++);
      p.y = {6};
      p.axis = 1;
      CompareWithHost(p, seed++);
    }
  }
}

TEST_F(ElementwiseX86, IncompatibleShapesAreAnError) {
  OpCase c("elementwise_add");
  c.Input("X", "x", DDim({2, 3}), RandomVector(6, -1.f, 1.f, 1));
  c.Input("Y", "y", DDim({4}), RandomVector(4, -1.f, 1.f, 2));
  c.Output("Out", "out");
  KernelRun x86(c, kX86Place);
  ExpectErrorContaining([&] { x86.Run(); }, "elementwise_add");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
