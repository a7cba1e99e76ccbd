// fc backend kernels against the host kernel (the reference): M = 1 (classifier) up to many
// rows (several SGEMM tiles), in_num_col_dims 1..3, odd K and N, bias [N] / [1, N] / none,
// every fused activation (act_type and Paddle's activation_type), threads, and a reused
// kernel whose row count moves between the few-row (Gemv) and SGEMM paths.
//
// Tolerance: both kernels sum K products of |x| <= 2 and |w| <= 1 in a different order:
// |kernel - host| <= 4e-6 * K + 1e-5 * |host|. An indexing or bias bug is off by O(1).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/activation_reference.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct FcCase {
  std::vector<int64_t> x_dims;
  int in_num_col_dims{1};
  int n{1};
  int bias_rank{0};  // 0: no Bias, 1: [N], 2: [1, N]
  std::string act;   // act_type; empty: none
  float act_threshold{6.f};
  bool paddle_relu{false};  // activation_type = "relu"
};

OpCase MakeFc(const FcCase& p, uint32_t seed) {
  const DDim x_dims(p.x_dims);
  const int64_t k = x_dims.count(p.in_num_col_dims, x_dims.size());
  OpCase c("fc");
  c.Input("Input", "x", x_dims, RandomVector(x_dims.production(), -2.f, 2.f, seed));
  c.Input("W", "w", DDim({k, p.n}), RandomVector(k * p.n, -1.f, 1.f, seed + 1));
  if (p.bias_rank == 1) c.Input("Bias", "b", DDim({p.n}), RandomVector(p.n, -1.f, 1.f, seed + 2));
  if (p.bias_rank == 2) {
    c.Input("Bias", "b", DDim({1, p.n}), RandomVector(p.n, -1.f, 1.f, seed + 2));
  }
  c.Output("Out", "out");
  c.Attr<int32_t>("in_num_col_dims", p.in_num_col_dims);
  if (!p.act.empty()) {
    c.Attr<std::string>("act_type", p.act);
    if (p.act == "relu6") c.Attr<float>("act_threshold", p.act_threshold);
    if (p.act == "leaky_relu") c.Attr<float>("act_alpha", 0.1f);
    if (p.act == "hard_sigmoid") c.Attr<float>("act_slope", 0.3f);
    if (p.act == "swish") c.Attr<float>("act_beta", 1.5f);
    if (p.act == "gelu") c.Attr<bool>("act_approximate", true);
  }
  if (p.paddle_relu) c.Attr<std::string>("activation_type", "relu");
  return c;
}

void CompareWithHost(const Place& place, const FcCase& p, uint32_t seed) {
  SCOPED_TRACE(StrCat("x", p.x_dims, " in_num_col_dims=", p.in_num_col_dims, " n=", p.n,
                      " bias_rank=", p.bias_rank, " act=", p.act, " paddle_relu=", p.paddle_relu));
  const DDim x_dims(p.x_dims);
  const float k = static_cast<float>(x_dims.count(p.in_num_col_dims, x_dims.size()));
  ExpectKernelMatchesHost(MakeFc(p, seed), place, {4e-6f * k, 1e-5f});
}

TEST_P(FcVsHost, IsRegisteredWithTheCpuRequirement) {
  ExpectRegistered("fc");
}

TEST_P(FcVsHost, RowsAndOddSizes) {
  uint32_t seed = 1;
  for (int64_t m : {1, 2, 3, 4, 5, 17, 64}) {
    for (int64_t k : {1, 3, 7, 33, 130}) {
      for (int n : {1, 5, 16, 31, 100}) {
        FcCase p;
        p.x_dims = {m, k};
        p.n = n;
        p.bias_rank = static_cast<int>(seed % 3);
        CompareWithHost(place(), p, seed++);
      }
    }
  }
}

TEST_P(FcVsHost, InNumColDims) {
  uint32_t seed = 500;
  FcCase p;
  p.n = 10;
  p.bias_rank = 1;
  p.x_dims = {2, 8, 1, 1};  // classifier on a pooled NCHW tensor: M = 2, K = 8
  CompareWithHost(place(), p, seed++);
  p.x_dims = {1, 1280, 1, 1};  // mobilenet_v2's classifier shape, M = 1
  p.n = 1000;
  CompareWithHost(place(), p, seed++);
  p.x_dims = {3, 5, 7};
  p.n = 9;
  p.in_num_col_dims = 2;  // M = 15, K = 7
  CompareWithHost(place(), p, seed++);
  p.x_dims = {2, 3, 4, 5};
  p.in_num_col_dims = 3;  // M = 24, K = 5
  CompareWithHost(place(), p, seed++);
  p.x_dims = {1, 2, 1, 6};
  p.in_num_col_dims = 3;  // M = 2, K = 6
  CompareWithHost(place(), p, seed++);
}

TEST_P(FcVsHost, EveryFusedActivation) {
  uint32_t seed = 700;
  for (int64_t m : {1, 9}) {
    for (const std::string& act : FusableActivationTypes()) {
      for (int bias_rank : {0, 2}) {
        FcCase p;
        p.x_dims = {m, 23};
        p.n = 19;
        p.act = act;
        p.bias_rank = bias_rank;
        CompareWithHost(place(), p, seed++);
      }
    }
    FcCase p;
    p.x_dims = {m, 23};
    p.n = 19;
    p.act = "relu6";
    p.act_threshold = 1.5f;
    p.bias_rank = 1;
    CompareWithHost(place(), p, seed++);
    p.act.clear();
    p.paddle_relu = true;
    CompareWithHost(place(), p, seed++);
  }
}

// Up to 4 rows stream W with its columns split over the pool.
TEST_P(FcVsHost, FewRowsOverThreads) {
  uint32_t seed = 900;
  for (int64_t m : {1, 2, 4, 5}) {
    FcCase p;
    p.x_dims = {m, 1280};
    p.n = 1000;
    p.bias_rank = 1;
    p.act = m == 2 ? "relu" : "";
    SCOPED_TRACE(StrCat("m=", m));
    ExpectMatchesHost(MakeFc(p, seed++), {4e-6f * 1280, 1e-5f}, 2);
  }
}

TEST_P(FcVsHost, RowCountChangesBetweenRuns) {
  FcCase p;
  p.x_dims = {1, 37};
  p.n = 21;
  p.bias_rank = 1;
  p.act = "hard_swish";
  ExpectKernelFollowsInputShapes(MakeFc(p, 950), place(), "x",
                                 {DDim({1, 37}), DDim({9, 37}), DDim({4, 37}), DDim({40, 37})},
                                 -2.f, 2.f, 951, {4e-6f * 37, 1e-5f}, 2);
}

TEST_P(FcVsHost, WrongWeightShapeIsAnError) {
  FcCase p;
  p.x_dims = {2, 4};
  p.n = 3;
  KernelRun kernel(MakeFc(p, 1), place());
  kernel.Fill("w", DDim({5, 3}), RandomVector(15, -1.f, 1.f, 2));  // K = 5, not 4
  ExpectErrorContaining([&] { kernel.Run(); }, "fc");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
