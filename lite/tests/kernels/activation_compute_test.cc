// Activations against their formulas written out here (double precision), with non-default
// attributes; hand-worked values for every kind; NaN in gives NaN out; attribute errors
// name the op and the attribute. Tolerance: float evaluation of the same formula,
// 1e-6 absolute + 1e-6 relative.
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/activation_reference.h"
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
                     const std::function<double(double)>& formula, const DDim& dims,
                     const std::vector<std::pair<std::string, bool>>& bool_attrs = {}) {
  SCOPED_TRACE(type);
  const auto x = RandomVector(dims.production(), -8.f, 8.f, 11);
  OpRunner runner(type);
  runner.SetInput("X", "x", dims, x);
  Tensor* out = runner.SetOutput("Out", "out");
  for (const auto& [name, value] : attrs) runner.desc().SetAttr<float>(name, value);
  for (const auto& [name, value] : bool_attrs) runner.desc().SetAttr<bool>(name, value);
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
  for (const auto& [name, value] : bool_attrs) runner2.desc().SetAttr<bool>(name, value);
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

double Sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

TEST(Activation, Tanh) {
  CheckActivation("tanh", {}, [](double x) { return std::tanh(x); }, DDim({3, 11}));
}

TEST(Activation, SwishWithBeta) {
  // x * sigmoid(beta * x), beta defaulting to 1.
  CheckActivation("swish", {}, [](double x) { return x * Sigmoid(x); }, DDim({2, 13}));
  CheckActivation("swish", {{"beta", 0.5f}}, [](double x) { return x * Sigmoid(0.5 * x); },
                  DDim({1, 3, 5}));
  CheckActivation("swish", {{"beta", -1.5f}}, [](double x) { return x * Sigmoid(-1.5 * x); },
                  DDim({9}));
}

TEST(Activation, GeluBothForms) {
  // approximate false (the default): 0.5 x (1 + erf(x / sqrt 2)); true: the tanh form.
  const auto erf_form = [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); };
  const auto tanh_form = [](double x) {
    return 0.5 * x * (1 + std::tanh(std::sqrt(2 / 3.14159265358979323846) *
                                    (x + 0.044715 * x * x * x)));
  };
  CheckActivation("gelu", {}, erf_form, DDim({4, 6}));
  CheckActivation("gelu", {}, erf_form, DDim({4, 6}), {{"approximate", false}});
  CheckActivation("gelu", {}, tanh_form, DDim({3, 7}), {{"approximate", true}});
}

TEST(Activation, ExpAndAbs) {
  CheckActivation("exp", {}, [](double x) { return std::exp(x); }, DDim({2, 9}));
  CheckActivation("abs", {}, [](double x) { return std::fabs(x); }, DDim({5, 5}));
}

// Worked by hand (to 10 digits) at -2, -0.5, 0, 0.5, 3.
TEST(Activation, HandWorkedValuesOfEveryKind) {
  struct Case {
    std::string type;
    std::vector<std::pair<std::string, float>> floats;
    std::vector<std::pair<std::string, bool>> bools;
    std::vector<float> want;
  };
  const std::vector<Case> cases = {
      {"relu", {}, {}, {0.f, 0.f, 0.f, 0.5f, 3.f}},
      {"relu6", {{"threshold", 2.5f}}, {}, {0.f, 0.f, 0.f, 0.5f, 2.5f}},
      {"leaky_relu", {{"alpha", 0.1f}}, {}, {-0.2f, -0.05f, 0.f, 0.5f, 3.f}},
      {"hard_swish", {}, {}, {-0.3333333333f, -0.2083333333f, 0.f, 0.2916666667f, 3.f}},
      {"hard_sigmoid", {}, {}, {0.1f, 0.4f, 0.5f, 0.6f, 1.f}},
      {"tanh", {}, {}, {-0.9640275801f, -0.4621171573f, 0.f, 0.4621171573f, 0.9950547537f}},
      {"exp", {}, {}, {0.1353352832f, 0.6065306597f, 1.f, 1.6487212707f, 20.085536923f}},
      {"abs", {}, {}, {2.f, 0.5f, 0.f, 0.5f, 3.f}},
      {"sigmoid", {}, {}, {0.1192029220f, 0.3775406688f, 0.5f, 0.6224593312f, 0.9525741268f}},
      {"swish", {}, {}, {-0.2384058440f, -0.1887703344f, 0.f, 0.3112296656f, 2.8577223805f}},
      {"swish",
       {{"beta", 0.5f}},
       {},
       {-0.5378828427f, -0.2189117496f, 0.f, 0.2810882504f, 2.4527234286f}},
      {"gelu", {}, {}, {-0.0455002639f, -0.1542687694f, 0.f, 0.3457312306f, 2.9959503059f}},
      {"gelu",
       {},
       {{"approximate", true}},
       {-0.0454023059f, -0.1542859902f, 0.f, 0.3457140098f, 2.9963626079f}},
      {"softplus", {}, {}, {0.1269280110f, 0.4740769842f, 0.6931471806f, 0.9740769842f,
                            3.048587352f}},
      // beta 2, threshold 1: 2 * 3 > 1 returns x itself
      {"softplus",
       {{"beta", 2.f}, {"threshold", 1.f}},
       {},
       {0.009074963959f, 0.1566308438f, 0.3465735903f, 0.6566308438f, 3.f}},
      {"mish", {}, {}, {-0.2525014827f, -0.2207437747f, 0.f, 0.3752452113f, 2.986535005f}},
      // threshold 0.4: softplus(0.5) and softplus(3) are replaced by 0.5 and 3
      {"mish",
       {{"threshold", 0.4f}},
       {},
       {-0.2525014827f, -0.2207437747f, 0.f, 0.2310585786f, 2.985164261f}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.type);
    OpRunner runner(c.type);
    runner.SetInput("X", "x", DDim({5}), {-2.f, -0.5f, 0.f, 0.5f, 3.f});
    Tensor* out = runner.SetOutput("Out", "out");
    for (const auto& [name, value] : c.floats) runner.desc().SetAttr<float>(name, value);
    for (const auto& [name, value] : c.bools) runner.desc().SetAttr<bool>(name, value);
    runner.Run();
    ExpectAllNear(ToVector(*out), c.want, 2e-7f, 2e-7f);
  }
}

