// fc host kernel against hand-computed values and a reference written from the
// definition: out = act(flatten(Input) x W + Bias).
#include <algorithm>
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

float Activate(const std::string& act, float x) {
  if (act.empty()) return x;
  if (act == "relu") return std::max(x, 0.f);
  if (act == "relu6") return std::min(std::max(x, 0.f), 6.f);
  if (act == "leaky_relu") return x > 0 ? x : 0.2f * x;
  if (act == "hard_swish") return x * std::min(std::max(x + 3.f, 0.f), 6.f) / 6.f;
  ADD_FAILURE() << "unknown activation " << act;
  return x;
}

std::vector<float> Reference(const std::vector<float>& in, const std::vector<float>& w,
                             const std::vector<float>& bias, int64_t m, int64_t k, int64_t n,
                             const std::string& act) {
  std::vector<float> out(m * n);
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      double sum = bias.empty() ? 0.0 : bias[j];
      for (int64_t p = 0; p < k; ++p) sum += static_cast<double>(in[i * k + p]) * w[p * n + j];
      out[i * n + j] = Activate(act, static_cast<float>(sum));
    }
  }
  return out;
}

Tensor* SetUpFc(OpRunner* r, const DDim& in_dims, const std::vector<float>& in, const DDim& w_dims,
                const std::vector<float>& w, int in_num_col_dims) {
  r->SetInput("Input", "in", in_dims, in);
  r->SetInput("W", "w", w_dims, w);
  r->desc().SetAttr<int32_t>("in_num_col_dims", in_num_col_dims);
  return r->SetOutput("Out", "out");
}

TEST(Fc, HandComputedWithBiasAndRelu) {
  // [[1,2],[3,-4]] x [[1,-1,0],[2,0,1]] = [[5,-1,2],[-5,-3,-4]]; + bias (1,1,-1);
  // activation_type relu.
  OpRunner r("fc");
  Tensor* out = SetUpFc(&r, {2, 2}, {1, 2, 3, -4}, {2, 3}, {1, -1, 0, 2, 0, 1}, 1);
  r.SetInput("Bias", "b", {3}, {1, 1, -1});
  r.desc().SetAttr<std::string>("activation_type", "relu");
  r.Run();
  EXPECT_EQ(out->dims(), DDim({2, 3}));
  ExpectAllNear(ToVector(*out), {6, 0, 1, 0, 0, 0}, 0.f);
}

TEST(Fc, ShapesBiasAndActivations) {
  struct Case {
    DDim in;
    int n;
    int in_num_col_dims;
    DDim out;
  };
  const std::vector<Case> cases = {
      {{1, 7}, 3, 1, {1, 3}},
      {{2, 3, 2, 2}, 5, 1, {2, 5}},     // NCHW feature map flattened
      {{2, 3, 4}, 5, 2, {2, 3, 5}},     // per-position projection
      {{3, 1}, 1, 1, {3, 1}},
      {{1, 1, 1, 9}, 4, 3, {1, 1, 1, 4}},
  };
  uint32_t seed = 1;
  for (const Case& c : cases) {
    for (int bias_kind = 0; bias_kind < 3; ++bias_kind) {  // none, [N], [1, N]
      for (const char* act : {"", "relu", "relu6", "leaky_relu", "hard_swish"}) {
        SCOPED_TRACE(StrCat(c.in, " n=", c.n, " bias_kind=", bias_kind, " act=", act));
        const int64_t m = c.in.count(0, c.in_num_col_dims);
        const int64_t k = c.in.count(c.in_num_col_dims, c.in.size());
        const std::vector<float> in = RandomVector(c.in.production(), -3, 3, seed++);
        const std::vector<float> w = RandomVector(k * c.n, -1, 1, seed++);
        const std::vector<float> bias =
            bias_kind ? RandomVector(c.n, -1, 1, seed++) : std::vector<float>();
        OpRunner r("fc");
        Tensor* out = SetUpFc(&r, c.in, in, {k, c.n}, w, c.in_num_col_dims);
        if (bias_kind == 1) r.SetInput("Bias", "b", {c.n}, bias);
        if (bias_kind == 2) r.SetInput("Bias", "b", {1, c.n}, bias);
        if (*act) {
          r.desc().SetAttr<std::string>("act_type", act);  // as the fc fusion writes it
          if (std::string(act) == "leaky_relu") r.desc().SetAttr<float>("act_alpha", 0.2f);
        }
        r.Run();
        EXPECT_EQ(out->dims(), c.out);
        ExpectAllNear(ToVector(*out), Reference(in, w, bias, m, k, c.n, act), 1e-5f, 1e-5f);
      }
    }
  }
}

TEST(Fc, ActivationTypeAndActTypeRelu) {
  OpRunner r("fc");
  Tensor* out = SetUpFc(&r, {1, 2}, {1, -1}, {2, 2}, {1, -1, 2, 1}, 1);
  r.desc().SetAttr<std::string>("activation_type", "relu");
  r.desc().SetAttr<std::string>("act_type", "relu");
  r.Run();
  ExpectAllNear(ToVector(*out), {0, 0}, 0.f);  // (-1, -2) -> relu
}

TEST(FcErrors, UnsupportedActivationType) {
  OpRunner r("fc");
  SetUpFc(&r, {1, 2}, {1, 1}, {2, 2}, {1, 1, 1, 1}, 1);
  r.desc().SetAttr<std::string>("activation_type", "sigmoid");
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "unsupported activation_type 'sigmoid'");
}

TEST(FcErrors, ConflictingActivations) {
  OpRunner r("fc");
  SetUpFc(&r, {1, 2}, {1, 1}, {2, 2}, {1, 1, 1, 1}, 1);
  r.desc().SetAttr<std::string>("activation_type", "relu");
  r.desc().SetAttr<std::string>("act_type", "relu6");
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "conflicts with act_type 'relu6'");
}

TEST(FcErrors, PaddingWeights) {
  OpRunner r("fc");
  SetUpFc(&r, {1, 2}, {1, 1}, {2, 2}, {1, 1, 1, 1}, 1);
  r.desc().SetAttr<bool>("padding_weights", true);
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "padding_weights=true is not supported");
}

TEST(FcErrors, MismatchedWeightRows) {
  OpRunner r("fc");
  SetUpFc(&r, {2, 3}, std::vector<float>(6), {4, 2}, std::vector<float>(8), 1);
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "has 3 columns but W");
}

TEST(FcErrors, BiasShape) {
  OpRunner r("fc");
  SetUpFc(&r, {2, 3}, std::vector<float>(6), {3, 2}, std::vector<float>(6), 1);
  r.SetInput("Bias", "b", {2, 1}, {0, 0});
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "Bias must be [2] or [1, 2]");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
