// elementwise_add/sub/mul/div/pow/max/min/floordiv/mod against a naive broadcasting
// reference. Each case states
// by hand how Y (or X) lines up with the output, so the reference does not reuse the
// op's alignment logic.
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

using BinaryFn = std::function<double(double, double)>;

struct OpCase {
  std::string type;
  BinaryFn fn;
  float x_lo = -2.f;  // pow takes positive bases (a negative one to a fraction is NaN)
};

const std::vector<OpCase>& AllOps() {
  static const std::vector<OpCase> ops = {
      {"elementwise_add", [](double a, double b) { return a + b; }},
      {"elementwise_sub", [](double a, double b) { return a - b; }},
      {"elementwise_mul", [](double a, double b) { return a * b; }},
      {"elementwise_div", [](double a, double b) { return a / b; }},
      {"elementwise_pow", [](double a, double b) { return std::pow(a, b); }, 0.1f},
      {"elementwise_max", [](double a, double b) { return a > b ? a : b; }},
      {"elementwise_min", [](double a, double b) { return a < b ? a : b; }},
      {"elementwise_floordiv", [](double a, double b) { return std::floor(a / b); }},
      // the remainder has the divisor's sign
      {"elementwise_mod", [](double a, double b) { return a - b * std::floor(a / b); }},
  };
  return ops;
}

// out[i] = fn(x[...], y[...]) where x_dims/y_dims have the output's rank and a dim of 1
// repeats along that axis (numpy broadcasting written out index by index).
std::vector<float> Reference(const std::vector<float>& x, const std::vector<int64_t>& x_dims,
                             const std::vector<float>& y, const std::vector<int64_t>& y_dims,
                             const std::vector<int64_t>& out_dims, const BinaryFn& fn) {
  int64_t count = 1;
  for (int64_t d : out_dims) count *= d;
  std::vector<float> out(count);
  for (int64_t flat = 0; flat < count; ++flat) {
    std::vector<int64_t> coord(out_dims.size());
    int64_t rest = flat;
    for (size_t d = out_dims.size(); d-- > 0;) {
      coord[d] = rest % out_dims[d];
      rest /= out_dims[d];
    }
    int64_t xi = 0;
    int64_t yi = 0;
    for (size_t d = 0; d < out_dims.size(); ++d) {
      xi = xi * x_dims[d] + (x_dims[d] == 1 ? 0 : coord[d]);
      yi = yi * y_dims[d] + (y_dims[d] == 1 ? 0 : coord[d]);
    }
    out[flat] = static_cast<float>(fn(x[xi], y[yi]));
  }
  return out;
}

