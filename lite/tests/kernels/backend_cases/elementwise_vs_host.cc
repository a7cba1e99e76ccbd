// elementwise_add/sub/mul/div backend kernels (and max/min where the backend has them)
// against the host kernel (the reference): same shapes, a broadcast along every axis (Y
// one dim at `axis`, numpy-style size-1 dims in each position, trailing and leading
// broadcasts, both operands broadcast), X the smaller operand, [C, 1] with dropped
// trailing 1s, scalars, 1x1 spatial, odd sizes and batch > 1; every fused activation with
// non-default attributes; tensors big enough to split over 2 threads; NaN and infinities.
// 1 and 2 threads, two runs each.
//
// Tolerance: the op is one IEEE float operation as on host, so without an activation (or
// with relu / relu6 / leaky_relu / abs) the outputs are equal; the other activations are
// the vector form against the host's std::exp / tanh / erf: 1e-6 * (1 + |host|). A
// broadcasting bug is off by O(0.1) or more.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/activation_reference.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// add/sub/mul/div on every backend, max/min where the backend registers them (the ARM
// test checks it does).
std::vector<std::string> OpsAt(const Place& place) {
  std::vector<std::string> ops = {"elementwise_add", "elementwise_sub", "elementwise_mul",
                                  "elementwise_div"};
  for (const char* op : {"elementwise_max", "elementwise_min"}) {
    if (FindKernel(op, place)) ops.push_back(op);
  }
  return ops;
}

struct EwCase {
  std::string op;
  std::vector<int64_t> x, y;
  int axis{-1};
  std::string act;  // empty: none
};

// The activation's attributes away from Paddle's defaults.
void SetFusedActivation(const std::string& act, OpCase* c) {
  c->Attr<std::string>("act_type", act);
  if (act == "relu6") c->Attr<float>("act_threshold", 1.5f);
  if (act == "leaky_relu") c->Attr<float>("act_alpha", 0.15f);
  if (act == "hard_swish") {
    c->Attr<float>("act_threshold", 5.f);
    c->Attr<float>("act_scale", 4.f);
    c->Attr<float>("act_offset", 2.5f);
  }
  if (act == "hard_sigmoid") {
    c->Attr<float>("act_slope", 0.3f);
    c->Attr<float>("act_offset", 0.45f);
  }
  if (act == "swish") c->Attr<float>("act_beta", 0.5f);
  if (act == "gelu") c->Attr<bool>("act_approximate", true);
}

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
  if (!p.act.empty()) SetFusedActivation(p.act, &c);
  return c;
}

Tolerance ToleranceOf(const std::string& act) {
  const bool exact =
      act.empty() || act == "relu" || act == "relu6" || act == "leaky_relu" || act == "abs";
  return exact ? Tolerance{} : Tolerance{1e-6f, 1e-6f};
}

void CompareWithHost(const Place& place, const EwCase& p, uint32_t seed,
                     const std::vector<int>& threads = {1, 2}) {
  const OpCase c = MakeEw(p, seed);
  for (int t : threads) {
    SCOPED_TRACE(StrCat(p.op, " x", p.x, " y", p.y, " axis=", p.axis, " act=", p.act,
                        " threads=", t));
    ExpectKernelMatchesHost(c, place, ToleranceOf(p.act), t);
  }
}

struct Shapes {
  std::vector<int64_t> x, y;
  int axis;
};

// Every way Y can broadcast against X = [2, 3, 5, 7]: one dim at each axis, each dim alone
// or all but one set to 1 (numpy style), and the hand-picked cases of the file's top.
std::vector<Shapes> BroadcastShapes() {
  const std::vector<int64_t> x = {2, 3, 5, 7};
  std::vector<Shapes> shapes = {
      {x, x, -1},                        // same shape
      {{1, 17, 1, 1}, {1, 17, 1, 1}, -1},
      {{2, 5, 4, 3}, {5}, 1},            // per channel
      {{3, 16, 7, 9}, {16}, 1},          // per channel, batch 3
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
      {{5, 9}, {9, 5, 9}, -1},
      {{2, 3, 5}, {2, 3, 5}, 0},
      {{4, 3, 37}, {4, 3, 37}, -1},      // odd rows: a vector tail each
  };
  for (int axis = 0; axis < 4; ++axis) {
    shapes.push_back({x, {x[axis]}, axis});
    std::vector<int64_t> one_dim(4, 1), one_dim_out = x;
    one_dim[axis] = x[axis];
    one_dim_out[axis] = 1;
    shapes.push_back({x, one_dim, -1});
    shapes.push_back({x, one_dim_out, -1});
  }
  return shapes;
}

