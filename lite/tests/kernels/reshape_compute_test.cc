// reshape / reshape2: 0 copies an input dim, -1 is inferred, the Shape tensor and the
// ShapeTensor list override the attribute (the list first); data is unchanged; errors.
#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
std::unique_ptr<OpRunner> ReshapeRunner(const std::string& type, const DDim& dims,
                                        const std::vector<int>& shape) {
  auto r = std::make_unique<OpRunner>(type);
  r->SetInput("X", "x", dims, Iota(dims.production()));
  r->SetOutput("Out", "out");
  if (type == "reshape2") r->SetOutput("XShape", "xshape");
  r->desc().SetAttr("shape", shape);
  return r;
}

DDim ReshapedDims(const std::string& type, const DDim& in, const std::vector<int>& shape) {
  auto r = ReshapeRunner(type, in, shape);
  r->Run();
  // The data is the input's, element for element.
  ExpectAllNear(ToVector(*r->Var("out")), Iota(in.production()), 0.f);
  return r->Var("out")->dims();
}
}  // namespace

TEST(Reshape, ZeroCopiesAndMinusOneInfers) {
  for (const std::string type : {"reshape", "reshape2"}) {
    EXPECT_EQ(ReshapedDims(type, {2, 3, 4}, {0, -1}), DDim({2, 12})) << type;
    EXPECT_EQ(ReshapedDims(type, {2, 3, 4}, {-1, 4}), DDim({6, 4})) << type;
    EXPECT_EQ(ReshapedDims(type, {2, 3, 4}, {4, 0, 2}), DDim({4, 3, 2})) << type;
    EXPECT_EQ(ReshapedDims(type, {2, 3, 4}, {0, 0, 0}), DDim({2, 3, 4})) << type;
    EXPECT_EQ(ReshapedDims(type, {2, 3, 4}, {24}), DDim({24})) << type;
    EXPECT_EQ(ReshapedDims(type, {1, 5, 1, 7}, {1, -1, 1}), DDim({1, 35, 1})) << type;
  }
}

TEST(Reshape, ShapeTensorOverridesAttribute) {
  auto r = ReshapeRunner("reshape2", {2, 3, 4}, {24});
  SetTypedInput<int32_t>(r.get(), "Shape", "shape", {3}, {3, -1, 0});
  r->Run();
  // 0 at position 2 copies X dim 2 (4); -1 = 24 / (3 * 4) = 2.
  EXPECT_EQ(r->Var("out")->dims(), DDim({3, 2, 4}));
}

TEST(Reshape, ShapeTensorListWinsOverShapeTensor) {
  // The ppocr_cls pattern: reshape2(shape = [-1, -1]) with ShapeTensor = two [1] tensors.
  auto r = ReshapeRunner("reshape2", {2, 3, 4}, {-1, -1});
  SetTypedInput<int32_t>(r.get(), "Shape", "shape", {2}, {4, 6});
  SetTypedInput<int32_t>(r.get(), "ShapeTensor", "d0", {1}, {6});
  SetTypedInput<int64_t>(r.get(), "ShapeTensor", "d1", {1}, {-1});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({6, 4}));
  ExpectAllNear(ToVector(*r->Var("out")), Iota(24), 0.f);
}

TEST(Reshape, KeepsIntegerData) {
  OpRunner r("reshape2");
  SetTypedInput<int64_t>(&r, "X", "x", {2, 3}, {1, 2, 3, 4, 5, 6});
  r.SetOutput("Out", "out");
  r.desc().SetAttr("shape", std::vector<int>{3, 2});
  r.Run(Place(TargetType::kHost, PrecisionType::kInt64));
  EXPECT_EQ(r.Var("out")->dims(), DDim({3, 2}));
  EXPECT_EQ(TypedValues<int64_t>(*r.Var("out")), (std::vector<int64_t>{1, 2, 3, 4, 5, 6}));
}

TEST(Reshape, ImpossibleShapeIsAnError) {
  auto r = ReshapeRunner("reshape2", {2, 3, 4}, {5, -1});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "cannot reshape [2, 3, 4] (24 elements) to [5, -1]");
}

TEST(Reshape, WrongElementCountIsAnError) {
  auto r = ReshapeRunner("reshape", {2, 3, 4}, {5, 5});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "(24 elements) to [5, 5] (25 elements)");
}

TEST(Reshape, TwoInferredDimsIsAnError) {
  auto r = ReshapeRunner("reshape2", {2, 3, 4}, {-1, 2, -1});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "more than one -1");
}

TEST(Reshape, ZeroBeyondInputRankIsAnError) {
  auto r = ReshapeRunner("reshape2", {24}, {4, 0});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "has 0 at position 1");
}

TEST(Reshape, NegativeSizeIsAnError) {
  auto r = ReshapeRunner("reshape2", {24}, {-2, 12});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "invalid value -2");
}

// 2^30 cubed does not fit in a 64-bit count (it once wrapped around, undefined behaviour).
TEST(Reshape, ShapeOverflowingAnElementCountIsAnError) {
  const int big = 1 << 30;
  auto r = ReshapeRunner("reshape2", {24}, {big, big, big});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "more elements than a 64-bit count holds");
  auto inferred = ReshapeRunner("reshape2", {24}, {-1, big, big, big});
  EXPECT_PLITE_ERROR(inferred->InferShapeOnly(), "more elements than a 64-bit count holds");
}

TEST(Reshape, NoShapeAtAllIsRejectedAtLoad) {
  auto r = ReshapeRunner("reshape2", {24}, {});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "no target shape");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
