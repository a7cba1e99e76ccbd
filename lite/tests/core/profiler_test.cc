// The per-op profiler: every instruction of the sample model is reported with its kernel,
// calls match the profiled runs (the program's own runs are not counted), shares add up, and
// the FLOPs of convs and of the classifier match the formulas computed here from the
// weights' dims and the attributes.
#include "lite/core/profiler.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/optimizer/optimizer.h"
#include "lite/core/program.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

constexpr int kRuns = 3;

class ProfilerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    cpp::ProgramDesc program;
    BuildSampleModel(&program, &root_);
    exec_ = &root_.NewScope();
    OptimizerOptions options;
    options.memory_optimize = false;  // so every activation keeps its dims after the run
    optimized_ = Optimize(program, exec_, {Place(TargetType::kHost, PrecisionType::kFloat)},
                          DefaultPasses(options));
    program_ = std::make_unique<RuntimeProgram>(optimized_, exec_, 1);
    profiler_ = std::make_unique<profile::Profiler>(program_.get());
    auto* feed = exec_->Var("feed")->GetMutable<TensorList>();
    feed->resize(1);
    Tensor& image = (*feed)[0];
    image.Resize({2, 3, 32, 32});  // batch 2, so N shows in the FLOPs
    float* data = image.mutable_data<float>();
    for (int64_t i = 0; i < image.numel(); ++i) data[i] = 0.001f * static_cast<float>(i % 997);
  }

  const DDim& DimsOf(const std::string& var) const {
    const Tensor* t = exec_->FindTensor(var);
    EXPECT_NE(t, nullptr) << var;
    return t->dims();
  }

  Scope root_;
  Scope* exec_{nullptr};
  cpp::ProgramDesc optimized_;
  std::unique_ptr<RuntimeProgram> program_;
  std::unique_ptr<profile::Profiler> profiler_;
};

// 2 * N * Cout * Hout * Wout * Cin/groups * kh * kw (+ N * Cout * Hout * Wout for the bias),
// Hout/Wout from the input dims, strides, paddings and dilations.
double ConvFlops(const cpp::OpDesc& op, const DDim& in, const DDim& filter) {
  const auto strides = op.GetAttr<std::vector<int32_t>>("strides");
  const auto dilations = op.GetAttrOr<std::vector<int32_t>>("dilations", {1, 1});
  auto pads = op.GetAttr<std::vector<int32_t>>("paddings");
  if (pads.size() == 2) pads = {pads[0], pads[0], pads[1], pads[1]};
  const int64_t groups = op.GetAttrOr<int32_t>("groups", 1);
  const int64_t n = in[0], cin = in[1], cout = filter[0], kh = filter[2], kw = filter[3];
  const int64_t hout = (in[2] + pads[0] + pads[1] - (dilations[0] * (kh - 1) + 1)) / strides[0] + 1;
  const int64_t wout = (in[3] + pads[2] + pads[3] - (dilations[1] * (kw - 1) + 1)) / strides[1] + 1;
  const double outputs = static_cast<double>(n * cout * hout * wout);
  return 2 * outputs * static_cast<double>(cin / groups * kh * kw) +
         (op.HasInput("Bias") ? outputs : 0);
}

TEST_F(ProfilerTest, EveryInstructionWithKernelCallsAndShares) {
  program_->Run();  // the program's own run: not profiled
  for (int i = 0; i < kRuns; ++i) profiler_->Run();
  const profile::ProgramProfile p = profiler_->Collect();

  const auto& ops = optimized_.blocks[0].ops;
  ASSERT_EQ(p.ops.size(), ops.size());
  EXPECT_EQ(p.runs, kRuns);
  double shares = 0;
  for (size_t i = 0; i < ops.size(); ++i) {
    const profile::OpProfile& op = p.ops[i];
    EXPECT_EQ(op.index, i);
    EXPECT_EQ(op.op_type, ops[i].Type());
    EXPECT_EQ(op.kernel_key, ops[i].GetAttr<std::string>(kKernelKeyAttr)) << op.op_type;
    EXPECT_EQ(op.calls, kRuns) << op.op_type;
    EXPECT_GE(op.total_ms, 0);
    EXPECT_FALSE(op.outputs.empty()) << op.op_type;
    shares += op.share_percent;
  }
  EXPECT_NEAR(shares, 100.0, 1e-6);
  EXPECT_GT(p.kernel_ms_total, 0);
  EXPECT_LE(p.kernel_ms_total, p.run_ms_total);

  const std::string report = profile::Report(p);
  EXPECT_NE(report.find("profile: 3 runs"), std::string::npos) << report;
  EXPECT_NE(report.find("ops by time"), std::string::npos);
  EXPECT_NE(report.find("op types by time"), std::string::npos);
  for (const auto& op : p.ops) {
    EXPECT_NE(report.find(op.op_type), std::string::npos) << op.op_type;
    EXPECT_NE(report.find(op.kernel), std::string::npos) << op.kernel;
  }
}

TEST_F(ProfilerTest, FlopsOfConvAndClassifier) {
  for (int i = 0; i < kRuns; ++i) profiler_->Run();
  const profile::ProgramProfile p = profiler_->Collect();
  const auto& ops = optimized_.blocks[0].ops;
  int convs = 0, gemms = 0;
  for (size_t i = 0; i < ops.size(); ++i) {
    const cpp::OpDesc& desc = ops[i];
    const std::string& type = desc.Type();
    if (type == "conv2d" || type == "depthwise_conv2d") {
      const DDim& in = DimsOf(desc.Input("Input")[0]);
      const DDim& filter = DimsOf(desc.Input("Filter")[0]);
      EXPECT_DOUBLE_EQ(p.ops[i].flops, ConvFlops(desc, in, filter)) << type << " #" << i;
      EXPECT_NE(p.ops[i].inputs.find("Filter=" + std::to_string(filter[0]) + "x"),
                std::string::npos) << p.ops[i].inputs;
      ++convs;
    } else if (type == "fc" || type == "matmul_v2" || type == "matmul" || type == "mul") {
      // The classifier: [N, 16] x [16, 10].
      const std::string w = type == "fc" ? desc.Input("W")[0] : desc.Input("Y")[0];
      const DDim& weight = DimsOf(w);
      const DDim& x = DimsOf(type == "fc" ? desc.Input("Input")[0] : desc.Input("X")[0]);
      EXPECT_DOUBLE_EQ(p.ops[i].flops, 2.0 * x[0] * weight[1] * weight[0]) << type;
      ++gemms;
    } else {
      EXPECT_EQ(p.ops[i].flops, -1) << type << ": no FLOP formula, so none reported";
    }
  }
  EXPECT_EQ(convs, 3);
  EXPECT_EQ(gemms, 1);
}

TEST_F(ProfilerTest, ResetStartsOver) {
  profiler_->Run();
  EXPECT_EQ(profiler_->Collect().runs, 1);
  profiler_->Reset();
  EXPECT_EQ(profiler_->Collect().runs, 0);
  for (const auto& op : profiler_->Collect().ops) EXPECT_EQ(op.calls, 0);
  profiler_->Run();
  EXPECT_EQ(profiler_->Collect().ops.front().calls, 1);
}

// A failure inside a profiled run is reported as the program's own Run reports it.
TEST_F(ProfilerTest, ErrorsNameTheOp) {
  Tensor& image = (*exec_->Var("feed")->GetMutable<TensorList>())[0];
  image.Resize({2, 5, 32, 32});  // the first conv's filter wants 3 channels
  image.mutable_data<float>();
  try {
    profiler_->Run();
    FAIL() << "a 5-channel input ran";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("while running op 'conv2d'"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