TEST_P(ElementwiseVsHost, IsRegisteredWithTheCpuRequirement) {
  for (const std::string& op : OpsAt(place())) ExpectRegistered(op);
}

TEST_P(ElementwiseVsHost, BroadcastShapes) {
  uint32_t seed = 1;
  for (const std::string& op : OpsAt(place())) {
    for (const Shapes& s : BroadcastShapes()) {
      CompareWithHost(place(), {op, s.x, s.y, s.axis, ""}, seed++);
    }
  }
}

TEST_P(ElementwiseVsHost, EveryFusedActivation) {
  uint32_t seed = 500;
  for (const std::string& op : OpsAt(place())) {
    for (const std::string& act : FusableActivationTypes()) {
      CompareWithHost(place(), {op, {2, 6, 5, 3}, {2, 6, 5, 3}, -1, act}, seed++);
      CompareWithHost(place(), {op, {2, 6, 5, 3}, {6}, 1, act}, seed++);
      CompareWithHost(place(), {op, {2, 6, 5, 3}, {2, 1, 5, 1}, -1, act}, seed++);
    }
  }
}

TEST_P(ElementwiseVsHost, BigTensorsSplitOverThreads) {
  // Pieces of one flat row with an odd tail, per-channel rows longer than a piece, Y
  // repeating along long rows, many short rows; with the cheapest and a dear activation.
  const std::vector<Shapes> shapes = {{{1, 64, 112, 113}, {1, 64, 112, 113}, -1},
                                      {{2, 24, 83, 161}, {24}, 1},
                                      {{1, 3, 5, 9000}, {9000}, -1},
                                      {{3, 257, 7, 7}, {3, 257, 1, 1}, -1}};
  uint32_t seed = 900;
  for (const std::string op : {"elementwise_add", "elementwise_div"}) {
    for (const std::string act : {"", "relu", "sigmoid"}) {
      for (const Shapes& s : shapes) {
        CompareWithHost(place(), {op, s.x, s.y, s.axis, act}, seed++, {2});
      }
    }
  }
}

TEST_P(ElementwiseVsHost, NonFiniteValuesBehaveAsHost) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> x = {nan, 1.f, inf, -inf, 0.f, inf, 2.f, -0.f, nan};
  const std::vector<float> y = {1.f, nan, inf, inf, 0.f, 3.f, -inf, 0.f, nan};
  for (const std::string& op : OpsAt(place())) {
    for (const std::string act : {"", "relu", "tanh"}) {
      OpCase c(op);
      c.Input("X", "x", DDim({9}), x);
      c.Input("Y", "y", DDim({9}), y);
      c.Output("Out", "out");
      if (!act.empty()) c.Attr<std::string>("act_type", act);
      SCOPED_TRACE(StrCat(op, " act=", act));
      ExpectKernelMatchesHostNonFinite(c, place(), ToleranceOf(act));
    }
  }
}

TEST_P(ElementwiseVsHost, IncompatibleShapesAreAnError) {
  OpCase c("elementwise_add");
  c.Input("X", "x", DDim({2, 3}), RandomVector(6, -1.f, 1.f, 1));
  c.Input("Y", "y", DDim({4}), RandomVector(4, -1.f, 1.f, 2));
  c.Output("Out", "out");
  KernelRun kernel(c, place());
  ExpectErrorContaining([&] { kernel.Run(); }, "elementwise_add");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
