// shape and slice: hand-checked cases, tensor-given bounds, integer kernels, a random
// sweep against a naive reference, and the error paths.
#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
const Place kInt32Place(TargetType::kHost, PrecisionType::kInt32);
const Place kInt64Place(TargetType::kHost, PrecisionType::kInt64);

// Python's x[start:end] bounds for one axis (step 1), written from the language rules.
std::pair<int64_t, int64_t> PyBounds(int64_t start, int64_t end, int64_t dim) {
  auto fix = [dim](int64_t v) {
    if (v < 0) v += dim;
    return v < 0 ? 0 : (v > dim ? dim : v);
  };
  return {fix(start), fix(end)};
}

std::unique_ptr<OpRunner> SliceRunner(const DDim& dims, const std::vector<float>& x,
                                      std::vector<int> axes, std::vector<int> starts,
                                      std::vector<int> ends) {
  auto r = std::make_unique<OpRunner>("slice");
  r->SetInput("Input", "x", dims, x);
  r->SetOutput("Out", "out");
  r->desc().SetAttr("axes", axes);
  r->desc().SetAttr("starts", starts);
  r->desc().SetAttr("ends", ends);
  return r;
}
}  // namespace

TEST(Shape, WritesDimsAsInt32) {
  OpRunner r("shape");
  r.SetInput("Input", "x", {2, 3, 5}, std::vector<float>(30, 1.f));
  r.SetOutput("Out", "out");
  r.Run();
  const Tensor* out = r.Var("out");
  EXPECT_EQ(out->dims(), DDim({3}));
  EXPECT_EQ(TypedValues<int32_t>(*out), (std::vector<int32_t>{2, 3, 5}));
}

TEST(Shape, AnyInputPrecision) {
  OpRunner r("shape");
  SetTypedInput<int64_t>(&r, "Input", "x", {4, 1}, {1, 2, 3, 4});
  r.SetOutput("Out", "out");
  r.Run(kInt64Place);
  EXPECT_EQ(TypedValues<int32_t>(*r.Var("out")), (std::vector<int32_t>{4, 1}));
}

TEST(Slice, NegativeAndOutOfRangeBounds) {
  // x[b][i][j] = 12b + 4i + j; x[:, 1:100, -3:-1] keeps i in {1, 2}, j in {1, 2}.
  auto r = SliceRunner({2, 3, 4}, Iota(24), {1, 2}, {1, -3}, {100, -1});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 2, 2}));
  ExpectAllNear(ToVector(*r->Var("out")), {5, 6, 9, 10, 17, 18, 21, 22}, 0.f);
}

TEST(Slice, BoundsBeyondBothEndsClampToTheWholeAxis) {
  auto r = SliceRunner({3, 2}, Iota(6), {0}, {-100}, {1000});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({3, 2}));
  ExpectAllNear(ToVector(*r->Var("out")), Iota(6), 0.f);
}

TEST(Slice, EmptyRangeGivesZeroSizedAxis) {
  auto r = SliceRunner({3, 2}, Iota(6), {0}, {5}, {7});  // both clamp to 3
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({0, 2}));
}

TEST(Slice, DecreaseAxisDropsTheSlicedDim) {
  auto r = SliceRunner({2, 3, 4}, Iota(24), {0, 2}, {1, 2}, {2, 3});
  r->desc().SetAttr("decrease_axis", std::vector<int>{0});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({3, 1}));
  ExpectAllNear(ToVector(*r->Var("out")), {14, 18, 22}, 0.f);
}

TEST(Slice, LastElementWrittenAsMinusOneToZero) {
  // x[:, -1] is exported as starts [-1], ends [0] with the axis decreased.
  auto r = SliceRunner({2, 3}, Iota(6), {1}, {-1}, {0});
  r->desc().SetAttr("decrease_axis", std::vector<int>{1});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2}));
  ExpectAllNear(ToVector(*r->Var("out")), {2, 5}, 0.f);
}

TEST(Slice, OfShapeOutputDecreasedToOneElement) {
  // The ppocr_cls pattern: shape -> slice(axes [0], [1, 2), decrease [0]) -> a [1] int32.
  OpRunner r("slice");
  SetTypedInput<int32_t>(&r, "Input", "shape", {4}, {1, 200, 1, 25});
  r.SetOutput("Out", "out");
  r.desc().SetAttr("axes", std::vector<int>{0});
  r.desc().SetAttr("starts", std::vector<int>{1});
  r.desc().SetAttr("ends", std::vector<int>{2});
  r.desc().SetAttr("infer_flags", std::vector<int>{1});
  r.desc().SetAttr("decrease_axis", std::vector<int>{0});
  r.Run(kInt32Place);
  EXPECT_EQ(r.Var("out")->dims(), DDim({1}));
  EXPECT_EQ(TypedValues<int32_t>(*r.Var("out")), (std::vector<int32_t>{200}));
}

