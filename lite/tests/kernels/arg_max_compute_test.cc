// arg_max and arg_min against a naive search over explicit coordinates; shapes for
// keepdims/flatten, ties, int32/int64 output, int32/int64 input and attribute errors.
#include <string>
#include <type_traits>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct ArgMaxResult {
  DDim dims;
  PrecisionType precision;
  std::vector<int64_t> indices;
};

ArgMaxResult RunArgMax(const std::vector<int64_t>& dims, const std::vector<float>& x,
                       int64_t axis, bool keepdims, bool flatten, int dtype,
                       bool axis_as_long = false, const std::string& type = "arg_max") {
  OpRunner runner(type);
  runner.SetInput("X", "x", DDim(dims), x);
  Tensor* out = runner.SetOutput("Out", "out");
  if (axis_as_long) {
    runner.desc().SetAttr<int64_t>("axis", axis);
  } else {
    runner.desc().SetAttr<int32_t>("axis", static_cast<int32_t>(axis));
  }
  runner.desc().SetAttr<bool>("keepdims", keepdims);
  runner.desc().SetAttr<bool>("flatten", flatten);
  runner.desc().SetAttr<int32_t>("dtype", dtype);
  runner.Run();
  ArgMaxResult r{out->dims(), out->precision(), {}};
  if (out->precision() == PrecisionType::kInt32) {
    const int32_t* p = out->data<int32_t>();
    r.indices.assign(p, p + out->numel());
  } else {
    const int64_t* p = out->data<int64_t>();
    r.indices.assign(p, p + out->numel());
  }
  return r;
}

// For every output position (input coordinates with `axis` fixed to 0), the position of
// the first largest element along `axis`.
std::vector<int64_t> Reference(const std::vector<int64_t>& dims, const std::vector<float>& x,
                               int axis, bool min = false) {
  const int rank = static_cast<int>(dims.size());
  std::vector<int64_t> strides(rank, 1);
  for (int d = rank - 2; d >= 0; --d) strides[d] = strides[d + 1] * dims[d + 1];
  std::vector<int64_t> result;
  for (size_t i = 0; i < x.size(); ++i) {
    if ((static_cast<int64_t>(i) / strides[axis]) % dims[axis] != 0) continue;
    int64_t best = 0;
    for (int64_t k = 1; k < dims[axis]; ++k) {
      const float v = x[i + k * strides[axis]], b = x[i + best * strides[axis]];
      if (min ? v < b : v > b) best = k;
    }
    result.push_back(best);
  }
  return result;
}

TEST(ArgMax, HandChecked) {
  // [[1, 9, 3], [7, 2, 7]]
  const std::vector<float> x = {1, 9, 3, 7, 2, 7};
  auto r = RunArgMax({2, 3}, x, 1, false, false, 3);
  EXPECT_EQ(r.dims, DDim({2}));
  EXPECT_EQ(r.precision, PrecisionType::kInt64);
  EXPECT_EQ(r.indices, (std::vector<int64_t>{1, 0}));  // tie 7/7: first wins
  r = RunArgMax({2, 3}, x, 0, false, false, 3);
  EXPECT_EQ(r.dims, DDim({3}));
  EXPECT_EQ(r.indices, (std::vector<int64_t>{1, 0, 1}));
}

TEST(ArgMax, EveryAxisAgainstReference) {
  const std::vector<int64_t> dims = {2, 3, 4, 5};
  auto x = RandomVector(2 * 3 * 4 * 5, -3.f, 3.f, 31);
  for (size_t i = 0; i < x.size(); i += 7) x[i] = 3.f;  // plant ties of the maximum
  for (int axis = -4; axis < 4; ++axis) {
    SCOPED_TRACE("axis " + std::to_string(axis));
    const int a = axis < 0 ? axis + 4 : axis;
    const auto r = RunArgMax(dims, x, axis, false, false, 3);
    std::vector<int64_t> out_dims;
    for (int d = 0; d < 4; ++d) {
      if (d != a) out_dims.push_back(dims[d]);
    }
    EXPECT_EQ(r.dims, DDim(out_dims));
    EXPECT_EQ(r.indices, Reference(dims, x, a));
  }
}

TEST(ArgMax, KeepDims) {
  const std::vector<int64_t> dims = {3, 4, 2};
  const auto x = RandomVector(24, -1.f, 1.f, 4);
  const auto r = RunArgMax(dims, x, 1, true, false, 3);
  EXPECT_EQ(r.dims, DDim({3, 1, 2}));
  EXPECT_EQ(r.indices, Reference(dims, x, 1));
}

TEST(ArgMax, FlattenSearchesEverything) {
  const std::vector<float> x = {0, 5, -1, 5, 2, 4};
  for (bool keepdims : {false, true}) {
    const auto r = RunArgMax({2, 3}, x, 0, keepdims, true, 3);
    EXPECT_EQ(r.dims, DDim({1}));
    EXPECT_EQ(r.indices, (std::vector<int64_t>{1}));
  }
}

