// clip against min(max(x, lo), hi) written out here; Min/Max tensor inputs, int32/int64
// inputs and errors.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

TEST(Clip, AttributesBound) {
  OpRunner runner("clip");
  runner.SetInput("X", "x", DDim({2, 4}), {-5, -1, 0, 0.5f, 1, 2, 3, NAN});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<float>("min", -1.5f);
  runner.desc().SetAttr<float>("max", 2.f);
  runner.Run();
  const auto got = ToVector(*out);
  ExpectAllNear(std::vector<float>(got.begin(), got.begin() + 7), {-1.5f, -1, 0, 0.5f, 1, 2, 2},
                0.f);
  EXPECT_TRUE(std::isnan(got[7]));  // NaN is passed through
}

TEST(Clip, RandomAgainstFormula) {
  const DDim dims({3, 5, 7});
  const auto x = RandomVector(dims.production(), -4.f, 4.f, 3);
  OpRunner runner("clip");
  runner.SetInput("X", "x", dims, x);
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<float>("min", -0.75f);
  runner.desc().SetAttr<float>("max", 1.25f);
  runner.Run();
  std::vector<float> expected;
  for (float v : x) expected.push_back(std::min(std::max(v, -0.75f), 1.25f));
  ExpectAllNear(ToVector(*out), expected, 0.f);
}

TEST(Clip, TensorInputsOverrideAttributes) {
  OpRunner runner("clip");
  runner.SetInput("X", "x", DDim({5}), {-3, -1, 0, 1, 3});
  runner.SetInput("Min", "min", DDim({1}), {-0.5f});
  runner.SetInput("Max", "max", DDim({1}), {2.5f});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<float>("min", 0.f);
  runner.desc().SetAttr<float>("max", 0.f);
  runner.Run();
  ExpectAllNear(ToVector(*out), {-0.5f, -0.5f, 0, 1, 2.5f}, 0.f);

  OpRunner only_max("clip");
  only_max.SetInput("X", "x", DDim({3}), {-3, 1, 3});
  only_max.SetInput("Max", "max", DDim({1}), {2.f});
  Tensor* out2 = only_max.SetOutput("Out", "out");
  only_max.desc().SetAttr<float>("min", -1.f);
  only_max.desc().SetAttr<float>("max", 100.f);
  only_max.Run();
  ExpectAllNear(ToVector(*out2), {-1, 1, 2}, 0.f);
}

void ExpectClipError(OpRunner* runner, bool run_kernel, const std::string& needle) {
  try {
    if (run_kernel) {
      runner->Run();
    } else {
      runner->InferShapeOnly();
    }
    FAIL() << "expected an error containing " << needle;
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

TEST(Clip, Errors) {
  {
    OpRunner runner("clip");
    runner.SetInput("X", "x", DDim({1}), {0});
    runner.SetOutput("Out", "out");
    runner.desc().SetAttr<float>("min", 2.f);
    runner.desc().SetAttr<float>("max", 1.f);
    ExpectClipError(&runner, false, "attribute min (2) must not exceed attribute max (1)");
  }
  {
    OpRunner runner("clip");
    runner.SetInput("X", "x", DDim({1}), {0});
    runner.SetInput("Min", "min", DDim({1}), {3.f});
    runner.SetOutput("Out", "out");
    runner.desc().SetAttr<float>("min", 0.f);
    runner.desc().SetAttr<float>("max", 1.f);
    ExpectClipError(&runner, true, "min (3) must not exceed max (1)");
  }
  {
    OpRunner runner("clip");
    runner.SetInput("X", "x", DDim({1}), {0});
    runner.SetInput("Min", "min", DDim({2}), {0.f, 1.f});
    runner.SetOutput("Out", "out");
    runner.desc().SetAttr<float>("min", 0.f);
    runner.desc().SetAttr<float>("max", 1.f);
    ExpectClipError(&runner, false, "input Min must hold one element");
  }
  {
    OpRunner runner("clip");
    runner.SetInput("X", "x", DDim({1}), {0});
    runner.SetOutput("Out", "out");
    runner.desc().SetAttr<float>("min", std::nanf(""));
    runner.desc().SetAttr<float>("max", 1.f);
    ExpectClipError(&runner, false, "clip: attribute min is NaN");
  }
  {
    OpRunner runner("clip");
    runner.SetInput("X", "x", DDim({1}), {0});
    runner.SetOutput("Out", "out");
    runner.desc().SetAttr<std::string>("max", "1");
    ExpectClipError(&runner, false, "max");
  }
  {  // a bound tensor of another type than X
    OpRunner runner("clip");
    runner.SetInput("X", "x", DDim({1}), {0});
    SetTypedInput<int32_t>(&runner, "Max", "max", DDim({1}), {3});
    runner.SetOutput("Out", "out");
    runner.desc().SetAttr<float>("min", 0.f);
    runner.desc().SetAttr<float>("max", 1.f);
    ExpectClipError(&runner, true, "clip: input Max holds int32, expected X's type float");
  }
}

// Integer X: float attributes truncate toward zero and saturate; tensor bounds of X's type.
template <typename T>
void ExpectIntegerClip(PrecisionType precision) {
  const Place place(TargetType::kHost, precision, DataLayoutType::kNCHW);
  const T max = std::numeric_limits<T>::max();
  {
    OpRunner runner("clip");
    SetTypedInput<T>(&runner, "X", "x", DDim({2, 3}), {-9, -2, 0, 2, 9, max});
    Tensor* out = runner.SetOutput("Out", "out");
    runner.desc().SetAttr<float>("min", -2.7f);  // -2
    runner.desc().SetAttr<float>("max", 3.4e38f);  // float32's largest: no upper bound
    runner.Run(place);
    EXPECT_EQ(out->precision(), precision);
    EXPECT_EQ(TypedValues<T>(*out), (std::vector<T>{-2, -2, 0, 2, 9, max}));
  }
  {
    OpRunner runner("clip");
    SetTypedInput<T>(&runner, "X", "x", DDim({5}), {-9, -2, 0, 2, 9});
    SetTypedInput<T>(&runner, "Min", "lo", DDim({1}), {-1});
    SetTypedInput<T>(&runner, "Max", "hi", DDim({1}), {4});
    Tensor* out = runner.SetOutput("Out", "out");
    runner.desc().SetAttr<float>("min", -100.f);
    runner.desc().SetAttr<float>("max", 100.f);
    runner.Run(place);
    EXPECT_EQ(TypedValues<T>(*out), (std::vector<T>{-1, -1, 0, 2, 4}));
  }
}

TEST(Clip, IntegerInputs) {
  ExpectIntegerClip<int32_t>(PrecisionType::kInt32);
  ExpectIntegerClip<int64_t>(PrecisionType::kInt64);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
