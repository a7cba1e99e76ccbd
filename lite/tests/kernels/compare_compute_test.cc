// Comparison and logical ops: hand-worked truth tables, broadcasting (with axis) against
// a naive reference with the alignment written out per case, NaN, int32/int64 inputs,
// bool outputs, and load-time errors.
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const Place kBoolPlace(TargetType::kHost, PrecisionType::kBool, DataLayoutType::kNCHW);

std::vector<bool> RunCompare(const std::string& type, const DDim& x_dims,
                             const std::vector<float>& x, const DDim& y_dims,
                             const std::vector<float>& y, int axis = -1,
                             DDim* out_dims = nullptr) {
  OpRunner runner(type);
  runner.SetInput("X", "x", x_dims, x);
  runner.SetInput("Y", "y", y_dims, y);
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<int32_t>("axis", axis);
  runner.Run();
  EXPECT_EQ(out->precision(), PrecisionType::kBool);
  if (out_dims) *out_dims = out->dims();
  return TypedValues<bool>(*out);
}

TEST(Compare, HandWorkedTruthTables) {
  const std::vector<float> x = {1, 2, 3, NAN};
  const std::vector<float> y = {2, 2, 2, 2};
  const DDim d({4});
  using B = std::vector<bool>;
  EXPECT_EQ(RunCompare("less_than", d, x, d, y), (B{true, false, false, false}));
  EXPECT_EQ(RunCompare("less_equal", d, x, d, y), (B{true, true, false, false}));
  EXPECT_EQ(RunCompare("greater_than", d, x, d, y), (B{false, false, true, false}));
  EXPECT_EQ(RunCompare("greater_equal", d, x, d, y), (B{false, true, true, false}));
  EXPECT_EQ(RunCompare("equal", d, x, d, y), (B{false, true, false, false}));
  EXPECT_EQ(RunCompare("not_equal", d, x, d, y), (B{true, false, true, true}));  // NaN != 2
}

TEST(Compare, BroadcastingAgainstReference) {
  struct Case {
    std::vector<int64_t> x_dims, y_dims;
    int axis;
    std::vector<int64_t> x_aligned, y_aligned, out_dims;
  };
  const std::vector<Case> cases = {
      {{2, 3, 5}, {5}, -1, {2, 3, 5}, {1, 1, 5}, {2, 3, 5}},
      {{2, 3, 4}, {3}, 1, {2, 3, 4}, {1, 3, 1}, {2, 3, 4}},
      {{3, 4}, {3}, 0, {3, 4}, {3, 1}, {3, 4}},
      {{2, 1, 4}, {3, 1}, -1, {2, 1, 4}, {1, 3, 1}, {2, 3, 4}},
      {{4}, {2, 3, 4}, -1, {1, 1, 4}, {2, 3, 4}, {2, 3, 4}},  // X the smaller operand
      {{1}, {3, 7}, -1, {1, 1}, {3, 7}, {3, 7}},
  };
  const std::vector<std::pair<std::string, std::function<bool(float, float)>>> ops = {
      {"less_than", [](float a, float b) { return a < b; }},
      {"less_equal", [](float a, float b) { return a <= b; }},
      {"greater_than", [](float a, float b) { return a > b; }},
      {"greater_equal", [](float a, float b) { return a >= b; }},
      {"equal", [](float a, float b) { return a == b; }},
      {"not_equal", [](float a, float b) { return a != b; }},
  };
  uint32_t seed = 3;
  for (const Case& c : cases) {
    int64_t xn = 1, yn = 1, on = 1;
    for (int64_t v : c.x_dims) xn *= v;
    for (int64_t v : c.y_dims) yn *= v;
    for (int64_t v : c.out_dims) on *= v;
    // small integers, so that equality happens often
    std::vector<float> x = RandomVector(xn, 0.f, 3.f, seed++);
    std::vector<float> y = RandomVector(yn, 0.f, 3.f, seed++);
    for (float& v : x) v = std::floor(v);
    for (float& v : y) v = std::floor(v);
    const auto xs = Strides(c.x_aligned), ys = Strides(c.y_aligned), os = Strides(c.out_dims);
    for (const auto& [type, fn] : ops) {
      SCOPED_TRACE(type + " X" + StrCat(c.x_dims) + " Y" + StrCat(c.y_dims));
      DDim out_dims;
      const auto got = RunCompare(type, DDim(c.x_dims), x, DDim(c.y_dims), y, c.axis, &out_dims);
      EXPECT_EQ(out_dims, DDim(c.out_dims));
      std::vector<bool> want;
      for (int64_t i = 0; i < on; ++i) {
        int64_t xi = 0, yi = 0;
        for (size_t d = 0; d < c.out_dims.size(); ++d) {
          const int64_t coord = (i / os[d]) % c.out_dims[d];
          if (c.x_aligned[d] != 1) xi += coord * xs[d];
          if (c.y_aligned[d] != 1) yi += coord * ys[d];
        }
        want.push_back(fn(x[xi], y[yi]));
      }
      EXPECT_EQ(got, want);
    }
  }
}

