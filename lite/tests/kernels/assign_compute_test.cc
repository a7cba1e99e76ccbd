// assign: Out is a copy of X (dims, LoD, values) in float, int32, int64 and bool, and an
// independent buffer (changing X afterwards leaves Out alone).
#include <vector>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
template <typename T>
void ExpectCopied(PrecisionType precision, const DDim& dims, const std::vector<T>& values) {
  OpRunner r("assign");
  SetTypedInput<T>(&r, "X", "x", dims, values);
  r.Var("x")->set_lod({{0, 1, dims.empty() ? 1 : static_cast<uint64_t>(dims[0])}});
  r.SetOutput("Out", "out");
  r.Run(Place(TargetType::kHost, precision));
  const Tensor& out = *r.Var("out");
  EXPECT_EQ(out.dims(), dims);
  EXPECT_EQ(out.lod(), r.Var("x")->lod());
  EXPECT_EQ(out.precision(), precision);
  EXPECT_EQ(TypedValues<T>(out), values);
}
}  // namespace

TEST(Assign, CopiesEveryPrecision) {
  ExpectCopied<float>(PrecisionType::kFloat, {2, 3}, {0.5f, -1.f, 2.f, 3.25f, -0.f, 7.f});
  ExpectCopied<int32_t>(PrecisionType::kInt32, {3}, {1, -2, 2147483647});
  ExpectCopied<int64_t>(PrecisionType::kInt64, {2, 1}, {-9000000000LL, 42});
  ExpectCopied<bool>(PrecisionType::kBool, {4}, {true, false, false, true});
}

TEST(Assign, OutIsItsOwnBuffer) {
  OpRunner r("assign");
  r.SetInput("X", "x", {3}, {1.f, 2.f, 3.f});
  r.SetOutput("Out", "out");
  r.Run();
  r.Var("x")->mutable_data<float>()[0] = 100.f;
  EXPECT_EQ(ToVector(*r.Var("out")), (std::vector<float>{1.f, 2.f, 3.f}));
}

TEST(Assign, MissingOutputIsAnError) {
  OpRunner r("assign");
  r.SetInput("X", "x", {1}, {1.f});
  EXPECT_PLITE_ERROR(r.InferShapeOnly(), "missing output 'Out'");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
