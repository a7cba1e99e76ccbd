// The x86 elementwise kernels on tensors big enough to be cut into pieces (rows longer than
// a piece, piece edges inside rows) and split over a 2-thread pool (small ones are not), with every fused
// activation: against the host kernel (the reference), same formulas, so within 1e-6.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/kernels/x86/copy_threads.h"
#include "lite/tests/kernels/x86/pooled_op_run.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const Place kHostPlace(TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW);
const Place kX86Place(TargetType::kX86, PrecisionType::kFloat, DataLayoutType::kNCHW);

struct Case {
  std::string op;
  std::vector<int64_t> x, y;
  int axis;
  std::string act;
};

std::vector<float> RunEw(const Case& c, const Place& place, ThreadPool* pool) {
  Scope scope;
  const DDim xd(c.x), yd(c.y);
  const auto xv = RandomVector(xd.production(), -4.f, 4.f, 1);
  auto yv = RandomVector(yd.production(), 0.5f, 2.f, 2);
  for (size_t i = 0; i < yv.size(); i += 3) yv[i] = -yv[i];
  Tensor* x = scope.Var("x")->GetMutable<Tensor>();
  x->Resize(xd);
  std::copy(xv.begin(), xv.end(), x->mutable_data<float>());
  Tensor* y = scope.Var("y")->GetMutable<Tensor>();
  y->Resize(yd);
  std::copy(yv.begin(), yv.end(), y->mutable_data<float>());
  scope.Var("out")->GetMutable<Tensor>();
  cpp::OpDesc desc(c.op);
  desc.SetInput("X", {"x"});
  desc.SetInput("Y", {"y"});
  desc.SetOutput("Out", {"out"});
  desc.SetAttr<int32_t>("axis", c.axis);
  if (!c.act.empty()) {
    desc.SetAttr<std::string>("act_type", c.act);
    if (c.act == "relu6") desc.SetAttr<float>("act_threshold", 1.5f);
    if (c.act == "leaky_relu") desc.SetAttr<float>("act_alpha", 0.15f);
    if (c.act == "hard_swish") {
      desc.SetAttr<float>("act_threshold", 5.f);
      desc.SetAttr<float>("act_scale", 4.f);
      desc.SetAttr<float>("act_offset", 2.5f);
    }
    if (c.act == "hard_sigmoid") {
      desc.SetAttr<float>("act_slope", 0.3f);
      desc.SetAttr<float>("act_offset", 0.45f);
    }
  }
  RunOpWithPool(desc, &scope, place, pool);
  return ToVector(*scope.FindVar("out")->GetMutable<Tensor>());
}

TEST(ElementwiseX86Threads, BigTensorsWithEveryActivationMatchHost) {
  if (!lite::x86::CpuHasAvx2Fma()) GTEST_SKIP() << "CPU lacks AVX2+FMA";
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
    for (const std::string act :
         {"", "relu", "relu6", "leaky_relu", "hard_swish", "hard_sigmoid", "sigmoid"}) {
      for (size_t s = 0; s < shapes.size(); ++s) {
        const Case c{op, shapes[s][0], shapes[s][1], axes[s], act};
        SCOPED_TRACE(StrCat(op, " x", c.x, " y", c.y, " act=", act));
        const auto expected = RunEw(c, kHostPlace, nullptr);
        ExpectAllNear(RunEw(c, kX86Place, nullptr), expected, 1e-6f, 1e-6f);
        ExpectAllNear(RunEw(c, kX86Place, &pool), expected, 1e-6f, 1e-6f);
      }
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
