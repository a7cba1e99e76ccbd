// The x86 elementwise kernels on tensors big enough to be cut into pieces (rows longer than
// a piece, piece edges inside rows) and split over a 2-thread pool (small ones are not), with every fused
// activation: against the host kernel (the reference), same formulas, so within 1e-6.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "lite/kernels/x86/copy_threads.h"
#include "lite/tests/kernels/activation_reference.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct Case {
  std::string op;
  std::vector<int64_t> x, y;
  int axis;
  std::string act;
};

OpCase EwCase(const Case& c) {
  const DDim xd(c.x), yd(c.y);
  auto yv = RandomVector(yd.production(), 0.5f, 2.f, 2);
  for (size_t i = 0; i < yv.size(); i += 3) yv[i] = -yv[i];
  OpCase ew(c.op);
  ew.Input("X", "x", xd, RandomVector(xd.production(), -4.f, 4.f, 1));
  ew.Input("Y", "y", yd, std::move(yv));
  ew.Output("Out", "out");
  ew.Attr<int32_t>("axis", c.axis);
  if (!c.act.empty()) {
    ew.Attr<std::string>("act_type", c.act);
    if (c.act == "relu6") ew.Attr<float>("act_threshold", 1.5f);
    if (c.act == "leaky_relu") ew.Attr<float>("act_alpha", 0.15f);
    if (c.act == "hard_swish") {
      ew.Attr<float>("act_threshold", 5.f);
      ew.Attr<float>("act_scale", 4.f);
      ew.Attr<float>("act_offset", 2.5f);
    }
    if (c.act == "swish") ew.Attr<float>("act_beta", 2.f);
    if (c.act == "gelu") ew.Attr<bool>("act_approximate", true);
    if (c.act == "hard_sigmoid") {
      ew.Attr<float>("act_slope", 0.3f);
      ew.Attr<float>("act_offset", 0.45f);
    }
  }
  return ew;
}

using ElementwiseX86Threads = X86KernelTest;

TEST_F(ElementwiseX86Threads, BigTensorsWithEveryActivationMatchHost) {
  ThreadPool pool(2);
  const std::vector<std::vector<std::vector<int64_t>>> shapes = {
      {{1, 64, 112, 113}, {1, 64, 112, 113}},  // one flat row of many pieces, odd tail
      {{4, 24, 83, 161}, {24}},                // per channel: rows longer than a piece
      {{1, 3, 5, 9000}, {9000}},           // Y repeats along long rows
      {{3, 257, 7, 7}, {3, 257, 1, 1}},    // many short rows
  };
  const std::vector<int> axes = {-1, 1, -1, -1};
  // The first two are big enough to be split over the pool (copy_threads.h).
  KernelContext ctx;
  ctx.pool = &pool;
  for (size_t s = 0; s < 2; ++s) {
    EXPECT_EQ(kernels::x86::CopyThreads(ctx, 3 * 4 * DDim(shapes[s][0]).production(), 1 << 20), 2);
  }
  for (const char* op : {"elementwise_add", "elementwise_sub", "elementwise_mul",
                         "elementwise_div"}) {
    std::vector<std::string> acts = FusableActivationTypes();
    acts.insert(acts.begin(), "");
    for (const std::string& act : acts) {
      for (size_t s = 0; s < shapes.size(); ++s) {
        const Case c{op, shapes[s][0], shapes[s][1], axes[s], act};
        SCOPED_TRACE(StrCat(op, " x", c.x, " y", c.y, " act=", act));
        const OpCase ew = EwCase(c);
        ExpectX86MatchesHost(ew, {1e-6f, 1e-6f}, 1);
        ExpectX86MatchesHost(ew, {1e-6f, 1e-6f}, 2);
      }
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