TEST(ArgMax, OutputDtypes) {
  const std::vector<float> x = {1, 9, 3, 7, 2, 8};
  auto r = RunArgMax({2, 3}, x, -1, false, false, 2);
  EXPECT_EQ(r.precision, PrecisionType::kInt32);
  EXPECT_EQ(r.indices, (std::vector<int64_t>{1, 2}));
  r = RunArgMax({2, 3}, x, -1, false, false, -1);  // Paddle's "default" is int64
  EXPECT_EQ(r.precision, PrecisionType::kInt64);
  EXPECT_EQ(r.indices, (std::vector<int64_t>{1, 2}));
  r = RunArgMax({2, 3}, x, -1, false, false, 3, /*axis_as_long=*/true);  // LONG axis attr
  EXPECT_EQ(r.indices, (std::vector<int64_t>{1, 2}));
}

void ExpectArgMaxError(int64_t axis, int dtype, const std::string& needle,
                       const std::string& type = "arg_max") {
  OpRunner runner(type);
  runner.SetInput("X", "x", DDim({2, 3}), {1, 2, 3, 4, 5, 6});
  runner.SetOutput("Out", "out");
  runner.desc().SetAttr<int64_t>("axis", axis);
  runner.desc().SetAttr<int32_t>("dtype", dtype);
  try {
    runner.InferShapeOnly();
    FAIL() << "expected an error containing " << needle;
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

TEST(ArgMax, Errors) {
  ExpectArgMaxError(2, 3, "arg_max: axis 2 is out of range");
  ExpectArgMaxError(-3, 3, "arg_max: axis -3 is out of range");
  ExpectArgMaxError(0, 5, "arg_max: attribute dtype = 5 is not supported");
  ExpectArgMaxError(2, 3, "arg_min: axis 2 is out of range", "arg_min");
  ExpectArgMaxError(0, 0, "arg_min: attribute dtype = 0 is not supported", "arg_min");
}

TEST(ArgMin, HandChecked) {
  // [[4, 1, 3], [1, 2, 1]]
  const std::vector<float> x = {4, 1, 3, 1, 2, 1};
  auto r = RunArgMax({2, 3}, x, 1, false, false, 3, false, "arg_min");
  EXPECT_EQ(r.dims, DDim({2}));
  EXPECT_EQ(r.indices, (std::vector<int64_t>{1, 0}));  // tie 1/1: first wins
  r = RunArgMax({2, 3}, x, 0, true, false, 2, false, "arg_min");
  EXPECT_EQ(r.dims, DDim({1, 3}));
  EXPECT_EQ(r.precision, PrecisionType::kInt32);
  EXPECT_EQ(r.indices, (std::vector<int64_t>{1, 0, 1}));
  r = RunArgMax({2, 3}, x, 0, false, true, 3, false, "arg_min");
  EXPECT_EQ(r.dims, DDim({1}));
  EXPECT_EQ(r.indices, (std::vector<int64_t>{1}));
}

TEST(ArgMin, EveryAxisAgainstReference) {
  const std::vector<int64_t> dims = {3, 1, 4, 5};
  auto x = RandomVector(60, -3.f, 3.f, 41);
  for (size_t i = 0; i < x.size(); i += 5) x[i] = -3.f;  // plant ties of the minimum
  for (int axis = -4; axis < 4; ++axis) {
    SCOPED_TRACE("axis " + std::to_string(axis));
    const auto r = RunArgMax(dims, x, axis, false, false, 3, false, "arg_min");
    EXPECT_EQ(r.indices, Reference(dims, x, axis < 0 ? axis + 4 : axis, /*min=*/true));
  }
}

template <typename T>
void ExpectIntegerInput(PrecisionType precision) {
  for (const std::string type : {"arg_max", "arg_min"}) {
    OpRunner runner(type);
    Tensor* x = runner.Var("x");
    runner.desc().SetInput("X", {"x"});
    x->Resize(DDim({2, 3}));
    // values beyond float's 24-bit mantissa: a float detour would make them tie
    const T big = std::is_same_v<T, int64_t> ? T(1) << 40 : T(1) << 30;
    const std::vector<T> v = {big, T(big + 1), T(big - 1), -4, 9, -4};
    std::copy(v.begin(), v.end(), x->mutable_data<T>());
    Tensor* out = runner.SetOutput("Out", "out");
    runner.desc().SetAttr<int32_t>("axis", 1);
    runner.Run(Place(TargetType::kHost, precision, DataLayoutType::kNCHW));
    const int64_t* got = out->data<int64_t>();
    EXPECT_EQ(std::vector<int64_t>(got, got + 2),
              type == "arg_max" ? (std::vector<int64_t>{1, 1}) : (std::vector<int64_t>{2, 0}))
        << type;
  }
}

TEST(ArgMaxMin, IntegerInputs) {
  ExpectIntegerInput<int32_t>(PrecisionType::kInt32);
  ExpectIntegerInput<int64_t>(PrecisionType::kInt64);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
