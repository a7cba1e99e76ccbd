// concat: three inputs on every axis (and negative axes) against a naive reference,
// AxisTensor, integer kernels, mismatched inputs and bad axes.
#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
// Output element at multi-index o reads the input whose axis range holds o[axis].
std::vector<float> NaiveConcat(const std::vector<std::vector<float>>& xs,
                               const std::vector<std::vector<int64_t>>& dims, int axis) {
  std::vector<int64_t> out_dims = dims[0];
  for (size_t i = 1; i < dims.size(); ++i) out_dims[axis] += dims[i][axis];
  int64_t total = 1;
  for (int64_t d : out_dims) total *= d;
  const std::vector<int64_t> out_st = Strides(out_dims);
  std::vector<float> out(total);
  for (int64_t o = 0; o < total; ++o) {
    std::vector<int64_t> coord(out_dims.size());
    for (size_t k = 0; k < out_dims.size(); ++k) coord[k] = (o / out_st[k]) % out_dims[k];
    size_t which = 0;
    while (coord[axis] >= dims[which][axis]) coord[axis] -= dims[which++][axis];
    const std::vector<int64_t> st = Strides(dims[which]);
    int64_t offset = 0;
    for (size_t k = 0; k < coord.size(); ++k) offset += coord[k] * st[k];
    out[o] = xs[which][offset];
  }
  return out;
}
}  // namespace

TEST(Concat, HandChecked) {
  OpRunner r("concat");
  r.SetInput("X", "a", {2, 1}, {0, 1});
  r.SetInput("X", "b", {2, 2}, {10, 11, 12, 13});
  r.SetOutput("Out", "out");
  r.desc().SetAttr<int32_t>("axis", 1);
  r.Run();
  EXPECT_EQ(r.Var("out")->dims(), DDim({2, 3}));
  ExpectAllNear(ToVector(*r.Var("out")), {0, 10, 11, 1, 12, 13}, 0.f);
}

TEST(Concat, ThreeInputsOnEachAxis) {
  const std::vector<int64_t> base = {2, 3, 5};
  for (int axis = -3; axis < 3; ++axis) {
    const int a = axis < 0 ? axis + 3 : axis;
    std::vector<std::vector<int64_t>> dims(3, base);
    dims[0][a] = 1;
    dims[1][a] = 4;
    dims[2][a] = 2;
    std::vector<std::vector<float>> xs;
    OpRunner r("concat");
    for (int i = 0; i < 3; ++i) {
      xs.push_back(RandomVector(DDim(dims[i]).production(), -1.f, 1.f, 20 + i));
      r.SetInput("X", "x" + std::to_string(i), DDim(dims[i]), xs.back());
    }
    r.SetOutput("Out", "out");
    r.desc().SetAttr<int32_t>("axis", axis);
    r.Run();
    std::vector<int64_t> out_dims = base;
    out_dims[a] = 7;
    EXPECT_EQ(r.Var("out")->dims(), DDim(out_dims)) << "axis " << axis;
    ExpectAllNear(ToVector(*r.Var("out")), NaiveConcat(xs, dims, a), 0.f);
  }
}

TEST(Concat, AxisTensorOverridesAttribute) {
  OpRunner r("concat");
  r.SetInput("X", "a", {1, 2}, {0, 1});
  r.SetInput("X", "b", {1, 2}, {2, 3});
  r.SetOutput("Out", "out");
  r.desc().SetAttr<int32_t>("axis", 1);
  SetTypedInput<int64_t>(&r, "AxisTensor", "axis", {1}, {0});
  r.Run();
  EXPECT_EQ(r.Var("out")->dims(), DDim({2, 2}));
  ExpectAllNear(ToVector(*r.Var("out")), {0, 1, 2, 3}, 0.f);
}

TEST(Concat, Int32AndInt64Kernels) {
  OpRunner r32("concat");
  SetTypedInput<int32_t>(&r32, "X", "a", {1}, {7});
  SetTypedInput<int32_t>(&r32, "X", "b", {2}, {8, 9});
  r32.SetOutput("Out", "out");
  r32.desc().SetAttr<int32_t>("axis", 0);
  r32.Run(Place(TargetType::kHost, PrecisionType::kInt32));
  EXPECT_EQ(TypedValues<int32_t>(*r32.Var("out")), (std::vector<int32_t>{7, 8, 9}));

  OpRunner r64("concat");
  SetTypedInput<int64_t>(&r64, "X", "a", {2, 1}, {1, 2});
  SetTypedInput<int64_t>(&r64, "X", "b", {2, 1}, {3, 4});
  r64.SetOutput("Out", "out");
  r64.desc().SetAttr<int32_t>("axis", -1);
  r64.Run(Place(TargetType::kHost, PrecisionType::kInt64));
  EXPECT_EQ(TypedValues<int64_t>(*r64.Var("out")), (std::vector<int64_t>{1, 3, 2, 4}));
}

TEST(Concat, MismatchedDimsAreAnError) {
  OpRunner r("concat");
  r.SetInput("X", "a", {2, 3}, Iota(6));
  r.SetInput("X", "b", {3, 3}, Iota(9));
  r.SetOutput("Out", "out");
  r.desc().SetAttr<int32_t>("axis", 1);
  EXPECT_PLITE_ERROR(r.InferShapeOnly(), "input 1 [3, 3] differs from input 0 [2, 3] on dim 0");
}

TEST(Concat, MismatchedRanksAreAnError) {
  OpRunner r("concat");
  r.SetInput("X", "a", {2, 3}, Iota(6));
  r.SetInput("X", "b", {2, 3, 1}, Iota(6));
  r.SetOutput("Out", "out");
  r.desc().SetAttr<int32_t>("axis", 0);
  EXPECT_PLITE_ERROR(r.InferShapeOnly(), "has another rank than input 0");
}

TEST(Concat, BadAxisIsAnError) {
  OpRunner r("concat");
  r.SetInput("X", "a", {2, 3}, Iota(6));
  r.SetInput("X", "b", {2, 3}, Iota(6));
  r.SetOutput("Out", "out");
  r.desc().SetAttr<int32_t>("axis", -3);
  EXPECT_PLITE_ERROR(r.InferShapeOnly(), "axis -3 is out of range for a rank-2 input");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
