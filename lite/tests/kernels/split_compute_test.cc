// split: by num and by sections (with an inferred -1), negative axis, AxisTensor and
// SectionsTensorList, against a naive reference; error paths.
#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
// Part of x (dims) covering [begin, begin + len) on `axis`, by plain index arithmetic.
std::vector<float> NaivePart(const std::vector<float>& x, const std::vector<int64_t>& dims,
                             int axis, int64_t begin, int64_t len) {
  const std::vector<int64_t> st = Strides(dims);
  std::vector<float> out;
  for (int64_t i = 0; i < static_cast<int64_t>(x.size()); ++i) {
    const int64_t coord = (i / st[axis]) % dims[axis];
    if (coord >= begin && coord < begin + len) out.push_back(x[i]);
  }
  return out;
}

std::unique_ptr<OpRunner> SplitRunner(const std::vector<int64_t>& dims,
                                      const std::vector<float>& x, int outputs) {
  auto r = std::make_unique<OpRunner>("split");
  r->SetInput("X", "x", DDim(dims), x);
  for (int i = 0; i < outputs; ++i) r->SetOutput("Out", "out" + std::to_string(i));
  return r;
}

void ExpectParts(OpRunner* r, const std::vector<float>& x, const std::vector<int64_t>& dims,
                 int axis, const std::vector<int64_t>& sizes) {
  int64_t begin = 0;
  for (size_t i = 0; i < sizes.size(); ++i) {
    const Tensor* out = r->Var("out" + std::to_string(i));
    std::vector<int64_t> od = dims;
    od[axis] = sizes[i];
    EXPECT_EQ(out->dims(), DDim(od)) << "output " << i;
    ExpectAllNear(ToVector(*out), NaivePart(x, dims, axis, begin, sizes[i]), 0.f);
    begin += sizes[i];
  }
}
}  // namespace

TEST(Split, HandCheckedByNum) {
  // [[0 1 2 3], [4 5 6 7]] split in 2 along axis 1.
  auto r = SplitRunner({2, 4}, Iota(8), 2);
  r->desc().SetAttr<int32_t>("axis", 1);
  r->desc().SetAttr<int32_t>("num", 2);
  r->Run();
  ExpectAllNear(ToVector(*r->Var("out0")), {0, 1, 4, 5}, 0.f);
  ExpectAllNear(ToVector(*r->Var("out1")), {2, 3, 6, 7}, 0.f);
}

TEST(Split, ByNumOnEveryAxis) {
  const std::vector<int64_t> dims = {3, 6, 9};
  const std::vector<float> x = RandomVector(162, -1.f, 1.f, 3);
  for (int axis = 0; axis < 3; ++axis) {
    auto r = SplitRunner(dims, x, 3);
    r->desc().SetAttr<int32_t>("axis", axis);
    r->desc().SetAttr<int32_t>("num", 3);
    r->Run();
    const int64_t part = dims[axis] / 3;
    ExpectParts(r.get(), x, dims, axis, {part, part, part});
  }
}

TEST(Split, SectionsWithInferredPartAndNegativeAxis) {
  const std::vector<int64_t> dims = {2, 7, 3};
  const std::vector<float> x = RandomVector(42, -1.f, 1.f, 4);
  auto r = SplitRunner(dims, x, 3);
  r->desc().SetAttr<int32_t>("axis", -2);
  r->desc().SetAttr<int32_t>("num", 0);
  r->desc().SetAttr("sections", std::vector<int>{2, -1, 1});
  r->Run();
  ExpectParts(r.get(), x, dims, 1, {2, 4, 1});
}

TEST(Split, AxisTensorAndSectionsTensorListOverrideAttributes) {
  const std::vector<int64_t> dims = {5, 4};
  const std::vector<float> x = Iota(20);
  auto r = SplitRunner(dims, x, 2);
  r->desc().SetAttr<int32_t>("axis", 1);
  r->desc().SetAttr<int32_t>("num", 0);
  r->desc().SetAttr("sections", std::vector<int>{2, 2});
  SetTypedInput<int32_t>(r.get(), "AxisTensor", "axis", {1}, {0});
  SetTypedInput<int64_t>(r.get(), "SectionsTensorList", "s0", {1}, {-1});
  SetTypedInput<int32_t>(r.get(), "SectionsTensorList", "s1", {1}, {1});
  r->Run();
  ExpectParts(r.get(), x, dims, 0, {4, 1});
  ExpectAllNear(ToVector(*r->Var("out1")), {16, 17, 18, 19}, 0.f);
}

TEST(Split, NumNotDividingTheAxisIsAnError) {
  auto r = SplitRunner({2, 5}, Iota(10), 2);
  r->desc().SetAttr<int32_t>("axis", 1);
  r->desc().SetAttr<int32_t>("num", 2);
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "cannot be split into num = 2");
}

TEST(Split, TwoInferredSectionsIsAnError) {
  auto r = SplitRunner({2, 5}, Iota(10), 3);
  r->desc().SetAttr<int32_t>("axis", 1);
  r->desc().SetAttr("sections", std::vector<int>{-1, 2, -1});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "more than one -1");
}

TEST(Split, SectionsNotSummingToTheAxisIsAnError) {
  auto r = SplitRunner({2, 5}, Iota(10), 2);
  r->desc().SetAttr<int32_t>("axis", 1);
  r->desc().SetAttr("sections", std::vector<int>{2, 2});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "sum to 4 but dim 1 is 5");
}

TEST(Split, BadAxisIsAnError) {
  auto r = SplitRunner({2, 4}, Iota(8), 2);
  r->desc().SetAttr<int32_t>("axis", 2);
  r->desc().SetAttr<int32_t>("num", 2);
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "axis 2 is out of range");
}

TEST(Split, NumNotMatchingOutputsIsRejectedAtLoad) {
  auto r = SplitRunner({2, 4}, Iota(8), 3);
  r->desc().SetAttr<int32_t>("axis", 1);
  r->desc().SetAttr<int32_t>("num", 2);
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "'num' = 2 but 3 outputs");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
