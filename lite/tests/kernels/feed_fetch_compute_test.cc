#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {

TEST(FeedFetch, FeedViewsInputAndFetchCopiesOut) {
  Scope scope;
  auto* feed_list = scope.Var("feed")->GetMutable<TensorList>();
  feed_list->resize(2);
  (*feed_list)[1].Resize({2, 3});
  float* in = (*feed_list)[1].mutable_data<float>();
  for (int i = 0; i < 6; ++i) in[i] = static_cast<float>(i) * 0.5f;

  cpp::OpDesc feed("feed");
  feed.SetInput("X", {"feed"});
  feed.SetOutput("Out", {"x"});
  feed.SetAttr<int32_t>("col", 1);
  scope.Var("x")->GetMutable<Tensor>();
  auto feed_op = OpRegistry::Global().Create("feed");
  feed_op->Attach(feed, &scope);
  auto feed_kernel = KernelRegistry::Create(*FindKernel("feed", Place(TargetType::kHost)));
  feed_op->AttachKernel(feed_kernel.get());
  feed_op->InferShape();
  feed_kernel->Launch();
  const Tensor* x = scope.FindTensor("x");
  EXPECT_EQ(x->dims(), DDim({2, 3}));
  EXPECT_EQ(x->data<float>(), in);  // a view, not a copy

  cpp::OpDesc fetch("fetch");
  fetch.SetInput("X", {"x"});
  fetch.SetOutput("Out", {"fetch"});
  fetch.SetAttr<int32_t>("col", 0);
  auto fetch_op = OpRegistry::Global().Create("fetch");
  fetch_op->Attach(fetch, &scope);
  auto fetch_kernel = KernelRegistry::Create(*FindKernel("fetch", Place(TargetType::kHost)));
  fetch_op->AttachKernel(fetch_kernel.get());
  fetch_op->InferShape();
  fetch_kernel->Launch();
  const auto& out = scope.FindVar("fetch")->Get<TensorList>();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NE(out[0].data<float>(), in);  // a copy
  ExpectAllNear(ToVector(out[0]), {0.f, 0.5f, 1.f, 1.5f, 2.f, 2.5f}, 0.f);
}

TEST(FeedFetch, MissingInputIsAClearError) {
  Scope scope;
  scope.Var("feed")->GetMutable<TensorList>();
  scope.Var("x")->GetMutable<Tensor>();
  cpp::OpDesc feed("feed");
  feed.SetInput("X", {"feed"});
  feed.SetOutput("Out", {"x"});
  feed.SetAttr<int32_t>("col", 0);
  auto op = OpRegistry::Global().Create("feed");
  op->Attach(feed, &scope);
  try {
    op->InferShape();
    FAIL() << "expected an error";
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find("input 0 was not set"), std::string::npos) << e.what();
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
