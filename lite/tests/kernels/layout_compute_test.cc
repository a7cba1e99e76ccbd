// layout / layout_once: NCHW <-> NHWC on float32 4-D tensors. Dims describe memory order,
// so [N, C, H, W] becomes [N, H, W, C] and back.
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const KernelInfo* FindLayoutKernel(const std::string& op, const std::string& alias) {
  for (const KernelInfo* k : KernelRegistry::Global().Kernels(op)) {
    if (k->alias == alias) return k;
  }
  return nullptr;
}

// Runs `op` with the kernel `alias` on `in` and returns the output tensor (in `scope`).
Tensor* RunLayout(Scope* scope, const std::string& op, const std::string& alias,
                  const std::string& in_name, const std::string& out_name) {
  const KernelInfo* info = FindLayoutKernel(op, alias);
  EXPECT_NE(info, nullptr) << op << "/" << alias;
  if (!info) return nullptr;
  Tensor* out = scope->Var(out_name)->GetMutable<Tensor>();
  cpp::OpDesc desc(op);
  desc.SetInput("Input", {in_name});
  desc.SetOutput("Out", {out_name});
  auto op_ptr = OpRegistry::Global().Create(op);
  op_ptr->Attach(desc, scope);
  auto kernel = KernelRegistry::Create(*info);
  op_ptr->AttachKernel(kernel.get());
  KernelContext ctx;
  kernel->SetContext(&ctx);
  for (int i = 0; i < 2; ++i) {  // the second run goes through the shape cache
    op_ptr->InferShape();
    kernel->Launch();
  }
  return out;
}

class Layout : public ::testing::TestWithParam<std::string> {};

TEST_P(Layout, HandCheckedElementPosition) {
  // NCHW [1, 2, 2, 3]: value = 100*c + 10*h + w.
  Scope scope;
  Tensor* in = scope.Var("in")->GetMutable<Tensor>();
  in->Resize({1, 2, 2, 3});
  float* p = in->mutable_data<float>();
  for (int c = 0; c < 2; ++c)
    for (int h = 0; h < 2; ++h)
      for (int w = 0; w < 3; ++w) p[(c * 2 + h) * 3 + w] = 100.f * c + 10.f * h + w;
  Tensor* out = RunLayout(&scope, GetParam(), "nchw_to_nhwc", "in", "out");
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(out->dims(), DDim({1, 2, 3, 2}));
  EXPECT_EQ(out->layout(), DataLayoutType::kNHWC);
  // NHWC memory walks h, w, then c.
  ExpectAllNear(ToVector(*out), {0, 100, 1, 101, 2, 102, 10, 110, 11, 111, 12, 112}, 0.f);
  // Element (n=0, c=1, h=1, w=2) sits at ((0*2 + 1)*3 + 2)*2 + 1 = 11 in NHWC.
  EXPECT_EQ(out->data<float>()[11], 112.f);
}

TEST_P(Layout, RoundTripOddShape) {
  Scope scope;
  const DDim dims({2, 3, 5, 7});
  const auto values = RandomVector(dims.production(), -1.f, 1.f, 8);
  Tensor* in = scope.Var("in")->GetMutable<Tensor>();
  in->Resize(dims);
  std::copy(values.begin(), values.end(), in->mutable_data<float>());
  Tensor* nhwc = RunLayout(&scope, GetParam(), "nchw_to_nhwc", "in", "nhwc");
  ASSERT_NE(nhwc, nullptr);
  EXPECT_EQ(nhwc->dims(), DDim({2, 5, 7, 3}));
  // Independent index check: NHWC (n, h, w, c) holds NCHW (n, c, h, w).
  const float* q = nhwc->data<float>();
  for (int n = 0; n < 2; ++n)
    for (int c = 0; c < 3; ++c)
      for (int h = 0; h < 5; ++h)
        for (int w = 0; w < 7; ++w)
          ASSERT_EQ(q[((n * 5 + h) * 7 + w) * 3 + c], values[((n * 3 + c) * 5 + h) * 7 + w]);

  Tensor* back = RunLayout(&scope, GetParam(), "nhwc_to_nchw", "nhwc", "back");
  ASSERT_NE(back, nullptr);
  EXPECT_EQ(back->dims(), dims);
  EXPECT_EQ(back->layout(), DataLayoutType::kNCHW);
  ExpectAllNear(ToVector(*back), values, 0.f);
}

TEST_P(Layout, Non4DInputIsRejected) {
  Scope scope;
  Tensor* in = scope.Var("in")->GetMutable<Tensor>();
  in->Resize({2, 3});
  in->mutable_data<float>();
  try {
    RunLayout(&scope, GetParam(), "nchw_to_nhwc", "in", "out");
    FAIL() << "expected an error";
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find("Input must be 4-D"), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(LayoutAndOnce, Layout, ::testing::Values("layout", "layout_once"));

TEST(LayoutRegistry, DeclaredLayouts) {
  for (const char* op : {"layout", "layout_once"}) {
    const KernelInfo* to_nhwc = FindLayoutKernel(op, "nchw_to_nhwc");
    const KernelInfo* to_nchw = FindLayoutKernel(op, "nhwc_to_nchw");
    ASSERT_NE(to_nhwc, nullptr);
    ASSERT_NE(to_nchw, nullptr);
    EXPECT_EQ(to_nhwc->inputs.at("Input").layout, DataLayoutType::kNCHW);
    EXPECT_EQ(to_nhwc->outputs.at("Out").layout, DataLayoutType::kNHWC);
    EXPECT_EQ(to_nchw->inputs.at("Input").layout, DataLayoutType::kNHWC);
    EXPECT_EQ(to_nchw->outputs.at("Out").layout, DataLayoutType::kNCHW);
    EXPECT_EQ(to_nhwc->inputs.at("Input").precision, PrecisionType::kFloat);
    EXPECT_EQ(to_nchw->outputs.at("Out").precision, PrecisionType::kFloat);
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
