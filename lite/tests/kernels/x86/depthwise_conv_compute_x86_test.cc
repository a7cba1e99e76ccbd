// depthwise_conv2d x86 kernel against the host kernel (the reference) on random shapes:
// the direct AVX2 path (3x3/5x5, stride 1/2, every padding kind), the generic fallback
// (7x7, dilation 2, channel multiplier 2, rectangular filters, unequal strides), batch,
// bias, each fused activation, threads, shape changes between runs; and the optimizer
// picking it for the sample model's depthwise conv.
//
// Tolerance: both kernels sum K = KH * KW products of |x| <= 2 and |w| <= 1 in a different
// order: |x86 - host| <= 4e-6 * K + 1e-5 * |host|. An indexing or border bug is off by O(1).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/program_predictor.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"
#include "lite/tests/models/model_test_util.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct DwCase {
  int n{1}, c{1}, h{1}, w{1};
  int multiplier{1};  // output channels per input channel
  int kh{3}, kw{3};
  std::vector<int> strides{1, 1};
  std::vector<int> paddings{0, 0};
  std::vector<int> dilations{1, 1};
  std::string padding_algorithm;  // empty: attribute absent (EXPLICIT)
  bool bias{false};
  std::string act;           // empty: no fused activation
  float act_threshold{6.f};  // relu6 only
  int out_c() const { return c * multiplier; }
};

std::string Describe(const DwCase& p) {
  return StrCat("x[", p.n, ",", p.c, ",", p.h, ",", p.w, "] mult=", p.multiplier, " k=", p.kh,
                "x", p.kw, " strides=", p.strides, " paddings=", p.paddings,
                " dilations=", p.dilations, " alg=", p.padding_algorithm, " bias=", p.bias,
                " act=", p.act);
}

struct Inputs {
  std::vector<float> x, w, bias;
};

Inputs MakeInputs(const DwCase& p, uint32_t seed) {
  Inputs in;
  in.x = RandomVector(static_cast<size_t>(p.n) * p.c * p.h * p.w, -2.f, 2.f, seed);
  in.w = RandomVector(static_cast<size_t>(p.out_c()) * p.kh * p.kw, -1.f, 1.f, seed + 1);
  if (p.bias) in.bias = RandomVector(p.out_c(), -1.f, 1.f, seed + 2);
  return in;
}

// depthwise_conv2d on `in`, shaped and configured by `p`.
OpCase MakeDw(const DwCase& p, const Inputs& in) {
  OpCase c("depthwise_conv2d");
  c.Input("Input", "x", DDim({p.n, p.c, p.h, p.w}), in.x);
  c.Input("Filter", "w", DDim({p.out_c(), 1, p.kh, p.kw}), in.w);
  if (p.bias) c.Input("Bias", "b", DDim({p.out_c()}), in.bias);
  c.Output("Output", "out");
  c.Attr<std::vector<int32_t>>("strides", p.strides);
  c.Attr<std::vector<int32_t>>("paddings", p.paddings);
  c.Attr<std::vector<int32_t>>("dilations", p.dilations);
  c.Attr<int32_t>("groups", p.c);
  if (!p.padding_algorithm.empty()) c.Attr<std::string>("padding_algorithm", p.padding_algorithm);
  if (!p.act.empty()) {
    c.Attr<std::string>("act_type", p.act);
    if (p.act == "leaky_relu") c.Attr<float>("act_alpha", 0.1f);
    if (p.act == "relu6") c.Attr<float>("act_threshold", p.act_threshold);
    if (p.act == "hard_sigmoid") c.Attr<float>("act_slope", 0.3f);
  }
  return c;
}

Tolerance DwTolerance(const DwCase& p) { return {4e-6f * p.kh * p.kw, 1e-5f}; }

// The second x86 run reuses the scratch.
void CompareWithHost(const DwCase& p, uint32_t seed, int threads = 1) {
  SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads));
  ExpectX86MatchesHost(MakeDw(p, MakeInputs(p, seed)), DwTolerance(p), threads);
}

using DepthwiseX86 = X86KernelTest;

TEST_F(DepthwiseX86, IsRegisteredWithTheCpuRequirement) {
  ExpectX86KernelRequiresAvx2Fma("depthwise_conv2d");
}

