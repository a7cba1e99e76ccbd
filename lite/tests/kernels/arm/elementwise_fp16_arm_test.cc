// elementwise_add/sub/mul/div/max/min ARM fp16 kernel against the host fp32 kernel
// (arm_fp16_vs_host.h: within 2e-2 of the output's range; one fp16 operation is within
// 2^-11 of it): same shapes, Y per channel, a scalar, trailing dims, X the broadcast
// operand, both broadcast, rows with an 8-lane tail, fused activations (in fp16 registers
// and through fp32), a tensor large enough for 2 threads.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/arm/arm_fp16_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const char* const kOps[] = {"elementwise_add", "elementwise_sub", "elementwise_mul",
                            "elementwise_div", "elementwise_max", "elementwise_min"};

struct EwCase {
  std::vector<int64_t> x, y;
  int axis{-1};
};

OpCase MakeEw(const std::string& op, const EwCase& p, const std::string& act, uint32_t seed) {
  OpCase c(op);
  const DDim xd(p.x), yd(p.y);
  c.Input("X", "x", xd, RandomVector(xd.production(), -2.f, 2.f, seed));
  // Y away from 0 so that div stays well conditioned.
  std::vector<float> y = RandomVector(yd.production(), 0.5f, 2.f, seed + 1);
  for (size_t i = 0; i < y.size(); i += 2) y[i] = -y[i];
  c.Input("Y", "y", yd, y);
  c.Output("Out", "out");
  c.Attr<int32_t>("axis", p.axis);
  if (!act.empty()) c.Attr<std::string>("act_type", act);
  if (act == "relu6") c.Attr<float>("act_threshold", 1.5f);
  return c;
}

void Check(const std::string& op, const EwCase& p, const std::string& act, uint32_t seed,
           int threads = 1) {
  SCOPED_TRACE(op + " x " + DDim(p.x).repr() + " y " + DDim(p.y).repr() + " axis " +
               std::to_string(p.axis) + " act '" + act + "' threads " + std::to_string(threads));
  ExpectFp16KernelMatchesHost(MakeEw(op, p, act, seed), {"x", "y"}, kFp16Rtol, threads);
}

TEST(ElementwiseFp16Arm, EveryOpEveryBroadcast) {
  const std::vector<EwCase> cases = {
      {{2, 3, 5, 7}, {2, 3, 5, 7}},     // same shapes, one row with a tail
      {{2, 3, 5, 7}, {3}, 1},           // per channel
      {{2, 3, 5, 7}, {1}},              // scalar
      {{2, 3, 5, 7}, {5, 7}},           // trailing dims
      {{1, 3, 1, 1}, {2, 3, 4, 9}},     // X broadcast (squeeze-excitation scale)
      {{2, 1, 5, 1}, {1, 3, 1, 7}},     // both broadcast
      {{4, 16}, {4, 16}},               // whole vectors, no tail
  };
  uint32_t seed = 1;
  for (const char* op : kOps) {
    for (const EwCase& p : cases) {
      Check(op, p, "", seed);
      seed += 2;
    }
  }
}

TEST(ElementwiseFp16Arm, FusedActivations) {
  uint32_t seed = 300;
  for (const std::string act : {"relu", "relu6", "hard_swish", "sigmoid", "swish", "tanh"}) {
    Check("elementwise_add", {{2, 3, 5, 7}, {3}, 1}, act, seed);
    Check("elementwise_mul", {{2, 3, 5, 7}, {2, 3, 5, 7}}, act, seed + 1);
    seed += 2;
  }
}

TEST(ElementwiseFp16Arm, TwoThreads) {
  Check("elementwise_add", {{1, 8, 64, 80}, {1, 8, 64, 80}}, "relu", 500, 2);
  Check("elementwise_mul", {{1, 8, 64, 80}, {1, 8, 1, 1}}, "", 502, 2);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
