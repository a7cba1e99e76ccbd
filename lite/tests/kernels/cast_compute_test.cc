// cast: every supported (from, to) pair against values computed here from the rules
// (bool = value != 0; float -> integer truncates and saturates; integer -> narrower integer
// wraps modulo 2^bits), round trips, fp16 rounding, and dtype errors.
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// Paddle VarType code and a printable name per element type.
template <typename T>
struct DType;
#define PLITE_TEST_DTYPE(T, code_, name_)          \
  template <>                                      \
  struct DType<T> {                                \
    static constexpr int code = code_;             \
    static constexpr const char* name = name_;     \
  }
PLITE_TEST_DTYPE(bool, 0, "bool");
PLITE_TEST_DTYPE(int16_t, 1, "int16");
PLITE_TEST_DTYPE(int32_t, 2, "int32");
PLITE_TEST_DTYPE(int64_t, 3, "int64");
PLITE_TEST_DTYPE(float16, 4, "fp16");
PLITE_TEST_DTYPE(float, 5, "fp32");
PLITE_TEST_DTYPE(double, 6, "fp64");
PLITE_TEST_DTYPE(uint8_t, 20, "uint8");
PLITE_TEST_DTYPE(int8_t, 21, "int8");
#undef PLITE_TEST_DTYPE

using AllTypes =
    std::tuple<bool, int16_t, int32_t, int64_t, float16, float, double, uint8_t, int8_t>;

template <typename T>
constexpr bool kIsFloat = std::is_floating_point_v<T> || std::is_same_v<T, float16>;

template <typename T>
T FromDouble(double v) {
  if constexpr (std::is_same_v<T, float16>) {
    return FloatToHalf(static_cast<float>(v));
  } else {
    return static_cast<T>(v);
  }
}

template <typename T>
double ToDouble(T v) {
  if constexpr (std::is_same_v<T, float16>) {
    return HalfToFloat(v);
  } else {
    return static_cast<double>(v);
  }
}

// Values each source type holds exactly and that every fp16 target represents exactly.
template <typename T>
std::vector<double> SourceValues() {
  if constexpr (std::is_same_v<T, bool>) {
    return {0, 1, 1, 0};
  } else if constexpr (std::is_same_v<T, uint8_t>) {
    return {0, 1, 2, 7, 100, 200, 255};
  } else if constexpr (std::is_integral_v<T>) {
    return {0, 1, -2, 7, 100, -100, 127, -128};
  } else {
    return {0, 1, -2.75, 7.5, 100.25, -0.5, 0.75, -100.75};
  }
}

// What casting `v` (held by a type that is floating or not) to To must give.
template <typename To>
double ExpectedValue(double v, bool from_float) {
  if constexpr (std::is_same_v<To, bool>) {
    return v != 0 ? 1 : 0;
  } else if constexpr (std::is_integral_v<To>) {
    const double lo = static_cast<double>(std::numeric_limits<To>::min());
    const double hi = static_cast<double>(std::numeric_limits<To>::max());
    if (from_float) {
      const double t = std::trunc(v);
      return t < lo ? lo : (t > hi ? hi : t);
    }
    if (v >= lo && v <= hi) return v;
    const double span = hi - lo + 1;  // 2^bits (only narrow types get here)
    double wrapped = std::fmod(v - lo, span);
    if (wrapped < 0) wrapped += span;
    return wrapped + lo;
  } else {
    return v;
  }
}

template <typename T>
Tensor* SetTyped(OpRunner* runner, const std::string& name, const std::vector<double>& values) {
  runner->desc().SetInput("X", {name});
  Tensor* t = runner->Var(name);
  t->Resize(DDim({static_cast<int64_t>(values.size())}));
  T* p = t->mutable_data<T>();
  for (size_t i = 0; i < values.size(); ++i) p[i] = FromDouble<T>(values[i]);
  return t;
}

template <typename T>
std::vector<double> ReadTyped(const Tensor& t) {
  const T* p = t.data<T>();
  std::vector<double> out;
  for (int64_t i = 0; i < t.numel(); ++i) out.push_back(ToDouble(p[i]));
  return out;
}