TEST_F(DepthwiseX86, DirectPathShapesStridesPaddings) {
  const std::vector<std::vector<int>> paddings = {{0, 0}, {1, 1}, {2, 2}, {0, 1, 2, 0},
                                                  {2, 0, 1, 3}};
  const std::vector<std::pair<int, int>> sizes = {{1, 1}, {2, 2}, {7, 7}, {13, 17}};
  uint32_t seed = 1;
  for (int k : {3, 5}) {
    for (int stride : {1, 2}) {
      for (const auto& pad : paddings) {
        for (const auto& hw : sizes) {
          for (int c : {1, 3, 8, 17, 32}) {
            DwCase p;
            p.n = 2;
            p.c = c;
            p.h = hw.first;
            p.w = hw.second;
            p.kh = p.kw = k;
            p.strides = {stride, stride};
            p.paddings = pad;
            p.bias = (seed % 2) == 0;
            // Filters larger than the padded input give no output: not a valid conv.
            if (p.h + pad[0] + pad[pad.size() == 4 ? 1 : 0] < k) continue;
            if (p.w + pad[pad.size() == 4 ? 2 : 1] + pad[pad.size() == 4 ? 3 : 1] < k) continue;
            CompareWithHost(p, seed++);
          }
        }
      }
    }
  }
  EXPECT_GT(seed, 200u);  // the skips above left most combinations in
}

// Stride (2, 1), the text recognizers' and classifiers' downsampling: the direct path with
// the height halved and every column kept, widths around the blocks, each padding kind.
TEST_F(DepthwiseX86, StrideTwoByOne) {
  uint32_t seed = 700;
  for (int k : {3, 5}) {
    for (const std::vector<int>& pad :
         std::vector<std::vector<int>>{{1, 1}, {2, 2}, {0, 1, 2, 0}}) {
      for (int w : {1, 3, 7, 9, 17, 24, 40}) {
        DwCase p;
        p.n = 2;
        p.c = 3;
        p.h = 12;
        p.w = w;
        p.kh = p.kw = k;
        p.strides = {2, 1};
        p.paddings = pad;
        p.bias = (seed % 2) == 0;
        const bool four = pad.size() == 4;
        if (w + (four ? pad[2] + pad[3] : 2 * pad[1]) < k) continue;  // no output
        CompareWithHost(p, seed++);
      }
    }
  }
  EXPECT_GT(seed, 730u);
}

TEST_F(DepthwiseX86, LargePlaneWithThreads) {
  DwCase p;
  p.c = 8;
  p.h = 112;
  p.w = 112;
  p.paddings = {1, 1};
  p.bias = true;
  p.act = "relu6";
  CompareWithHost(p, 900, 1);
  p.strides = {2, 2};
  CompareWithHost(p, 901, 2);
  p.c = 17;
  p.h = 56;
  p.w = 57;
  p.kh = p.kw = 5;
  p.paddings = {2, 2};
  p.act = "relu";
  CompareWithHost(p, 902, 3);
}

TEST_F(DepthwiseX86, FallbackShapes) {
  uint32_t seed = 1000;
  auto run = [&](DwCase p) {
    p.n = 2;
    p.bias = (seed % 2) == 1;
    CompareWithHost(p, seed++);
    CompareWithHost(p, seed++, 2);
  };
  DwCase p;
  p.c = 17;
  p.h = 13;
  p.w = 17;
  for (int stride : {1, 2}) {
    p.strides = {stride, stride};
    p.kh = p.kw = 7;  // other filter size
    p.paddings = {3, 3};
    run(p);
    p.kh = p.kw = 3;  // dilation 2
    p.paddings = {2, 2};
    p.dilations = {2, 2};
    run(p);
    p.dilations = {1, 1};
    p.paddings = {1, 1};
    p.multiplier = 2;  // channel multiplier
    run(p);
    p.multiplier = 1;
    p.kh = 3;  // rectangular filter
    p.kw = 5;
    p.paddings = {1, 2};
    run(p);
    p.kw = 3;
  }
  p.strides = {1, 2};  // unequal strides
  p.paddings = {1, 1};
  run(p);
  p.strides = {3, 3};  // stride 3
  run(p);
  p.kh = p.kw = 1;  // 1x1 depthwise (a per-channel scale)
  p.strides = {1, 1};
  p.paddings = {0, 0};
  run(p);
}

TEST_F(DepthwiseX86, PaddingAlgorithms) {
  uint32_t seed = 1500;
  for (const std::string alg : {"SAME", "VALID"}) {
    for (int stride : {1, 2}) {
      for (int k : {3, 5}) {
        DwCase p;
        p.c = 8;
        p.h = 10;
        p.w = 9;
        p.kh = p.kw = k;
        p.strides = {stride, stride};
        p.paddings = {3, 3};  // ignored by SAME/VALID
        p.padding_algorithm = alg;
        p.bias = true;
        CompareWithHost(p, seed++);
      }
    }
  }
}

