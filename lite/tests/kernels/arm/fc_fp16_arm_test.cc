// fc ARM fp16 kernel against the host fp32 kernel (arm_fp16_vs_host.h: within
// 2e-2 of the output's range). Rows 1 (the classifier) to 17, K from 1 to 300
// (fp16 sums of hundreds of products), N around the GEMV's 8- and 32-column
// blocks and its tail, bias of rank 1 and 2 or none, each fused activation (in
// fp16 registers and through fp32), Paddle's activation_type, a 3-D input cut
// at in_num_col_dims 2, columns split over 2 threads, and a new input shape
// between runs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/arm/arm_fp16_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct FcCase {
  std::vector<int64_t> x;  // Input dims
  int in_num_col_dims{1};
  int64_t n{1};
  int bias_rank{1};  // 0: no bias
  std::string act;
  bool paddle_relu{false};  // activation_type = "relu"
};

OpCase MakeFc(const FcCase& p, uint32_t seed) {
  OpCase c("fc");
  const DDim x_dims(p.x);
  const int64_t k = x_dims.count(p.in_num_col_dims, x_dims.size());
  c.Input("Input", "x", x_dims, RandomVector(x_dims.production(), -2.f, 2.f, seed));
  c.Input("W", "w", DDim({k, p.n}), RandomVector(k * p.n, -1.f, 1.f, seed + 1));
  if (p.bias_rank > 0) {
    const DDim b_dims = p.bias_rank == 1 ? DDim({p.n}) : DDim({1, p.n});
    c.Input("Bias", "b", b_dims, RandomVector(p.n, -1.f, 1.f, seed + 2));
  }
  c.Output("Out", "out");
  c.Attr<int32_t>("in_num_col_dims", p.in_num_col_dims);
  if (!p.act.empty()) {
    c.Attr<std::string>("act_type", p.act);
    if (p.act == "relu6") c.Attr<float>("act_threshold", 1.5f);
    if (p.act == "leaky_relu") c.Attr<float>("act_alpha", 0.1f);
    if (p.act == "swish") c.Attr<float>("act_beta", 1.5f);
  }
  if (p.paddle_relu) c.Attr<std::string>("activation_type", "relu");
  return c;
}

void Check(const FcCase& p, uint32_t seed, int threads = 1) {
  SCOPED_TRACE("x " + DDim(p.x).repr() + " in_num_col_dims " + std::to_string(p.in_num_col_dims) +
               " n " + std::to_string(p.n) + " bias rank " + std::to_string(p.bias_rank) +
               " act '" + p.act + "'");
  ExpectFp16KernelMatchesHost(MakeFc(p, seed), {"x"}, kFp16Rtol, threads);
}

TEST(FcFp16Arm, RowsDepthsAndColumnBlocks) {
  uint32_t seed = 1;
  for (int64_t m : {1, 3, 17}) {
    for (int64_t k : {1, 7, 64, 300}) {
      for (int64_t n : {1, 5, 8, 31, 32, 33, 100}) {
        FcCase p;
        p.x = {m, k};
        p.n = n;
        p.bias_rank = static_cast<int>(seed % 3);
        Check(p, seed);
        seed += 3;
      }
    }
  }
}

TEST(FcFp16Arm, FusedActivations) {
  uint32_t seed = 500;
  for (const std::string act : {"relu", "relu6", "leaky_relu", "hard_swish", "hard_sigmoid",
                                "sigmoid", "swish", "tanh", "gelu"}) {
    FcCase p;
    p.x = {2, 40};
    p.n = 45;
    p.act = act;
    Check(p, seed);
    seed += 3;
  }
  FcCase paddle;
  paddle.x = {3, 20};
  paddle.n = 33;
  paddle.paddle_relu = true;
  Check(paddle, seed);
}

TEST(FcFp16Arm, SequenceInputAndThreads) {
  FcCase p;
  p.x = {2, 5, 24};  // [batch, time, features] cut after time
  p.in_num_col_dims = 2;
  p.n = 70;
  p.act = "relu";
  Check(p, 700);
  FcCase wide;  // enough columns and products for both threads
  wide.x = {4, 256};
  wide.n = 1000;
  Check(wide, 710, 2);
}

TEST(FcFp16Arm, NewInputShapeOnAReusedKernel) {
  FcCase p;
  p.x = {1, 30};
  p.n = 41;
  ExpectFp16RerunMatchesHost(MakeFc(p, 800), "x", DDim({1, 30}), DDim({5, 30}), 801);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