TEST(Slice, Int64Kernel) {
  OpRunner r("slice");
  SetTypedInput<int64_t>(&r, "Input", "x", {5}, {10, 11, 12, 13, 14});
  r.SetOutput("Out", "out");
  r.desc().SetAttr("axes", std::vector<int>{0});
  r.desc().SetAttr("starts", std::vector<int>{-4});
  r.desc().SetAttr("ends", std::vector<int>{-1});
  r.Run(kInt64Place);
  EXPECT_EQ(TypedValues<int64_t>(*r.Var("out")), (std::vector<int64_t>{11, 12, 13}));
}

TEST(Slice, StartsAndEndsTensorsOverrideAttributes) {
  // Attributes say x[0:1, 0:1]; the tensors say x[1:3, -2:] on [3, 4].
  auto r = SliceRunner({3, 4}, Iota(12), {0, 1}, {0, 0}, {1, 1});
  SetTypedInput<int64_t>(r.get(), "StartsTensor", "st", {2}, {1, -2});
  SetTypedInput<int32_t>(r.get(), "EndsTensor", "et", {2}, {3, 4});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 2}));
  ExpectAllNear(ToVector(*r->Var("out")), {6, 7, 10, 11}, 0.f);
}

TEST(Slice, StartsAndEndsTensorListsOverrideAttributes) {
  auto r = SliceRunner({3, 4}, Iota(12), {1, 0}, {0, 0}, {1, 1});
  SetTypedInput<int32_t>(r.get(), "StartsTensorList", "s0", {1}, {1});
  SetTypedInput<int64_t>(r.get(), "StartsTensorList", "s1", {1}, {2});
  SetTypedInput<int32_t>(r.get(), "EndsTensorList", "e0", {1}, {3});
  SetTypedInput<int32_t>(r.get(), "EndsTensorList", "e1", {1}, {3});
  r->Run();
  // axis 1: [1, 3), axis 0: [2, 3)
  EXPECT_EQ(r->Var("out")->dims(), DDim({1, 2}));
  ExpectAllNear(ToVector(*r->Var("out")), {9, 10}, 0.f);
}

TEST(Slice, RandomBoundsMatchNaiveReference) {
  std::mt19937 gen(7);
  int checked = 0;
  for (int trial = 0; trial < 40; ++trial) {
    std::vector<int64_t> dims(4);
    for (auto& d : dims) d = 1 + static_cast<int64_t>(gen() % 5);
    const int64_t n = dims[0] * dims[1] * dims[2] * dims[3];
    std::vector<int> axes, starts, ends;
    std::vector<int64_t> lo(4, 0), hi(dims);
    for (int a = 0; a < 4; ++a) {
      if (gen() % 2) continue;
      const int d = static_cast<int>(dims[a]);
      int s = static_cast<int>(gen() % (2 * d + 5)) - d - 2;  // may be out of range
      int e = static_cast<int>(gen() % (2 * d + 5)) - d - 2;
      auto b = PyBounds(s, e, d);
      if (b.second < b.first) std::swap(s, e), b = PyBounds(s, e, d);
      if (b.second < b.first) continue;  // still reversed: leave the axis whole
      axes.push_back(a);
      starts.push_back(s);
      ends.push_back(e);
      lo[a] = b.first;
      hi[a] = b.second;
    }
    if (axes.empty()) continue;
    const std::vector<float> x = RandomVector(n, -1.f, 1.f, trial);
    std::vector<float> expected;
    for (int64_t i = lo[0]; i < hi[0]; ++i)
      for (int64_t j = lo[1]; j < hi[1]; ++j)
        for (int64_t k = lo[2]; k < hi[2]; ++k)
          for (int64_t l = lo[3]; l < hi[3]; ++l)
            expected.push_back(x[((i * dims[1] + j) * dims[2] + k) * dims[3] + l]);
    auto r = SliceRunner(DDim(dims), x, axes, starts, ends);
    r->Run();
    EXPECT_EQ(r->Var("out")->dims(),
              DDim({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2], hi[3] - lo[3]}));
    ExpectAllNear(ToVector(*r->Var("out")), expected, 0.f);
    ++checked;
  }
  EXPECT_GT(checked, 20);
}

TEST(Slice, BadAxisIsAnError) {
  auto r = SliceRunner({2, 3}, Iota(6), {2}, {0}, {1});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "axes value 2 is out of range");
}

TEST(Slice, ReversedRangeIsAnError) {
  auto r = SliceRunner({2, 5}, Iota(10), {1}, {3}, {1});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "reversed range");
}

TEST(Slice, DecreasingAnAxisLongerThanOneIsAnError) {
  auto r = SliceRunner({2, 5}, Iota(10), {1}, {0}, {2});
  r->desc().SetAttr("decrease_axis", std::vector<int>{1});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "decrease_axis 1 needs a slice of size 1");
}

TEST(Slice, MismatchedAttributeLengthsAreRejectedAtLoad) {
  auto r = SliceRunner({2, 5}, Iota(10), {0, 1}, {0}, {1, 2});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "attribute 'starts' has 1 values for 2 axes");
}

TEST(Slice, FloatBoundsTensorIsAnError) {
  auto r = SliceRunner({2, 5}, Iota(10), {1}, {0}, {2});
  r->SetInput("StartsTensor", "st", {1}, {1.f});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "'StartsTensor' must hold int32 or int64");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