TEST_F(DepthwiseX86, FilterOfWrongRankThrowsNamingIt) {
  // The op checks shapes in InferShape; a kernel launched without it must still refuse.
  DwCase p;
  p.c = 4;
  p.h = 6;
  p.w = 6;
  KernelRun x86(MakeDw(p, MakeInputs(p, 1600)), kX86Place, 1);
  x86.Prepare();
  x86.scope()->Var("w")->GetMutable<Tensor>()->Resize({4, 3, 3});
  try {
    x86.kernel()->Launch();
    FAIL() << "a 3-D filter was accepted";
  } catch (const lite_api::PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find("Filter must be 4-D"), std::string::npos) << e.what();
  }
}

TEST_F(DepthwiseX86, EachFusedActivation) {
  uint32_t seed = 2000;
  for (const std::string act :
       {"relu", "relu6", "leaky_relu", "hard_swish", "hard_sigmoid", "sigmoid"}) {
    for (bool bias : {false, true}) {
      for (int k : {3, 5, 7}) {  // direct and fallback paths
        DwCase p;
        p.n = 2;
        p.c = 9;
        p.h = 11;
        p.w = 13;
        p.kh = p.kw = k;
        p.paddings = {k / 2, k / 2};
        const int stride = 1 + static_cast<int>(seed % 2);
        p.strides = {stride, stride};
        p.bias = bias;
        p.act = act;
        CompareWithHost(p, seed++);
      }
    }
  }
  DwCase p;  // relu6 with another threshold
  p.c = 8;
  p.h = 9;
  p.w = 10;
  p.paddings = {1, 1};
  p.bias = true;
  p.act = "relu6";
  p.act_threshold = 1.5f;
  CompareWithHost(p, 2100);
}

TEST_F(DepthwiseX86, InputShapeChangesBetweenRuns) {
  for (int k : {3, 7}) {
    DwCase p;
    p.c = 5;
    p.kh = p.kw = k;
    p.paddings = {k / 2, k / 2};
    p.bias = true;
    const Inputs first = MakeInputs(p, 3000 + k);
    KernelRun host(MakeDw(p, first), kHostPlace, 1), x86(MakeDw(p, first), kX86Place, 2);
    for (auto hw : std::vector<std::pair<int, int>>{{6, 6}, {15, 4}, {1, 1}, {40, 33}}) {
      SCOPED_TRACE(Describe(p) + " run at " + std::to_string(hw.first) + "x" +
                   std::to_string(hw.second));
      DwCase q = p;
      q.h = hw.first;
      q.w = hw.second;
      const Inputs in = MakeInputs(q, 3000 + k);
      for (KernelRun* run : {&host, &x86}) {
        run->Fill("x", DDim({q.n, q.c, q.h, q.w}), in.x);
        run->Run();
      }
      ExpectSameOutputs(&host, &x86, {"out"}, DwTolerance(p));
    }
  }
}

// The sample model's depthwise conv goes to x86 when x86 is a valid place.
TEST_F(DepthwiseX86, OptimizerPicksItForTheSampleModel) {
  char tmpl[] = "/tmp/plite_dw_x86_pick_XXXXXX";
  const std::string dir = mkdtemp(tmpl);
  const PbModelFiles files = WriteSampleModel(dir + "/sample", true);
  auto create = [&](const std::vector<Place>& places) {
    lite_api::CxxConfig config;
    config.set_model_file(files.model_file);
    config.set_param_file(files.params_file);
    config.set_valid_places(places);
    return lite_api::CreatePaddlePredictor(config);
  };
  auto host = create({Place(TargetType::kHost, PrecisionType::kFloat)});
  auto x86 = create({Place(TargetType::kX86, PrecisionType::kFloat),
                     Place(TargetType::kHost, PrecisionType::kFloat)});
  auto* pp = dynamic_cast<ProgramPredictor*>(x86.get());
  ASSERT_NE(pp, nullptr);
  int dw = 0;
  for (const auto& inst : pp->runtime_program().instructions()) {
    if (inst.op().Type() == "depthwise_conv2d") {
      EXPECT_EQ(inst.kernel().target(), TargetType::kX86);
      ++dw;
    }
  }
  EXPECT_EQ(dw, 1);
  for (const lite_api::shape_t& shape : {lite_api::shape_t{1, 3, 32, 32}, {2, 3, 24, 40}}) {
    const std::vector<float> expected = RunOnce(host.get(), shape);
    const std::vector<float> actual = RunOnce(x86.get(), shape);
    ASSERT_EQ(actual.size(), expected.size());
    EXPECT_LE(MaxAbsDiff(actual, expected), 1e-5f);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