template <typename From, typename To>
std::vector<double> RunCast(const std::vector<double>& values) {
  OpRunner runner("cast");
  SetTyped<From>(&runner, "x", values);
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<int32_t>("in_dtype", DType<From>::code);
  runner.desc().SetAttr<int32_t>("out_dtype", DType<To>::code);
  runner.Run(Place(TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny));
  EXPECT_EQ(out->precision(), PrecisionTypeTrait<To>::value);
  EXPECT_EQ(out->dims(), DDim({static_cast<int64_t>(values.size())}));
  return ReadTyped<To>(*out);
}

template <typename From, typename To>
void CheckPair() {
  SCOPED_TRACE(std::string(DType<From>::name) + " -> " + DType<To>::name);
  const auto values = SourceValues<From>();
  std::vector<double> expected;
  for (double v : values) expected.push_back(ExpectedValue<To>(v, kIsFloat<From>));
  EXPECT_EQ((RunCast<From, To>(values)), expected);
}

template <typename From>
void CheckAllTargets() {
  std::apply([](auto... to) { (CheckPair<From, decltype(to)>(), ...); }, AllTypes{});
}

TEST(Cast, EverySupportedPair) {
  std::apply([](auto... from) { (CheckAllTargets<decltype(from)>(), ...); }, AllTypes{});
}

TEST(Cast, HandCheckedFloatToInt) {
  // Truncation toward zero.
  EXPECT_EQ((RunCast<float, int32_t>({2.9, -2.9, 0.5, -0.5})), (std::vector<double>{2, -2, 0, 0}));
  EXPECT_EQ((RunCast<float, int64_t>({1099511627776.0, -3.5})),
            (std::vector<double>{1099511627776.0, -3}));
}

TEST(Cast, OutOfRangeFloatSaturatesAndNaNIsZero) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ((RunCast<float, int32_t>({1e10, -1e10, nan})),
            (std::vector<double>{2147483647.0, -2147483648.0, 0}));
  EXPECT_EQ((RunCast<float, uint8_t>({-1, 300, 255.9})), (std::vector<double>{0, 255, 255}));
  EXPECT_EQ((RunCast<double, int8_t>({-129, 128})), (std::vector<double>{-128, 127}));
}

TEST(Cast, BoolSemantics) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ((RunCast<float, bool>({0, -0.0, 0.1, -3, nan})), (std::vector<double>{0, 0, 1, 1, 1}));
  EXPECT_EQ((RunCast<int64_t, bool>({0, -1, 256})), (std::vector<double>{0, 1, 1}));
  EXPECT_EQ((RunCast<bool, float>({0, 1})), (std::vector<double>{0, 1}));
  EXPECT_EQ((RunCast<bool, int64_t>({1, 0})), (std::vector<double>{1, 0}));
}

TEST(Cast, Fp16RoundsToNearestEven) {
  const double ulp = std::ldexp(1.0, -10);  // spacing of fp16 in [1, 2)
  EXPECT_EQ((RunCast<float, float16>({1 + ulp, 1 + ulp / 2, 1 + 3 * ulp / 2, 1 + 0.6 * ulp})),
            (std::vector<double>{1 + ulp, 1, 1 + 2 * ulp, 1 + ulp}));
  EXPECT_EQ((RunCast<float, float16>({65504, 65520, -1e6})),
            (std::vector<double>{65504, INFINITY, -INFINITY}));
  EXPECT_EQ((RunCast<int32_t, float16>({2049})), (std::vector<double>{2048}));  // tie to even
}

