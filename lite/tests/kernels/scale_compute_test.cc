// scale: both bias orders, the ScaleTensor override and the integer kernels.
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

std::vector<float> RunScale(const std::vector<float>& x, float scale, float bias,
                            bool bias_after_scale) {
  OpRunner runner("scale");
  runner.SetInput("X", "x", DDim({static_cast<int64_t>(x.size())}), x);
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<float>("scale", scale);
  runner.desc().SetAttr<float>("bias", bias);
  runner.desc().SetAttr<bool>("bias_after_scale", bias_after_scale);
  runner.Run();
  return ToVector(*out);
}

TEST(Scale, BiasAfterScale) {
  // 2 * x + 1
  ExpectAllNear(RunScale({-1, 0, 1.5f, 3}, 2.f, 1.f, true), {-1, 1, 4, 7}, 0.f);
}

TEST(Scale, BiasBeforeScale) {
  // 2 * (x + 1)
  ExpectAllNear(RunScale({-1, 0, 1.5f, 3}, 2.f, 1.f, false), {0, 2, 5, 8}, 0.f);
}

TEST(Scale, RandomBothOrders) {
  const auto x = RandomVector(37, -3.f, 3.f, 9);
  std::vector<float> after;
  std::vector<float> before;
  for (float v : x) {
    after.push_back(static_cast<float>(double{v} * -0.37 + 0.25));
    before.push_back(static_cast<float>((double{v} + 0.25) * -0.37));
  }
  ExpectAllNear(RunScale(x, -0.37f, 0.25f, true), after, 1e-6f, 1e-6f);
  ExpectAllNear(RunScale(x, -0.37f, 0.25f, false), before, 1e-6f, 1e-6f);
}

TEST(Scale, DefaultsAndIntBooleanAttribute) {
  OpRunner runner("scale");
  runner.SetInput("X", "x", DDim({2, 2}), {1, 2, 3, 4});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<float>("scale", 3.f);
  runner.desc().SetAttr<float>("bias", 1.f);
  runner.desc().SetAttr<int32_t>("bias_after_scale", 0);  // INT-typed flag in older models
  runner.Run();
  EXPECT_EQ(out->dims(), DDim({2, 2}));
  ExpectAllNear(ToVector(*out), {6, 9, 12, 15}, 0.f);
}

TEST(Scale, ScaleTensorOverridesAttribute) {
  OpRunner runner("scale");
  runner.SetInput("X", "x", DDim({3}), {1, 2, 3});
  runner.SetInput("ScaleTensor", "s", DDim({1}), {-2.f});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<float>("scale", 100.f);
  runner.desc().SetAttr<float>("bias", 0.5f);
  runner.desc().SetAttr<bool>("bias_after_scale", true);
  runner.Run();
  ExpectAllNear(ToVector(*out), {-1.5f, -3.5f, -5.5f}, 0.f);
}

TEST(Scale, ScaleTensorMustHoldOneElement) {
  OpRunner runner("scale");
  runner.SetInput("X", "x", DDim({3}), {1, 2, 3});
  runner.SetInput("ScaleTensor", "s", DDim({2}), {1.f, 2.f});
  runner.SetOutput("Out", "out");
  try {
    runner.InferShapeOnly();
    FAIL() << "expected an error";
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find("ScaleTensor must hold one element"), std::string::npos)
        << e.what();
  }
}

template <typename T>
std::vector<T> RunIntegerScale(PrecisionType precision, const std::vector<T>& x, float scale,
                               float bias, bool bias_after_scale) {
  OpRunner runner("scale");
  runner.desc().SetInput("X", {"x"});
  Tensor* in = runner.Var("x");
  in->Resize(DDim({static_cast<int64_t>(x.size())}));
  std::memcpy(in->mutable_data<T>(), x.data(), x.size() * sizeof(T));
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<float>("scale", scale);
  runner.desc().SetAttr<float>("bias", bias);
  runner.desc().SetAttr<bool>("bias_after_scale", bias_after_scale);
  runner.Run(Place(TargetType::kHost, precision, DataLayoutType::kNCHW));
  EXPECT_EQ(out->precision(), precision);
  const T* p = out->data<T>();
  return std::vector<T>(p, p + out->numel());
}

template <typename T>
void CheckIntegerScale(PrecisionType precision) {
  // Typical shape arithmetic: n * 1 - 1, (n + 1) * 2.
  EXPECT_EQ(RunIntegerScale<T>(precision, {4, 0, -3}, 1.f, -1.f, true),
            (std::vector<T>{3, -1, -4}));
  EXPECT_EQ(RunIntegerScale<T>(precision, {4, 0, -3}, 2.f, 1.f, false),
            (std::vector<T>{10, 2, -4}));
  // scale and bias are converted to the element type first (truncation: 2.9 -> 2, -1.5 -> -1).
  EXPECT_EQ(RunIntegerScale<T>(precision, {5, -5}, 2.9f, -1.5f, true), (std::vector<T>{9, -11}));
  // Overflow wraps around in two's complement: max * 2 = -2, then + 1 = -1; (max + 1) * 1 = min.
  const T max = std::numeric_limits<T>::max();
  EXPECT_EQ(RunIntegerScale<T>(precision, {max}, 2.f, 1.f, true), (std::vector<T>{-1}));
  EXPECT_EQ(RunIntegerScale<T>(precision, {max}, 1.f, 1.f, false),
            (std::vector<T>{std::numeric_limits<T>::min()}));
}

TEST(Scale, Int32Kernel) { CheckIntegerScale<int32_t>(PrecisionType::kInt32); }
TEST(Scale, Int64Kernel) {
  CheckIntegerScale<int64_t>(PrecisionType::kInt64);
  // Exact beyond float's 24-bit mantissa.
  const int64_t big = (int64_t{1} << 40) + 1;
  EXPECT_EQ(RunIntegerScale<int64_t>(PrecisionType::kInt64, {big}, 1.f, 1.f, true),
            (std::vector<int64_t>{big + 1}));
}

TEST(Scale, IntegerKernelRejectsUnrepresentableScale) {
  try {
    RunIntegerScale<int32_t>(PrecisionType::kInt32, {1}, 1e20f, 0.f, true);
    FAIL() << "expected an error";
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find("does not fit the integer element type"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
