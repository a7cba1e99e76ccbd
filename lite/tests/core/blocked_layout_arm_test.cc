// blocked_layout_pass with the ARM NCHW4c kernels (their registrations say where they
// apply): a MobileNet-like chain of convolutions runs in NCHW4c from the first convolution to
// the pool, with one layout cast where it meets the NCHW flatten, and computes what the host
// kernels compute (1 and 2 threads, batch 1 and 2).
//
// Tolerance: convolutions of at most 144 products summed in another order, weights scaled by
// the fan-in: 1e-4 absolute + 1e-4 relative. A layout bug is off by O(0.1).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const std::vector<Place> kArmHost = {Place(TargetType::kARM, PrecisionType::kFloat),
                                     Place(TargetType::kHost, PrecisionType::kFloat)};

// out_hw -1: a plane known only at run time.
void AddConv(Builder* b, Weights* weights, const std::string& in, const std::string& out,
             int64_t in_c, int64_t out_c, int k, int stride, int64_t out_hw, bool depthwise) {
  const std::string w = out + "_w";
  const DDim dims({out_c, depthwise ? 1 : in_c, k, k});
  const float scale = 1.f / std::sqrt(static_cast<float>(dims[1] * k * k));
  (*weights)[w] = {dims, RandomVector(dims.production(), -scale, scale,
                                      static_cast<uint32_t>(weights->size() + 3))};
  b->AddVar(w, cpp::VarKind::kLodTensor, dims.Vectorize(), true);
  cpp::OpDesc& op = b->Op(depthwise ? "depthwise_conv2d" : "conv2d",
                          {{"Input", in}, {"Filter", w}}, {{"Output", out}},
                          {{out, {-1, out_c, out_hw, out_hw}}});
  op.SetAttr<std::vector<int32_t>>("strides", {stride, stride});
  op.SetAttr<std::vector<int32_t>>("paddings", {k / 2, k / 2});
  op.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  op.SetAttr<int32_t>("groups", depthwise ? static_cast<int32_t>(in_c) : 1);
}

// x [-1,3,16,16] -> conv 3x3 s2 (8) -> depthwise 3x3 -> conv 1x1 (16) -> depthwise 3x3 s2
// -> conv 1x1 (12) -> max pool 2x2 -> flatten -> fetch. Every layer is far below ARM's
// 128 K multiply-adds: with `planes_known` the model says so and it stays NCHW; without,
// the planes are left to run time (as in models with a dynamic input size).
Builder ChainProgram(Weights* weights, bool planes_known = false) {
  auto hw = [&](int64_t known) { return planes_known ? known : int64_t{-1}; };
  Builder b({-1, 3, hw(16), hw(16)});
  AddConv(&b, weights, "x", "c0", 3, 8, 3, 2, hw(8), false);
  AddConv(&b, weights, "c0", "d1", 8, 8, 3, 1, hw(8), true);
  AddConv(&b, weights, "d1", "p2", 8, 16, 1, 1, hw(8), false);
  AddConv(&b, weights, "p2", "d3", 16, 16, 3, 2, hw(4), true);
  AddConv(&b, weights, "d3", "p4", 16, 12, 1, 1, hw(4), false);
  cpp::OpDesc& pool =
      b.Op("pool2d", {{"X", "p4"}}, {{"Out", "m5"}}, {{"m5", {-1, 12, hw(2), hw(2)}}});
  pool.SetAttr<std::string>("pooling_type", "max");
  pool.SetAttr<std::vector<int32_t>>("ksize", {2, 2});
  pool.SetAttr<std::vector<int32_t>>("strides", {2, 2});
  pool.SetAttr<std::vector<int32_t>>("paddings", {0, 0});
  cpp::OpDesc& flat = b.Op("flatten_contiguous_range", {{"X", "m5"}},
                           {{"Out", "f6"}, {"XShape", "f6_xshape"}});
  flat.SetAttr<int32_t>("start_axis", 1);
  flat.SetAttr<int32_t>("stop_axis", -1);
  b.Fetch("f6", 0);
  return b;
}

OptimizerOptions Options(bool blocked) {
  OptimizerOptions options;
  options.fuse = false;
  options.blocked_layout = blocked;
  options.memory_optimize = false;  // keeps the value names
  return options;
}

TEST(ArmBlockedLayoutPass, ConvChainRunsNchw4cWithOneCastAtItsEnd) {
  Weights weights;
  const Builder b = ChainProgram(&weights);
  auto o = Optimize(b.program(), kArmHost, Options(true), weights);
  for (const char* type : {"conv2d", "depthwise_conv2d", "pool2d"}) {
    for (const cpp::OpDesc* op : o->Ops(type)) {
      const std::string key = op->GetAttr<std::string>(kKernelKeyAttr);
      EXPECT_NE(key.find(",arm,"), std::string::npos) << key;
      EXPECT_NE(key.find(",NCHW4c,"), std::string::npos) << key;
    }
  }
  ASSERT_EQ(o->Ops("layout").size(), 1u);  // NCHW4c -> NCHW before flatten
  EXPECT_EQ(o->Ops("layout")[0]->Input("Input")[0], "m5");

  auto off = Optimize(b.program(), kArmHost, Options(false), weights);
  EXPECT_TRUE(off->Ops("layout").empty());

  for (int64_t batch : {1, 2}) {
    const DDim dims({batch, 3, 16, 16});
    const std::vector<float> x = RandomVector(dims.production(), -1.f, 1.f, 7);
    const std::vector<float> want =
        Optimize(b.program(), kHostOnly, Options(false), weights)->Run(dims, x);
    for (int threads : {1, 2}) {
      SCOPED_TRACE("batch " + std::to_string(batch) + " threads " + std::to_string(threads));
      const std::vector<float> got =
          Optimize(b.program(), kArmHost, Options(true), weights, threads)->Run(dims, x);
      ASSERT_EQ(got.size(), want.size());
      for (size_t i = 0; i < want.size(); ++i) {
        EXPECT_NEAR(got[i], want[i], 1e-4f + 1e-4f * std::fabs(want[i])) << i;
      }
    }
  }
}

TEST(ArmBlockedLayoutPass, SmallLayersStayNchw) {
  Weights weights;
  auto o = Optimize(ChainProgram(&weights, true).program(), kArmHost, Options(true), weights);
  EXPECT_TRUE(o->Ops("layout").empty());
  for (const char* type : {"conv2d", "depthwise_conv2d", "pool2d"}) {
    for (const cpp::OpDesc* op : o->Ops(type)) {
      EXPECT_EQ(op->GetAttr<std::string>(kKernelKeyAttr).find(",NCHW4c,"), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