TEST(Cast, RoundTrips) {
  const std::vector<double> floats = {0, 1.5, -2.25, 1024, -0.125, 3.0e-3};
  const auto as_double = RunCast<float, double>(floats);
  std::vector<double> expected_floats;
  for (double v : floats) expected_floats.push_back(static_cast<float>(v));
  EXPECT_EQ(as_double, expected_floats);
  EXPECT_EQ((RunCast<double, float>(as_double)), expected_floats);

  const std::vector<double> halves = {0, 1.5, -2.25, 1024, -0.125, 65504};
  EXPECT_EQ((RunCast<float16, float>(RunCast<float, float16>(halves))), halves);

  const std::vector<double> ints = {0, -5, 123456, -2147483648.0, 2147483647.0};
  EXPECT_EQ((RunCast<int64_t, int32_t>(RunCast<int32_t, int64_t>(ints))), ints);
  EXPECT_EQ((RunCast<float, int32_t>(RunCast<int32_t, float>({-7, 0, 16777216}))),
            (std::vector<double>{-7, 0, 16777216}));
  EXPECT_EQ((RunCast<int8_t, uint8_t>(RunCast<uint8_t, int8_t>({0, 127, 128, 255}))),
            (std::vector<double>{0, 127, 128, 255}));
}

TEST(Cast, NarrowingIntegersWrap) {
  EXPECT_EQ((RunCast<int64_t, int32_t>({4294967296.0 + 5, -4294967296.0 - 1})),
            (std::vector<double>{5, -1}));
  EXPECT_EQ((RunCast<int32_t, uint8_t>({256, -1, 513})), (std::vector<double>{0, 255, 1}));
}

TEST(Cast, SourceTypeComesFromTheTensorWhenKnown) {
  // The data is int32 even though in_dtype claims fp32.
  OpRunner runner("cast");
  SetTyped<int32_t>(&runner, "x", {3, -4});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<int32_t>("in_dtype", 5);
  runner.desc().SetAttr<int32_t>("out_dtype", 3);
  runner.Run(Place(TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny));
  EXPECT_EQ(ReadTyped<int64_t>(*out), (std::vector<double>{3, -4}));
}

TEST(Cast, UntaggedSourceUsesInDtype) {
  OpRunner runner("cast");
  runner.desc().SetInput("X", {"x"});
  Tensor* x = runner.Var("x");
  x->Resize(DDim({2}));
  const int64_t values[2] = {-9, 1LL << 40};
  std::memcpy(x->mutable_data(TargetType::kHost, sizeof(values)), values, sizeof(values));
  ASSERT_EQ(x->precision(), PrecisionType::kUnk);
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<int32_t>("in_dtype", 3);
  runner.desc().SetAttr<int32_t>("out_dtype", 6);
  runner.Run(Place(TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny));
  EXPECT_EQ(ReadTyped<double>(*out), (std::vector<double>{-9, 1099511627776.0}));
}

TEST(Cast, UnknownDtypesAreRejectedAtLoad) {
  for (const auto& [attr, value] : std::vector<std::pair<std::string, int>>{
           {"out_dtype", 22}, {"in_dtype", 7}, {"out_dtype", -1}}) {
    OpRunner runner("cast");
    SetTyped<float>(&runner, "x", {1});
    runner.SetOutput("Out", "out");
    runner.desc().SetAttr<int32_t>("in_dtype", 5);
    runner.desc().SetAttr<int32_t>("out_dtype", 5);
    runner.desc().SetAttr<int32_t>(attr, value);
    try {
      runner.InferShapeOnly();
      FAIL() << "expected an error for " << attr << " = " << value;
    } catch (const PaddleLiteException& e) {
      EXPECT_NE(std::string(e.what()).find("cast: attribute " + attr + " = " +
                                           std::to_string(value) + " is not a supported"),
                std::string::npos)
          << e.what();
    }
  }
}

TEST(Cast, KernelIsRegisteredForAnyPrecision) {
  const KernelInfo* info = FindKernel("cast", Place(TargetType::kHost, PrecisionType::kAny,
                                                    DataLayoutType::kAny));
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->place.precision, PrecisionType::kAny);
  EXPECT_EQ(info->inputs.at("X").precision, PrecisionType::kAny);
  EXPECT_EQ(info->outputs.at("Out").precision, PrecisionType::kAny);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