int64_t Count(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

struct BroadcastCase {
  std::vector<int64_t> x_dims;
  std::vector<int64_t> y_dims;
  int axis;
  std::vector<int64_t> x_aligned;  // x_dims written at the output's rank
  std::vector<int64_t> y_aligned;
  std::vector<int64_t> out_dims;
};

void RunCase(const OpCase& op, const BroadcastCase& c, uint32_t seed) {
  SCOPED_TRACE(op.type + " X" + StrCat(c.x_dims) + " Y" + StrCat(c.y_dims) + " axis " +
               std::to_string(c.axis));
  const auto x = RandomVector(Count(c.x_dims), op.x_lo, 2.f, seed);
  auto y = RandomVector(Count(c.y_dims), 0.5f, 2.f, seed + 1);  // away from 0 for div
  for (size_t i = 0; i < y.size(); i += 2) y[i] = -y[i];
  OpRunner runner(op.type);
  runner.SetInput("X", "x", DDim(c.x_dims), x);
  runner.SetInput("Y", "y", DDim(c.y_dims), y);
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<int32_t>("axis", c.axis);
  runner.Run();
  EXPECT_EQ(out->dims(), DDim(c.out_dims));
  ExpectAllNear(ToVector(*out), Reference(x, c.x_aligned, y, c.y_aligned, c.out_dims, op.fn),
                2e-6f, 1e-6f);
}

TEST(Elementwise, HandComputedAddWithTrailingAxis) {
  OpRunner runner("elementwise_add");
  runner.SetInput("X", "x", DDim({2, 3}), {1, 2, 3, 4, 5, 6});
  runner.SetInput("Y", "y", DDim({3}), {10, 20, 30});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<int32_t>("axis", -1);
  runner.Run();
  EXPECT_EQ(out->dims(), DDim({2, 3}));
  ExpectAllNear(ToVector(*out), {11, 22, 33, 14, 25, 36}, 0.f);
}

TEST(Elementwise, HandComputedDivAlongAxis0) {
  OpRunner runner("elementwise_div");
  runner.SetInput("X", "x", DDim({2, 3}), {2, 4, 6, 9, 12, 15});
  runner.SetInput("Y", "y", DDim({2}), {2, 3});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<int32_t>("axis", 0);
  runner.Run();
  ExpectAllNear(ToVector(*out), {1, 2, 3, 3, 4, 5}, 0.f);
}

TEST(Elementwise, AllOpsAllBroadcastForms) {
  const std::vector<BroadcastCase> cases = {
      // same shape
      {{2, 3, 5}, {2, 3, 5}, -1, {2, 3, 5}, {2, 3, 5}, {2, 3, 5}},
      // axis -1: Y matches X's trailing dims
      {{2, 3, 7}, {7}, -1, {2, 3, 7}, {1, 1, 7}, {2, 3, 7}},
      {{2, 3, 7}, {3, 7}, -1, {2, 3, 7}, {1, 3, 7}, {2, 3, 7}},
      // axis 1: per-channel bias on NCHW
      {{2, 3, 4, 5}, {3}, 1, {2, 3, 4, 5}, {1, 3, 1, 1}, {2, 3, 4, 5}},
      {{1, 5, 3, 3}, {5, 3}, 1, {1, 5, 3, 3}, {1, 5, 3, 1}, {1, 5, 3, 3}},
      // axis 0
      {{3, 4}, {3}, 0, {3, 4}, {3, 1}, {3, 4}},
      {{3, 2, 5}, {3, 2}, 0, {3, 2, 5}, {3, 2, 1}, {3, 2, 5}},
      // Y's trailing 1-dims trimmed so it fits at the axis
      {{2, 3}, {3, 1}, 1, {2, 3}, {1, 3}, {2, 3}},
      {{2, 3, 4}, {3, 1, 1}, 1, {2, 3, 4}, {1, 3, 1}, {2, 3, 4}},
      // size-1 dims of the same rank broadcast both ways
      {{2, 3, 1, 5}, {1, 3, 4, 1}, -1, {2, 3, 1, 5}, {1, 3, 4, 1}, {2, 3, 4, 5}},
      {{2, 1, 4}, {3, 1}, -1, {2, 1, 4}, {1, 3, 1}, {2, 3, 4}},
      {{1}, {2, 3}, -1, {1, 1}, {2, 3}, {2, 3}},
      // X is the smaller operand: it is aligned inside Y
      {{4}, {2, 3, 4}, -1, {1, 1, 4}, {2, 3, 4}, {2, 3, 4}},
      {{3}, {2, 3, 4}, 1, {1, 3, 1}, {2, 3, 4}, {2, 3, 4}},
      {{2, 1}, {2, 5, 3}, 0, {2, 1, 1}, {2, 5, 3}, {2, 5, 3}},
      // scalar-like Y
      {{2, 3}, {1}, -1, {2, 3}, {1, 1}, {2, 3}},
  };
  uint32_t seed = 1;
  for (const auto& op : AllOps()) {
    for (const auto& c : cases) RunCase(op, c, seed++);
  }
}

TEST(Elementwise, SubAndDivKeepOperandOrderWhenXIsSmaller) {
  OpRunner runner("elementwise_sub");
  runner.SetInput("X", "x", DDim({2}), {10, 20});
  runner.SetInput("Y", "y", DDim({2, 2}), {1, 2, 3, 4});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.Run();
  ExpectAllNear(ToVector(*out), {9, 18, 7, 16}, 0.f);
}

TEST(Elementwise, FusedActivations) {
  {
    OpRunner runner("elementwise_add");
    runner.SetInput("X", "x", DDim({4}), {-3, -1, 1, 3});
    runner.SetInput("Y", "y", DDim({4}), {1, 0.5f, 0.5f, 1});
    Tensor* out = runner.SetOutput("Out", "out");
    runner.desc().SetAttr<std::string>("act_type", "relu");
    runner.Run();
    ExpectAllNear(ToVector(*out), {0, 0, 1.5f, 4}, 0.f);
  }
  {
    OpRunner runner("elementwise_mul");
    runner.SetInput("X", "x", DDim({3}), {-2, 1, 4});
    runner.SetInput("Y", "y", DDim({1}), {2});
    Tensor* out = runner.SetOutput("Out", "out");
    runner.desc().SetAttr<std::string>("act_type", "leaky_relu");
    runner.desc().SetAttr<float>("act_alpha", 0.1f);
    runner.Run();
    ExpectAllNear(ToVector(*out), {-0.4f, 2, 8}, 1e-6f);
  }
  {
    OpRunner runner("elementwise_sub");
    runner.SetInput("X", "x", DDim({3}), {10, 3, -1});
    runner.SetInput("Y", "y", DDim({3}), {1, 1, 1});
    Tensor* out = runner.SetOutput("Out", "out");
    runner.desc().SetAttr<std::string>("act_type", "relu6");
    runner.desc().SetAttr<float>("act_threshold", 4.f);
    runner.Run();
    ExpectAllNear(ToVector(*out), {4, 2, 0}, 0.f);
  }
}

template <typename T>
Tensor* SetTypedInput(OpRunner* runner, const std::string& param, const std::string& name,
                      const DDim& dims, const std::vector<T>& values) {
  runner->desc().SetInput(param, {name});
  Tensor* t = runner->Var(name);
  t->Resize(dims);
  std::memcpy(t->mutable_data<T>(), values.data(), values.size() * sizeof(T));
  return t;
}

template <typename T>
std::vector<T> TypedValues(const Tensor& t) {
  const T* p = t.data<T>();
  return std::vector<T>(p, p + t.numel());
}

template <typename T>
void ExpectIntegerOps(PrecisionType precision) {
  const Place place(TargetType::kHost, precision, DataLayoutType::kNCHW);
  const std::vector<T> x = {7, -7, 9, 100, -3, 0};
  const std::vector<T> y = {2, 3, -4};
  // Hand-computed, with C++ truncating division: 7/2=3, -7/3=-2, 9/-4=-2, ...
  const std::vector<std::pair<std::string, std::vector<T>>> expected = {
      {"elementwise_add", {9, -4, 5, 102, 0, -4}},
      {"elementwise_sub", {5, -10, 13, 98, -6, 4}},
      {"elementwise_mul", {14, -21, -36, 200, -9, 0}},
      {"elementwise_div", {3, -2, -2, 50, -1, 0}},
  };
  for (const auto& [type, want] : expected) {
    SCOPED_TRACE(type);
    OpRunner runner(type);
    SetTypedInput<T>(&runner, "X", "x", DDim({2, 3}), x);
    SetTypedInput<T>(&runner, "Y", "y", DDim({3}), y);
    Tensor* out = runner.SetOutput("Out", "out");
    runner.Run(place);
    EXPECT_EQ(out->precision(), precision);
    EXPECT_EQ(TypedValues<T>(*out), want);
  }
  {  // large int64 values stay exact (no detour through float)
    OpRunner runner("elementwise_add");
    const T big = std::is_same_v<T, int64_t> ? static_cast<T>(int64_t{1} << 40) : T(1 << 30);
    SetTypedInput<T>(&runner, "X", "x", DDim({1}), {big});
    SetTypedInput<T>(&runner, "Y", "y", DDim({1}), {1});
    Tensor* out = runner.SetOutput("Out", "out");
    runner.Run(place);
    EXPECT_EQ(TypedValues<T>(*out), std::vector<T>{static_cast<T>(big + 1)});
  }
  {  // overflow wraps around in two's complement (hand-worked), as on Paddle's hardware
    const T max = std::numeric_limits<T>::max();
    const T min = std::numeric_limits<T>::min();
    const std::vector<std::pair<std::string, std::vector<T>>> cases = {
        {"elementwise_add", {max, 1, min}},  // x, y, want
        {"elementwise_sub", {min, 1, max}},
        {"elementwise_mul", {max, 2, -2}},
        {"elementwise_div", {min, -1, min}},
    };
    for (const auto& [type, v] : cases) {
      OpRunner runner(type);
      SetTypedInput<T>(&runner, "X", "x", DDim({1}), {v[0]});
      SetTypedInput<T>(&runner, "Y", "y", DDim({1}), {v[1]});
      Tensor* out = runner.SetOutput("Out", "out");
      runner.Run(place);
      EXPECT_EQ(TypedValues<T>(*out), std::vector<T>{v[2]}) << type;
    }
  }
  {  // fused relu
    OpRunner runner("elementwise_sub");
    SetTypedInput<T>(&runner, "X", "x", DDim({3}), {1, 5, -2});
    SetTypedInput<T>(&runner, "Y", "y", DDim({1}), {2});
    Tensor* out = runner.SetOutput("Out", "out");
    runner.desc().SetAttr<std::string>("act_type", "relu");
    runner.Run(place);
    EXPECT_EQ(TypedValues<T>(*out), (std::vector<T>{0, 3, 0}));
  }
  {  // integer division by zero is an error, not a crash
    OpRunner runner("elementwise_div");
    SetTypedInput<T>(&runner, "X", "x", DDim({2}), {1, 2});
    SetTypedInput<T>(&runner, "Y", "y", DDim({2}), {1, 0});
    runner.SetOutput("Out", "out");
    try {
      runner.Run(place);
      FAIL() << "expected an error";
    } catch (const PaddleLiteException& e) {
      EXPECT_NE(std::string(e.what()).find("division by zero"), std::string::npos) << e.what();
    }
  }
  {  // other fused activations are refused by the integer kernels
    OpRunner runner("elementwise_add");
    SetTypedInput<T>(&runner, "X", "x", DDim({1}), {1});
    SetTypedInput<T>(&runner, "Y", "y", DDim({1}), {1});
    runner.SetOutput("Out", "out");
    runner.desc().SetAttr<std::string>("act_type", "sigmoid");
    try {
      runner.Run(place);
      FAIL() << "expected an error";
    } catch (const PaddleLiteException& e) {
      EXPECT_NE(std::string(e.what()).find("only a fused relu"), std::string::npos) << e.what();
    }
  }
}

TEST(Elementwise, Int32Kernels) { ExpectIntegerOps<int32_t>(PrecisionType::kInt32); }
TEST(Elementwise, Int64Kernels) { ExpectIntegerOps<int64_t>(PrecisionType::kInt64); }

// Integer pow, max, min, floordiv and mod worked by hand: floordiv rounds toward negative
// infinity and mod takes the divisor's sign (Python's // and %).
template <typename T>
void ExpectMoreIntegerOps(PrecisionType precision) {
  const Place place(TargetType::kHost, precision, DataLayoutType::kNCHW);
  const auto run = [&](const std::string& type, const std::vector<T>& x,
                       const std::vector<T>& y) {
    OpRunner runner(type);
    SetTypedInput<T>(&runner, "X", "x", DDim({2, 3}), x);
    SetTypedInput<T>(&runner, "Y", "y", DDim({3}), y);
    Tensor* out = runner.SetOutput("Out", "out");
    runner.Run(place);
    EXPECT_EQ(out->precision(), precision);
    return TypedValues<T>(*out);
  };
  // pairs (7, 2) (-7, 3) (9, -4) (100, 2) (-3, 3) (0, -4)
  const std::vector<T> x = {7, -7, 9, 100, -3, 0};
  const std::vector<T> y = {2, 3, -4};
  EXPECT_EQ(run("elementwise_floordiv", x, y), (std::vector<T>{3, -3, -3, 50, -1, 0}));
  EXPECT_EQ(run("elementwise_mod", x, y), (std::vector<T>{1, 2, -3, 0, 0, 0}));
  EXPECT_EQ(run("elementwise_max", x, y), (std::vector<T>{7, 3, 9, 100, 3, 0}));
  EXPECT_EQ(run("elementwise_min", x, y), (std::vector<T>{2, -7, -4, 2, -3, -4}));
  // pairs (2, 10) (-3, 3) (-1, -1) (1, 10) (0, 3) (3, -1): a negative power truncates
  EXPECT_EQ(run("elementwise_pow", {2, -3, -1, 1, 0, 3}, {10, 3, -1}),
            (std::vector<T>{1024, -27, -1, 1, 0, 0}));
  for (const std::string type : {"elementwise_floordiv", "elementwise_mod"}) {
    ExpectErrorContaining([&] { run(type, x, {1, 0, 1}); }, type + ": integer division by zero");
  }
  ExpectErrorContaining([&] { run("elementwise_pow", x, {1, 1, -1}); },
                        "elementwise_pow: 0 raised to the negative power");
  {  // lowest // -1 and lowest % -1 overflow in C++; they wrap (and give 0)
    const T min = std::numeric_limits<T>::min();
    EXPECT_EQ(run("elementwise_floordiv", {min, 1, 1, 1, 1, 1}, {-1, 1, 1})[0], min);
    EXPECT_EQ(run("elementwise_mod", {min, 1, 1, 1, 1, 1}, {-1, 1, 1})[0], T(0));
  }
}

TEST(Elementwise, MoreInt32Kernels) { ExpectMoreIntegerOps<int32_t>(PrecisionType::kInt32); }
TEST(Elementwise, MoreInt64Kernels) { ExpectMoreIntegerOps<int64_t>(PrecisionType::kInt64); }

TEST(Elementwise, Int64PowIsExact) {
  OpRunner runner("elementwise_pow");
  SetTypedInput<int64_t>(&runner, "X", "x", DDim({2}), {2, 3});
  SetTypedInput<int64_t>(&runner, "Y", "y", DDim({2}), {40, 39});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.Run(Place(TargetType::kHost, PrecisionType::kInt64, DataLayoutType::kNCHW));
  // 3^39 = 4052555153018976267 needs all 62 bits (a detour through double would round it)
  EXPECT_EQ(TypedValues<int64_t>(*out),
            (std::vector<int64_t>{int64_t{1} << 40, 4052555153018976267LL}));
}

// Float mod / floordiv signs, worked by hand: pairs (5.5, 2) (-5.5, 2) (5.5, -2) (-5.5, -2)
// (4, 2) (1, 0).
TEST(Elementwise, FloatModFloorDivPowByHand) {
  const auto run = [](const std::string& type, const std::vector<float>& x,
                      const std::vector<float>& y) {
    OpRunner runner(type);
    runner.SetInput("X", "x", DDim({static_cast<int64_t>(x.size())}), x);
    runner.SetInput("Y", "y", DDim({static_cast<int64_t>(y.size())}), y);
    Tensor* out = runner.SetOutput("Out", "out");
    runner.Run();
    return ToVector(*out);
  };
  const std::vector<float> x = {5.5f, -5.5f, 5.5f, -5.5f, 4.f, 1.f};
  const std::vector<float> y = {2.f, 2.f, -2.f, -2.f, 2.f, 0.f};
  auto got = run("elementwise_mod", x, y);
  ExpectAllNear({got.begin(), got.end() - 1}, {1.5f, 0.5f, -0.5f, -1.5f, 0.f}, 0.f);
  EXPECT_TRUE(std::isnan(got.back()));  // fmod(1, 0)
  got = run("elementwise_floordiv", x, y);
  ExpectAllNear({got.begin(), got.end() - 1}, {2.f, -3.f, -3.f, 2.f, 2.f}, 0.f);
  EXPECT_TRUE(std::isinf(got.back()) && got.back() > 0);  // 1 / 0
  got = run("elementwise_pow", {2.f, 4.f, -2.f, 0.f}, {0.5f, -1.f, 3.f, 0.f});
  ExpectAllNear(got, {1.41421356f, 0.25f, -8.f, 1.f}, 1e-7f);
  got = run("elementwise_max", {1.f, -2.f, 3.f}, {-1.f, 5.f, 3.f});
  ExpectAllNear(got, {1.f, 5.f, 3.f}, 0.f);
  got = run("elementwise_min", {1.f, -2.f, 3.f}, {-1.f, 5.f, 3.f});
  ExpectAllNear(got, {-1.f, -2.f, 3.f}, 0.f);
}

void ExpectShapeError(const std::vector<int64_t>& x_dims, const std::vector<int64_t>& y_dims,
                      int axis, const std::string& needle) {
  OpRunner runner("elementwise_add");
  runner.SetInput("X", "x", DDim(x_dims), std::vector<float>(Count(x_dims), 1.f));
  runner.SetInput("Y", "y", DDim(y_dims), std::vector<float>(Count(y_dims), 1.f));
  runner.SetOutput("Out", "out");
  runner.desc().SetAttr<int32_t>("axis", axis);
  try {
    runner.InferShapeOnly();
    FAIL() << "expected an error for X" << DDim(x_dims) << " Y" << DDim(y_dims);
  } catch (const PaddleLiteException& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("elementwise_add"), std::string::npos) << msg;
    EXPECT_NE(msg.find(needle), std::string::npos) << msg;
  }
}

TEST(Elementwise, IncompatibleShapesAreRejected) {
  ExpectShapeError({2, 3}, {4}, -1, "cannot be broadcast");
  ExpectShapeError({2, 3, 4}, {3}, -1, "cannot be broadcast");  // needs axis 1
  ExpectShapeError({2, 3, 4}, {2, 4}, -1, "cannot be broadcast");
  ExpectShapeError({2, 3}, {3}, 2, "cannot be aligned");
  ExpectShapeError({2, 3}, {3, 2}, 1, "cannot be aligned");
  ExpectShapeError({2, 3}, {3}, 5, "out of range");
}

TEST(Elementwise, UnknownFusedActivationIsRejectedAtLoad) {
  OpRunner runner("elementwise_add");
  runner.SetInput("X", "x", DDim({1}), {1});
  runner.SetInput("Y", "y", DDim({1}), {1});
  runner.SetOutput("Out", "out");
  runner.desc().SetAttr<std::string>("act_type", "softplus");
  try {
    runner.InferShapeOnly();
    FAIL() << "expected an error";
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find("softplus"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
