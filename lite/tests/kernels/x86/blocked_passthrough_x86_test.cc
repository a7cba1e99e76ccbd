// The NCHW16c twins of the x86 activation, elementwise and concat kernels against the host
// kernels on the same values in NCHW: every activation, the four elementwise ops with a
// fused activation, concat of inputs along channels in a batch of 2, with channels on and
// off the 16-channel blocks (padded last blocks); errors for NCHW inputs, operands of
// different shapes, a padded input before the last in a concat, and concat on another axis.
//
// Tolerance: activations and elementwise ops are computed element by element as in the NCHW
// kernels' tests (1e-6 absolute + 2e-6 relative, the vector exp included); concat is a copy
// (exact).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "lite/tests/kernels/activation_reference.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

using BlockedPassthroughX86 = X86KernelTest;

const Tolerance kElementwise{1e-6f, 2e-6f};

OpCase Unary(const std::string& op, const DDim& dims, uint32_t seed) {
  OpCase c(op);
  c.Input("X", "x", dims, RandomVector(dims.production(), -8.f, 8.f, seed));
  c.Output("Out", "out");
  return c;
}

OpCase Binary(const std::string& op, const DDim& dims, const std::string& act, uint32_t seed) {
  OpCase c(op);
  c.Input("X", "x", dims, RandomVector(dims.production(), -2.f, 2.f, seed));
  std::vector<float> y = RandomVector(dims.production(), 0.5f, 2.f, seed + 1);
  for (size_t i = 0; i < y.size(); i += 2) y[i] = -y[i];  // away from 0 for div
  c.Input("Y", "y", dims, y);
  c.Output("Out", "out");
  c.Attr<int32_t>("axis", -1);
  if (!act.empty()) c.Attr<std::string>("act_type", act);
  return c;
}

OpCase Concat(const std::vector<int64_t>& channels, int64_t n, int axis, uint32_t seed) {
  OpCase c("concat");
  for (size_t i = 0; i < channels.size(); ++i) {
    const DDim d({n, channels[i], 5, 7});
    c.Input("X", "x" + std::to_string(i), d, RandomVector(d.production(), -1.f, 1.f, seed + i));
  }
  c.Output("Out", "out");
  c.Attr<int32_t>("axis", axis);
  return c;
}

TEST_F(BlockedPassthroughX86, Activations) {
  uint32_t seed = 1;
  for (const std::string& op : FusableActivationTypes()) {
    SCOPED_TRACE(op);
    ExpectBlockedMatchesHost(Unary(op, DDim({2, 32, 9, 11}), seed++), {"x"}, kElementwise);
    ExpectBlockedMatchesHost(Unary(op, DDim({1, 24, 5, 3}), seed++), {"x"}, kElementwise);
    ExpectBlockedMatchesHost(Unary(op, DDim({1, 64, 56, 56}), seed++), {"x"}, kElementwise, 2);
  }
}

TEST_F(BlockedPassthroughX86, ElementwiseSameShape) {
  uint32_t seed = 20;
  for (const std::string op :
       {"elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div"}) {
    for (const std::string act : {"", "relu", "swish", "gelu", "abs"}) {
      SCOPED_TRACE(op + " act=" + act);
      ExpectBlockedMatchesHost(Binary(op, DDim({2, 48, 7, 6}), act, seed), {"x", "y"},
                               kElementwise, 1 + seed % 2);
      ExpectBlockedMatchesHost(Binary(op, DDim({1, 40, 3, 5}), act, seed + 100), {"x", "y"},
                               kElementwise);
      ++seed;
    }
  }
}

// exp alone can take a finite padding lane to inf (and a zero weight times inf is NaN in
// the next convolution): the kernel leaves those lanes zero.
TEST_F(BlockedPassthroughX86, ExpLeavesPaddingLanesZero) {
  const DDim dims({2, 24, 3, 5});
  KernelRun run(Unary("exp", dims, 60), kX86BlockedPlace, 1, "def", {"x"});
  run.Run();
  const float* out = run.Var("out").data<float>();
  int checked = 0;
  for (int64_t n = 0; n < 2; ++n) {
    for (int64_t p = 0; p < 15; ++p) {
      for (int lane = 8; lane < 16; ++lane) {  // block 1 holds channels 16..23
        EXPECT_EQ(out[((n * 2 + 1) * 15 + p) * 16 + lane], 0.f);
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 2 * 15 * 8);
}

TEST_F(BlockedPassthroughX86, ConcatAlongChannels) {
  ExpectBlockedMatchesHost(Concat({16, 32, 48}, 2, 1, 40), {"x0", "x1", "x2"}, {});
  ExpectBlockedMatchesHost(Concat({64, 16}, 1, -3, 41), {"x0", "x1"}, {}, 2);
  ExpectBlockedMatchesHost(Concat({32, 24}, 2, 1, 42), {"x0", "x1"}, {});  // padded last
}

TEST_F(BlockedPassthroughX86, Errors) {
  // A padded input before the last one of a concat: its padding would land in the output.
  KernelRun padded(Concat({24, 16}, 1, 1, 50), kX86BlockedPlace, 1, "def", {"x0", "x1"});
  ExpectErrorContaining([&] { padded.Run(); }, "has channels off the 16-channel blocks");
  // NCHW data given to the blocked kernel.
  KernelRun nchw(Unary("relu", DDim({1, 16, 3, 3}), 51), kX86BlockedPlace, 1, "def");
  ExpectErrorContaining([&] { nchw.Run(); }, "is not in NCHW16c layout");
  // Operands of different shapes (a broadcast the blocked kernel does not do).
  OpCase add = Binary("elementwise_add", DDim({1, 16, 4, 4}), "", 52);
  KernelRun broadcast(add, kX86BlockedPlace, 1, "def", {"x", "y"});
  broadcast.Fill("y", DDim({1, 16, 1, 1}), std::vector<float>(16, 1.f));
  ExpectErrorContaining([&] { broadcast.Run(); }, "blocked operands must have one shape");
  // Concat along another axis.
  KernelRun rows(Concat({16, 16}, 1, 2, 53), kX86BlockedPlace, 1, "def", {"x0", "x1"});
  ExpectErrorContaining([&] { rows.Run(); }, "joins channels (axis 1) only");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
