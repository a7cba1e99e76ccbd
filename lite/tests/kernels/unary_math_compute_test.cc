// sqrt, rsqrt, square and pow against std:: formulas in double precision, hand-worked
// values, FactorTensor overriding the attribute, integer square, and load-time errors.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

std::vector<float> RunUnary(const std::string& type, const DDim& dims,
                            const std::vector<float>& x, float factor = 1.f,
                            const std::vector<float>* factor_tensor = nullptr) {
  OpRunner runner(type);
  runner.SetInput("X", "x", dims, x);
  Tensor* out = runner.SetOutput("Out", "out");
  if (type == "pow") runner.desc().SetAttr<float>("factor", factor);
  if (factor_tensor) runner.SetInput("FactorTensor", "f", DDim({1}), *factor_tensor);
  runner.Run();
  EXPECT_EQ(out->dims(), dims);
  return ToVector(*out);
}

TEST(UnaryMath, HandWorked) {
  const std::vector<float> x = {0.25f, 1.f, 4.f, 9.f, 2.f};
  ExpectAllNear(RunUnary("sqrt", DDim({5}), x), {0.5f, 1.f, 2.f, 3.f, 1.41421356f}, 1e-7f);
  ExpectAllNear(RunUnary("rsqrt", DDim({5}), x), {2.f, 1.f, 0.5f, 0.33333333f, 0.70710678f},
                1e-7f);
  ExpectAllNear(RunUnary("square", DDim({5}), {-3.f, -0.5f, 0.f, 1.5f, 4.f}),
                {9.f, 0.25f, 0.f, 2.25f, 16.f}, 0.f);
  ExpectAllNear(RunUnary("pow", DDim({5}), x, 3.f), {0.015625f, 1.f, 64.f, 729.f, 8.f}, 1e-5f);
  ExpectAllNear(RunUnary("pow", DDim({5}), x, -0.5f), {2.f, 1.f, 0.5f, 0.33333333f, 0.70710678f},
                1e-7f);
  // default factor 1: the identity
  OpRunner runner("pow");
  runner.SetInput("X", "x", DDim({2}), {-2.f, 7.f});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.Run();
  ExpectAllNear(ToVector(*out), {-2.f, 7.f}, 0.f);
}

TEST(UnaryMath, RandomOddShapesAgainstFormulas) {
  const DDim dims({3, 5, 7});
  const auto x = RandomVector(dims.production(), 0.01f, 10.f, 5);
  const auto check = [&](const std::string& type, float factor, double (*f)(double, double)) {
    SCOPED_TRACE(type);
    std::vector<float> want;
    for (float v : x) want.push_back(static_cast<float>(f(v, factor)));
    ExpectAllNear(RunUnary(type, dims, x, factor), want, 1e-6f, 2e-6f);
  };
  check("sqrt", 0.f, [](double v, double) { return std::sqrt(v); });
  check("rsqrt", 0.f, [](double v, double) { return 1.0 / std::sqrt(v); });
  check("square", 0.f, [](double v, double) { return v * v; });
  check("pow", 2.5f, [](double v, double f) { return std::pow(v, f); });
  check("pow", -1.25f, [](double v, double f) { return std::pow(v, f); });
}

TEST(UnaryMath, NegativeInputsGiveNan) {
  EXPECT_TRUE(std::isnan(RunUnary("sqrt", DDim({1}), {-1.f})[0]));
  EXPECT_TRUE(std::isnan(RunUnary("rsqrt", DDim({1}), {-4.f})[0]));
  EXPECT_TRUE(std::isinf(RunUnary("rsqrt", DDim({1}), {0.f})[0]));
  EXPECT_TRUE(std::isnan(RunUnary("pow", DDim({1}), {-2.f}, 0.5f)[0]));
}

TEST(UnaryMath, FactorTensorOverridesAttribute) {
  const std::vector<float> f = {2.f};
  ExpectAllNear(RunUnary("pow", DDim({2, 2}), {1.f, 2.f, 3.f, -4.f}, 5.f, &f),
                {1.f, 4.f, 9.f, 16.f}, 0.f);
}

TEST(UnaryMath, KeepsLoD) {
  OpRunner runner("sqrt");
  Tensor* x = runner.SetInput("X", "x", DDim({3, 1}), {1, 4, 9});
  x->set_lod({{0, 1, 3}});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.Run();
  EXPECT_EQ(out->lod(), x->lod());
}

template <typename T>
void ExpectIntegerSquare(PrecisionType precision) {
  OpRunner runner("square");
  const T big = std::numeric_limits<T>::max();
  SetTypedInput<T>(&runner, "X", "x", DDim({5}), {-3, 0, 7, 46340, big});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.Run(Place(TargetType::kHost, precision, DataLayoutType::kNCHW));
  EXPECT_EQ(out->precision(), precision);
  // max^2 = (2^(n-1) - 1)^2 wraps to 1 modulo 2^n
  EXPECT_EQ(TypedValues<T>(*out), (std::vector<T>{9, 0, 49, T(46340) * 46340, 1}));
}

TEST(UnaryMath, IntegerSquare) {
  ExpectIntegerSquare<int32_t>(PrecisionType::kInt32);
  ExpectIntegerSquare<int64_t>(PrecisionType::kInt64);
}

TEST(UnaryMathErrors, AtLoad) {
  {
    OpRunner runner("pow");
    runner.SetInput("X", "x", DDim({1}), {1.f});
    runner.SetOutput("Out", "out");
    runner.desc().SetAttr<float>("factor", std::nanf(""));
    EXPECT_PLITE_ERROR(runner.InferShapeOnly(), "op 'pow': attribute 'factor'");
  }
  {
    OpRunner runner("pow");
    runner.SetInput("X", "x", DDim({1}), {1.f});
    runner.SetOutput("Out", "out");
    runner.desc().SetAttr<std::string>("factor", "2");
    EXPECT_PLITE_ERROR(runner.InferShapeOnly(), "factor");
  }
  {
    OpRunner runner("pow");
    runner.SetInput("X", "x", DDim({1}), {1.f});
    runner.SetInput("FactorTensor", "f", DDim({2}), {1.f, 2.f});
    runner.SetOutput("Out", "out");
    EXPECT_PLITE_ERROR(runner.InferShapeOnly(), "op 'pow': input FactorTensor must hold one");
  }
  {
    OpRunner runner("sqrt");
    runner.SetInput("X", "x", DDim({1}), {1.f});
    EXPECT_PLITE_ERROR(runner.InferShapeOnly(), "Out");
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