template <typename T>
void ExpectIntegerCompare(PrecisionType precision) {
  OpRunner runner("greater_equal");
  const T big = std::numeric_limits<T>::max();
  SetTypedInput<T>(&runner, "X", "x", DDim({2, 2}), {big, -5, 0, big - 1});
  SetTypedInput<T>(&runner, "Y", "y", DDim({2}), {big - 1, -5});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.Run(Place(TargetType::kHost, precision, DataLayoutType::kNCHW));
  EXPECT_EQ(TypedValues<bool>(*out), (std::vector<bool>{true, true, false, true}));
}

TEST(Compare, IntegerInputs) {
  ExpectIntegerCompare<int32_t>(PrecisionType::kInt32);
  ExpectIntegerCompare<int64_t>(PrecisionType::kInt64);  // beyond float's 24 bits, exact
}

std::vector<bool> RunLogical(const std::string& type, const DDim& x_dims,
                             const std::vector<bool>& x, const DDim& y_dims,
                             const std::vector<bool>& y) {
  OpRunner runner(type);
  SetTypedInput<bool>(&runner, "X", "x", x_dims, x);
  if (type != "logical_not") SetTypedInput<bool>(&runner, "Y", "y", y_dims, y);
  Tensor* out = runner.SetOutput("Out", "out");
  runner.Run(kBoolPlace);
  EXPECT_EQ(out->dims(), type == "logical_not" ? x_dims : DDim({2, 4}));
  return TypedValues<bool>(*out);
}

TEST(Logical, TruthTablesWithBroadcast) {
  // X [2, 4] against Y [4]: rows (F F T T) and (T T F F) against (F T F T)
  const DDim xd({2, 4}), yd({4});
  const std::vector<bool> x = {false, false, true, true, true, true, false, false};
  const std::vector<bool> y = {false, true, false, true};
  using B = std::vector<bool>;
  EXPECT_EQ(RunLogical("logical_and", xd, x, yd, y), (B{0, 0, 0, 1, 0, 1, 0, 0}));
  EXPECT_EQ(RunLogical("logical_or", xd, x, yd, y), (B{0, 1, 1, 1, 1, 1, 0, 1}));
  EXPECT_EQ(RunLogical("logical_xor", xd, x, yd, y), (B{0, 1, 1, 0, 1, 0, 0, 1}));
  EXPECT_EQ(RunLogical("logical_not", xd, x, yd, {}), (B{1, 1, 0, 0, 0, 0, 1, 1}));
}

TEST(CompareErrors, AtLoad) {
  const auto expect = [](const std::string& type, const DDim& xd, const DDim& yd,
                         const std::function<void(cpp::OpDesc*)>& set,
                         const std::string& needle) {
    SCOPED_TRACE(needle);
    OpRunner runner(type);
    runner.SetInput("X", "x", xd, std::vector<float>(xd.production(), 1.f));
    runner.SetInput("Y", "y", yd, std::vector<float>(yd.production(), 1.f));
    runner.SetOutput("Out", "out");
    set(&runner.desc());
    EXPECT_PLITE_ERROR(runner.InferShapeOnly(), needle);
  };
  expect("less_than", DDim({2, 3}), DDim({3}),
         [](cpp::OpDesc* d) { d->SetAttr<int32_t>("axis", 5); },
         "less_than: axis 5 is out of range");
  expect("equal", DDim({2, 3}), DDim({2}), [](cpp::OpDesc*) {},
         "equal: X[2, 3] and Y[2] cannot be");
  expect("greater_than", DDim({2}), DDim({2}),
         [](cpp::OpDesc* d) { d->SetAttr<std::string>("force_cpu", "no"); }, "force_cpu");
  expect("logical_and", DDim({2, 3}), DDim({4}), [](cpp::OpDesc*) {}, "logical_and: X[2, 3]");
  {
    OpRunner runner("logical_or");  // Y is required except for logical_not
    runner.SetInput("X", "x", DDim({1}), {1.f});
    runner.SetOutput("Out", "out");
    EXPECT_PLITE_ERROR(runner.InferShapeOnly(), "Y");
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
