// fc x86 kernel against the host kernel (the reference): M = 1 (classifier) up to many rows
// (several SGEMM tiles), in_num_col_dims 1..3, odd K and N, bias [N] / [1, N] / none, every
// fused activation (act_type and Paddle's activation_type).
//
// Tolerance: both kernels sum K products of |x| <= 2 and |w| <= 1 in a different order:
// |x86 - host| <= 4e-6 * K + 1e-5 * |host|. An indexing or bias bug is off by O(1).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/core/op_registry.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const Place kHostPlace(TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW);
const Place kX86Place(TargetType::kX86, PrecisionType::kFloat, DataLayoutType::kNCHW);

struct FcCase {
  std::vector<int64_t> x_dims;
  int in_num_col_dims{1};
  int n{1};
  int bias_rank{0};  // 0: no Bias, 1: [N], 2: [1, N]
  std::string act;   // act_type; empty: none
  float act_threshold{6.f};
  bool paddle_relu{false};  // activation_type = "relu"
};

std::vector<float> RunFc(const FcCase& p, const Place& place, uint32_t seed, DDim* out_dims) {
  const DDim x_dims(p.x_dims);
  const int64_t k = x_dims.count(p.in_num_col_dims, x_dims.size());
  OpRunner r("fc");
  r.SetInput("Input", "x", x_dims, RandomVector(x_dims.production(), -2.f, 2.f, seed));
  r.SetInput("W", "w", DDim({k, p.n}), RandomVector(k * p.n, -1.f, 1.f, seed + 1));
  if (p.bias_rank == 1) r.SetInput("Bias", "b", DDim({p.n}), RandomVector(p.n, -1.f, 1.f, seed + 2));
  if (p.bias_rank == 2) {
    r.SetInput("Bias", "b", DDim({1, p.n}), RandomVector(p.n, -1.f, 1.f, seed + 2));
  }
  r.SetOutput("Out", "out");
  r.desc().SetAttr<int32_t>("in_num_col_dims", p.in_num_col_dims);
  if (!p.act.empty()) {
    r.desc().SetAttr<std::string>("act_type", p.act);
    if (p.act == "relu6") r.desc().SetAttr<float>("act_threshold", p.act_threshold);
    if (p.act == "leaky_relu") r.desc().SetAttr<float>("act_alpha", 0.1f);
    if (p.act == "hard_sigmoid") r.desc().SetAttr<float>("act_slope", 0.3f);
  }
  if (p.paddle_relu) r.desc().SetAttr<std::string>("activation_type", "relu");
  r.Run(place);
  const Tensor& out = *r.Var("out");
  *out_dims = out.dims();
  return ToVector(out);
}

void CompareWithHost(const FcCase& p, uint32_t seed) {
  SCOPED_TRACE(StrCat("x", p.x_dims, " in_num_col_dims=", p.in_num_col_dims, " n=", p.n,
                      " bias_rank=", p.bias_rank, " act=", p.act, " paddle_relu=", p.paddle_relu));
  DDim host_dims, x86_dims;
  const std::vector<float> expected = RunFc(p, kHostPlace, seed, &host_dims);
  const std::vector<float> actual = RunFc(p, kX86Place, seed, &x86_dims);
  ASSERT_EQ(x86_dims, host_dims);
  const DDim x_dims(p.x_dims);
  const float k = static_cast<float>(x_dims.count(p.in_num_col_dims, x_dims.size()));
  ExpectAllNear(actual, expected, 4e-6f * k, 1e-5f);
}

class FcX86 : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!lite::x86::CpuHasAvx2Fma()) {
      GTEST_SKIP() << "CPU lacks AVX2+FMA: the x86 fc kernel is never picked here";
    }
  }
};

TEST_F(FcX86, IsRegisteredWithTheCpuRequirement) {
  const KernelInfo* info = FindKernel("fc", kX86Place);
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->cpu_feature, "avx2+fma");
}

TEST_F(FcX86, RowsAndOddSizes) {
  uint32_t seed = 1;
  for (int64_t m : {1, 2, 3, 4, 5, 17, 64}) {
    for (int64_t k : {1, 3, 7, 33, 130}) {
      for (int n : {1, 5, 16, 31, 100}) {
        FcCase p;
        p.x_dims = {m, k};
        p.n = n;
        p.bias_rank = static_cast<int>(seed % 3);
        CompareWithHost(p, seed++);
      }
    }
  }
}

TEST_F(FcX86, InNumColDims) {
  uint32_t seed = 500;
  FcCase p;
  p.n = 10;
  p.bias_rank = 1;
  p.x_dims = {2, 8, 1, 1};  // classifier on a pooled NCHW tensor: M = 2, K = 8
  CompareWithHost(p, seed++);
  p.x_dims = {1, 1280, 1, 1};  // mobilenet_v2's classifier shape, M = 1
  p.n = 1000;
  CompareWithHost(p, seed++);
  p.x_dims = {3, 5, 7};
  p.n = 9;
  p.in_num_col_dims = 2;  // M = 15, K = 7
  CompareWithHost(p, seed++);
  p.x_dims = {2, 3, 4, 5};
  p.in_num_col_dims = 3;  // M = 24, K = 5
  CompareWithHost(p, seed++);
  p.x_dims = {1, 2, 1, 6};
  p.in_num_col_dims = 3;  // M = 2, K = 6
  CompareWithHost(p, seed++);
}

TEST_F(FcX86, EveryFusedActivation) {
  uint32_t seed = 700;
  for (int64_t m : {1, 9}) {
    for (const std::string act :
         {"relu", "relu6", "leaky_relu", "hard_swish", "hard_sigmoid", "sigmoid"}) {
      for (int bias_rank : {0, 2}) {
        FcCase p;
        p.x_dims = {m, 23};
        p.n = 19;
        p.act = act;
        p.bias_rank = bias_rank;
        CompareWithHost(p, seed++);
      }
    }
    FcCase p;
    p.x_dims = {m, 23};
    p.n = 19;
    p.act = "relu6";
    p.act_threshold = 1.5f;
    p.bias_rank = 1;
    CompareWithHost(p, seed++);
    p.act.clear();
    p.paddle_relu = true;
    CompareWithHost(p, seed++);
  }
}

TEST_F(FcX86, WrongWeightShapeIsAnError) {
  OpRunner r("fc");
  r.SetInput("Input", "x", DDim({2, 4}), RandomVector(8, -1.f, 1.f, 1));
  r.SetInput("W", "w", DDim({5, 3}), RandomVector(15, -1.f, 1.f, 2));
  r.SetOutput("Out", "out");
  ExpectErrorContaining([&] { r.Run(kX86Place); }, "fc");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