// log, softplus and mish: host only (no x86 vector form), never fused.
TEST(Activation, LogSoftplusMish) {
  CheckActivation("softplus", {}, [](double x) { return std::log1p(std::exp(x)); },
                  DDim({3, 7}));
  CheckActivation("softplus", {{"beta", 0.5f}, {"threshold", 2.f}},
                  [](double x) { return 0.5 * x > 2 ? x : std::log1p(std::exp(0.5 * x)) / 0.5; },
                  DDim({11}));
  CheckActivation("mish", {}, [](double x) { return x * std::tanh(std::log1p(std::exp(x))); },
                  DDim({2, 13}));
  CheckActivation("mish", {{"threshold", 1.5f}},
                  [](double x) { return x * std::tanh(x > 1.5 ? x : std::log1p(std::exp(x))); },
                  DDim({5, 3}));

  OpRunner runner("log");
  runner.SetInput("X", "x", DDim({2, 3}), {0.5f, 1.f, 2.f, 10.f, 0.f, -1.f});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.Run();
  const auto got = ToVector(*out);
  ExpectAllNear({got[0], got[1], got[2], got[3]},
                {-0.6931471806f, 0.f, 0.6931471806f, 2.302585093f}, 2e-7f, 2e-7f);
  EXPECT_TRUE(std::isinf(got[4]) && got[4] < 0);  // ln 0 = -inf
  EXPECT_TRUE(std::isnan(got[5]));                 // ln of a negative number
}

TEST(ActivationErrors, HostOnlyKindsDoNotFuse) {
  for (const std::string act : {"log", "softplus", "mish"}) {
    SCOPED_TRACE(act);
    OpRunner runner("elementwise_add");
    runner.SetInput("X", "x", DDim({1}), {1.f});
    runner.SetInput("Y", "y", DDim({1}), {1.f});
    runner.SetOutput("Out", "out");
    runner.desc().SetAttr<std::string>("act_type", act);
    ExpectErrorContaining([&] { runner.InferShapeOnly(); }, "unsupported activation '" + act);
  }
}

// NaN in gives NaN out for every kind.
TEST(Activation, NanStaysNan) {
  std::vector<std::string> types = FusableActivationTypes();
  for (const char* t : {"log", "softplus", "mish"}) types.push_back(t);
  for (const std::string& type : types) {
    SCOPED_TRACE(type);
    OpRunner runner(type);
    runner.SetInput("X", "x", DDim({2}), {std::nanf(""), 1.f});
    Tensor* out = runner.SetOutput("Out", "out");
    runner.Run();
    EXPECT_TRUE(std::isnan(ToVector(*out)[0])) << ToVector(*out)[0];
  }
}

// A value outside an attribute's domain, or of the wrong type, fails at load naming the op
// and the attribute.
TEST(ActivationErrors, BadAttributesNameTheOpAndAttribute) {
  const auto expect_error = [](const std::string& type,
                               const std::function<void(cpp::OpDesc*)>& set,
                               const std::string& needle) {
    SCOPED_TRACE(type + ": " + needle);
    OpRunner runner(type);
    runner.SetInput("X", "x", DDim({1}), {1.f});
    runner.SetOutput("Out", "out");
    set(&runner.desc());
    ExpectErrorContaining([&] { runner.InferShapeOnly(); }, needle);
  };
  const float nan = std::nanf(""), inf = std::numeric_limits<float>::infinity();
  expect_error("relu6", [&](cpp::OpDesc* d) { d->SetAttr<float>("threshold", nan); },
               "op 'relu6': attribute 'threshold'");
  expect_error("swish", [&](cpp::OpDesc* d) { d->SetAttr<float>("beta", inf); },
               "op 'swish': attribute 'beta'");
  expect_error("leaky_relu", [&](cpp::OpDesc* d) { d->SetAttr<float>("alpha", -inf); },
               "op 'leaky_relu': attribute 'alpha'");
  expect_error("hard_swish", [&](cpp::OpDesc* d) { d->SetAttr<float>("scale", 0.f); },
               "op 'hard_swish': attribute 'scale'");
  expect_error("hard_sigmoid", [&](cpp::OpDesc* d) { d->SetAttr<float>("slope", nan); },
               "op 'hard_sigmoid': attribute 'slope'");
  expect_error("gelu", [&](cpp::OpDesc* d) { d->SetAttr<std::string>("approximate", "yes"); },
               "op 'gelu': attribute 'approximate'");
  expect_error("swish", [&](cpp::OpDesc* d) { d->SetAttr<std::string>("beta", "2"); },
               "op 'swish': attribute 'beta'");
  expect_error("softplus", [&](cpp::OpDesc* d) { d->SetAttr<float>("beta", 0.f); },
               "op 'softplus': attribute 'beta'");
  expect_error("softplus", [&](cpp::OpDesc* d) { d->SetAttr<float>("threshold", nan); },
               "op 'softplus': attribute 'threshold'");
  expect_error("mish", [&](cpp::OpDesc* d) { d->SetAttr<float>("threshold", inf); },
               "op 'mish': attribute 'threshold'");
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
