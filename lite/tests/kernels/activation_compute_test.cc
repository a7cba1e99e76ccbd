// Activations against their formulas written out here, with non-default attributes.
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// Inputs covering negatives, zero, both sides of every clamp, and odd sizes.
std::vector<float> Inputs() {
  std::vector<float> v = {-10.f, -6.f, -3.f, -2.5f, -1.f, -0.5f, 0.f, 0.25f,
                          0.5f,  1.f,  2.5f, 3.f,   4.f,  5.9f,  6.f, 7.f, 30.f};
  const auto r = RandomVector(40, -8.f, 8.f, 7);
  v.insert(v.end(), r.begin(), r.end());
  return v;
}

void CheckActivation(const std::string& type,
                     const std::vector<std::pair<std::string, float>>& attrs,
                     const std::function<double(double)>& formula, const DDim& dims) {
  SCOPED_TRACE(type);
  const auto x = RandomVector(dims.production(), -8.f, 8.f, 11);
  OpRunner runner(type);
  runner.SetInput("X", "x", dims, x);
  Tensor* out = runner.SetOutput("Out", "out");
  for (const auto& [name, value] : attrs) runner.desc().SetAttr<float>(name, value);
  runner.Run();
  EXPECT_EQ(out->dims(), dims);
  std::vector<float> expected;
  for (float v : x) expected.push_back(static_cast<float>(formula(v)));
  ExpectAllNear(ToVector(*out), expected, 1e-6f, 1e-6f);

  // Fixed inputs at the interesting points, flattened.
  const auto fixed = Inputs();
  OpRunner runner2(type);
  runner2.SetInput("X", "x", DDim({static_cast<int64_t>(fixed.size())}), fixed);
  Tensor* out2 = runner2.SetOutput("Out", "out");
  for (const auto& [name, value] : attrs) runner2.desc().SetAttr<float>(name, value);
  runner2.Run();
  expected.clear();
  for (float v : fixed) expected.push_back(static_cast<float>(formula(v)));
  ExpectAllNear(ToVector(*out2), expected, 1e-6f, 1e-6f);
}

TEST(Activation, Relu) {
  CheckActivation("relu", {}, [](double x) { return x > 0 ? x : 0; }, DDim({2, 3, 5}));
}

TEST(Activation, Relu6WithThreshold) {
  CheckActivation("relu6", {{"threshold", 4.5f}},
                  [](double x) { return x < 0 ? 0 : (x > 4.5 ? 4.5 : x); }, DDim({3, 7}));
  CheckActivation("relu6", {}, [](double x) { return x < 0 ? 0 : (x > 6 ? 6 : x); },
                  DDim({1, 3, 3, 3}));
}

TEST(Activation, LeakyReluWithAlpha) {
  CheckActivation("leaky_relu", {{"alpha", 0.1f}},
                  [](double x) { return x >= 0 ? x : 0.1 * x; }, DDim({5, 3}));
  CheckActivation("leaky_relu", {}, [](double x) { return x >= 0 ? x : 0.02 * x; },
                  DDim({13}));
}

TEST(Activation, HardSwish) {
  // x * min(max(x + offset, 0), threshold) / scale
  CheckActivation("hard_swish", {},
                  [](double x) { return x * std::min(std::max(x + 3, 0.0), 6.0) / 6; },
                  DDim({2, 9}));
  CheckActivation("hard_swish", {{"threshold", 5.f}, {"scale", 4.f}, {"offset", 2.f}},
                  [](double x) { return x * std::min(std::max(x + 2, 0.0), 5.0) / 4; },
                  DDim({1, 2, 3, 5}));
}

TEST(Activation, HardSigmoidWithModelSlope) {
  // min(max(slope * x + offset, 0), 1) with the slope models store.
  CheckActivation("hard_sigmoid", {{"slope", 0.1666667f}, {"offset", 0.5f}},
                  [](double x) {
                    return std::min(std::max(double{0.1666667f} * x + 0.5, 0.0), 1.0);
                  },
                  DDim({4, 5}));
  CheckActivation("hard_sigmoid", {},
                  [](double x) { return std::min(std::max(0.2 * x + 0.5, 0.0), 1.0); },
                  DDim({7}));
}

TEST(Activation, Sigmoid) {
  CheckActivation("sigmoid", {}, [](double x) { return 1 / (1 + std::exp(-x)); },
                  DDim({3, 11}));
}

TEST(Activation, HandCheckedValues) {
  OpRunner runner("hard_sigmoid");
  runner.SetInput("X", "x", DDim({4}), {-3.f, 0.f, 1.5f, 6.f});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<float>("slope", 0.25f);
  runner.desc().SetAttr<float>("offset", 0.5f);
  runner.Run();
  ExpectAllNear(ToVector(*out), {0.f, 0.5f, 0.875f, 1.f}, 0.f);
}

TEST(Activation, KeepsLoD) {
  OpRunner runner("relu");
  Tensor* x = runner.SetInput("X", "x", DDim({3, 1}), {1, -1, 2});
  x->set_lod({{0, 1, 3}});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.Run();
  EXPECT_EQ(out->lod(), x->lod());
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
