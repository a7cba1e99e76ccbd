// The opt tool's target parsing, registry tables, unsupported-op check and summary. A test op with
// no kernel stands for an op a build registers but cannot run.
#include "tools/opt_report.h"

#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/core/program.h"
#include "lite/tests/core/kernelless_op.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "tools/sample_model_builder.h"

REGISTER_LITE_OP(test_opt_kernelless, paddle::lite::test::KernellessOp);

namespace paddle {
namespace lite {
namespace test {
namespace {

using lite_api::DataLayoutType;
using lite_api::PrecisionType;
using opt::ParseValidTargets;

const TargetType kHost = TargetType::kHost, kX86 = TargetType::kX86, kArm = TargetType::kARM,
                 kOpenCL = TargetType::kOpenCL;

// The table row of `op` (the line starting with the op name and a space), or "".
std::string RowOf(const std::string& table, const std::string& op) {
  std::stringstream in(table);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(op + " ", 0) == 0) return line;
  }
  return "";
}

// Whether this build registers conv2d on OpenCL (LITE_WITH_OPENCL builds do).
bool OpenClConv() {
  return FindKernel("conv2d", Place(kOpenCL, PrecisionType::kFloat,
                                    DataLayoutType::kImageDefault)) != nullptr;
}

TEST(OptReportTest, ValidTargetsKeepOrderAndEndWithHost) {
  auto v = ParseValidTargets("arm,opencl");
  EXPECT_EQ(v.targets, (std::vector<TargetType>{kArm, kOpenCL, kHost}));
  ASSERT_EQ(v.places.size(), 2u + 5u + 2u);
  EXPECT_EQ(v.places[0], Place(kArm, PrecisionType::kInt8, DataLayoutType::kNCHW));
  EXPECT_EQ(v.places[1], Place(kArm, PrecisionType::kFloat, DataLayoutType::kNCHW));
  EXPECT_EQ(v.places[2], Place(kOpenCL, PrecisionType::kFP16, DataLayoutType::kImageDefault));
  EXPECT_EQ(v.places[3], Place(kOpenCL, PrecisionType::kFloat, DataLayoutType::kImageDefault));
  EXPECT_EQ(v.places[4], Place(kOpenCL, PrecisionType::kAny, DataLayoutType::kImageDefault));
  EXPECT_EQ(v.places[7], Place(kHost, PrecisionType::kFloat));
  EXPECT_EQ(v.places[8], Place(kHost, PrecisionType::kAny));

  EXPECT_EQ(ParseValidTargets("host,arm").targets, (std::vector<TargetType>{kHost, kArm}));
  EXPECT_EQ(ParseValidTargets(" ARM , x86 ").targets,
            (std::vector<TargetType>{kArm, kX86, kHost}));
  EXPECT_EQ(ParseValidTargets("arm,arm").targets, (std::vector<TargetType>{kArm, kHost}));
  EXPECT_EQ(ParseValidTargets("host").places.size(), 2u);
}

TEST(OptReportTest, EnableFp16PutsArmFp16JustBeforeTheArmPlaces) {
  auto v = ParseValidTargets("opencl,arm");
  opt::PreferFp16(&v);
  ASSERT_EQ(v.places.size(), 5u + 3u + 2u);
  EXPECT_EQ(v.places[4].target, kOpenCL);
  EXPECT_EQ(v.places[5], Place(kArm, PrecisionType::kFP16));
  EXPECT_EQ(v.places[6], Place(kArm, PrecisionType::kInt8));
  EXPECT_EQ(v.places[7], Place(kArm, PrecisionType::kFloat));
  opt::PreferFp16(&v);  // once is enough
  EXPECT_EQ(v.places.size(), 10u);
  ExpectErrorContaining(
      [] {
        auto x86 = ParseValidTargets("x86");
        opt::PreferFp16(&x86);
      },
      "--enable_fp16 needs arm or opencl among --valid_targets (the fp16 kernels are ARM's and "
      "OpenCL's half images); got x86, host");
}

TEST(OptReportTest, BadValidTargetsNameTheProblem) {
  ExpectErrorContaining([] { ParseValidTargets("arm,bogus"); },
                        "unknown target 'bogus' in --valid_targets; accepted: host, x86, arm, opencl");
  ExpectErrorContaining([] { ParseValidTargets(""); }, "--valid_targets is empty");
  ExpectErrorContaining([] { ParseValidTargets("arm,,x86"); }, "has an empty name");
  ExpectErrorContaining([] { ParseValidTargets("cuda"); }, "unknown target 'cuda'");
}

TEST(OptReportTest, UnsupportedOpsListsEveryProblem) {
  const std::vector<TargetType> targets = {kArm, kHost};
  EXPECT_EQ(opt::UnsupportedOps({"conv2d", "test_opt_kernelless", "frobnicate", "relu"}, targets),
            (std::vector<std::string>{"op 'test_opt_kernelless': no kernel for targets arm, host",
                                      "op 'frobnicate': not registered"}));
  EXPECT_TRUE(opt::UnsupportedOps({"conv2d", "feed", "fetch"}, targets).empty());

  cpp::ProgramDesc program;
  Scope scope;
  BuildSampleModel(&program, &scope);
  EXPECT_NO_THROW(opt::CheckModelSupported(program, targets));
  InsertOpsBeforeFetch({"test_opt_kernelless", "frobnicate"}, &program);
  try {
    opt::CheckModelSupported(program, targets);
    ADD_FAILURE() << "expected an error";
  } catch (const PaddleLiteException& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("op 'test_opt_kernelless': no kernel for targets arm, host"),
              std::string::npos) << what;
    EXPECT_NE(what.find("op 'frobnicate': not registered"), std::string::npos) << what;
  }
}

// Counts from the sample model's documented structure (tools/sample_model_builder.h).
TEST(OptReportTest, ModelOpTypesCountEveryBlockOp) {
  cpp::ProgramDesc program;
  Scope scope;
  BuildSampleModel(&program, &scope);
  const std::map<std::string, int> expected = {
      {"feed", 1}, {"conv2d", 2}, {"batch_norm", 2}, {"relu", 1}, {"depthwise_conv2d", 1},
      {"relu6", 1}, {"elementwise_add", 2}, {"hard_swish", 1}, {"pool2d", 1},
      {"flatten_contiguous_range", 1}, {"matmul_v2", 1}, {"softmax", 1}, {"scale", 1},
      {"fetch", 1}};
  const auto types = opt::ModelOpTypes(program);
  const std::map<std::string, int> got(types.begin(), types.end());
  EXPECT_EQ(got, expected);
  EXPECT_EQ(types.size(), expected.size());
  EXPECT_EQ(types.front().first, "feed");  // order of first appearance
  EXPECT_EQ(types.back().first, "fetch");
}

TEST(OptReportTest, TablesMarkWhatHasKernels) {
  cpp::ProgramDesc program;
  Scope scope;
  BuildSampleModel(&program, &scope);
  InsertOpsBeforeFetch({"test_opt_kernelless", "frobnicate"}, &program);
  const std::string model = opt::ModelOpsTable(program, {kArm, kHost});
  // Columns host, x86, arm, opencl: x86 builds have an x86 conv2d kernel too, OpenCL builds
  // an OpenCL one.
  const bool x86_conv = FindKernel("conv2d", Place(kX86, PrecisionType::kFloat)) != nullptr;
  EXPECT_EQ(RowOf(model, "conv2d"),
            std::string("conv2d                       2 Y      ") + (x86_conv ? "Y" : ".") +
                "      .      " + (OpenClConv() ? "Y" : "."))
      << model;
  EXPECT_NE(RowOf(model, "test_opt_kernelless").find("<- no kernel on arm, host"),
            std::string::npos) << model;
  EXPECT_NE(RowOf(model, "frobnicate").find("<- not registered"), std::string::npos) << model;
  EXPECT_EQ(RowOf(model, "conv2d").find("<-"), std::string::npos);

  const std::string supported = opt::SupportedOpsTable({kArm, kHost});
  EXPECT_NE(supported.find("op_type"), std::string::npos);
  EXPECT_NE(RowOf(supported, "conv2d").find("Y"), std::string::npos) << supported;
  EXPECT_EQ(RowOf(supported, "test_opt_kernelless"), "") << supported;
  EXPECT_EQ(opt::SupportedOpsTable({kOpenCL}).find("conv2d") != std::string::npos, OpenClConv())
      << "OpenCL builds, and only they, have an OpenCL conv2d";

  const std::string all = opt::AllOpsTable();
  EXPECT_NE(RowOf(all, "test_opt_kernelless"), "") << all;
  EXPECT_EQ(RowOf(all, "test_opt_kernelless").find("Y"), std::string::npos);
  EXPECT_NE(RowOf(all, "io_copy"), "") << all;
}

TEST(OptReportTest, KernelListingShowsKeyTypesAndSource) {
  const std::string listing = opt::KernelListing();
  const auto at = listing.find("conv2d,host,float,NCHW,def");
  ASSERT_NE(at, std::string::npos) << listing;
  const std::string entry = listing.substr(at, listing.find("\n", listing.find("outputs:", at)) - at);
  EXPECT_NE(entry.find("lite/kernels/host/conv_compute.cc"), std::string::npos) << entry;
  EXPECT_NE(entry.find("Filter=host/float/NCHW"), std::string::npos) << entry;
  EXPECT_NE(entry.find("outputs: Output=host/float/NCHW"), std::string::npos) << entry;
}

// A model that records op versions gets a last column with them ("-": none recorded); the
// target columns stay where they were.
TEST(OptReportTest, ModelOpsShowRecordedVersions) {
  cpp::ProgramDesc program;
  Scope scope;
  BuildSampleModel(&program, &scope);
  EXPECT_EQ(opt::ModelOpsTable(program, {kHost}).find("version"), std::string::npos);

  program.op_versions = {{"conv2d", 1}, {"softmax", 0}, {"fill_constant", 2}};
  const std::string model = opt::ModelOpsTable(program, {kHost});
  EXPECT_NE(model.find("op_type                  count host   x86    arm    opencl version\n"),
            std::string::npos) << model;
  const bool x86_conv = FindKernel("conv2d", Place(kX86, PrecisionType::kFloat)) != nullptr;
  EXPECT_EQ(RowOf(model, "conv2d"), std::string("conv2d                       2 Y      ") +
                                        (x86_conv ? "Y" : ".") + "      .      " +
                                        (OpenClConv() ? "Y" : ".") + "      1")
      << model;
  EXPECT_EQ(RowOf(model, "softmax").substr(RowOf(model, "softmax").size() - 2), " 0") << model;
  EXPECT_EQ(RowOf(model, "relu").substr(RowOf(model, "relu").size() - 2), " -") << model;
  EXPECT_EQ(RowOf(model, "fill_constant"), "") << "only the model's op types";
}

cpp::OpDesc Op(const std::string& type, const std::string& in, const std::string& out,
              const std::string& kernel_key = "") {
  cpp::OpDesc op(type);
  op.SetInput("X", {in});
  op.SetOutput("Out", {out});
  if (!kernel_key.empty()) op.SetAttr<std::string>(kKernelKeyAttr, kernel_key);
  return op;
}

// A quantized model's summary names its int8 ops (and those writing int8 for int8 readers)
// and the layers that stay float behind a quantize op (the reader right after it, not a
// later one of a reused name), and why nothing is int8 when nothing is; a float model's has
// no int8 line.
TEST(OptReportTest, SummaryNamesInt8OpsAndTheFloatQuantizedLayers) {
  const std::string q = "fake_quantize_dequantize_moving_average_abs_max";
  cpp::ProgramDesc before;
  before.blocks.resize(1);
  before.blocks[0].ops = {Op(q, "x", "xq"), Op("conv2d", "xq", "y")};
  cpp::ProgramDesc after;
  after.blocks.resize(1);
  after.blocks[0].ops = {Op("conv2d", "x", "a", "conv2d,x86,int8,NCHW,def"),
                         Op(q, "a", "aq", "fake_quantize,x86,float,NCHW,def"),
                         Op("depthwise_conv2d", "aq", "b", "depthwise_conv2d,x86,float,NCHW,def"),
                         Op("relu", "b", "aq", "relu,x86,float,NCHW,def"),  // reuses the name
                         Op("pool2d", "aq", "c", "pool2d,x86,float,NCHW,def"),
                         Op("calib", "c", "d", "calib,x86,int8,NCHW,def")};
  const std::string summary = opt::OptimizeSummary(before, after, {"p"});
  EXPECT_NE(summary.find("int8: conv2d 1; float behind quantize ops"), std::string::npos)
      << summary;
  EXPECT_NE(summary.find("): depthwise_conv2d 1\n"), std::string::npos) << summary;
  EXPECT_EQ(summary.find("pool2d 1"), std::string::npos) << summary;
  EXPECT_EQ(summary.find("write int8"), std::string::npos) << summary;

  after.blocks[0].ops[0].SetAttr("Output0_scale", std::vector<float>{0.5f});
  const std::string chained = opt::OptimizeSummary(before, after, {"p"});
  EXPECT_NE(chained.find("int8: conv2d 1 (1 write int8 for int8 readers); float"),
            std::string::npos)
      << chained;

  after.blocks[0].ops[0] = Op("conv2d", "x", "a", "conv2d,x86,float,NCHW,def");
  const std::string simulated = opt::OptimizeSummary(before, after, {"p"});
  EXPECT_NE(simulated.find("int8: none (no int8 place"), std::string::npos) << simulated;

  before.blocks[0].ops = {Op("conv2d", "x", "y")};
  after.blocks[0].ops = {Op("conv2d", "x", "y", "conv2d,x86,float,NCHW,def")};
  EXPECT_EQ(opt::OptimizeSummary(before, after, {"p"}).find("int8"), std::string::npos);
}

TEST(OptReportTest, KernelListingShowsDeclaredOpVersions) {
  const std::string listing = opt::KernelListing();
  const auto at = listing.find("fill_constant,host,any,any,def");
  ASSERT_NE(at, std::string::npos) << listing;
  // The entry: its key line and the indented lines after it.
  auto end = listing.find('\n', at);
  while (end != std::string::npos && listing.compare(end + 1, 2, "  ") == 0) {
    end = listing.find('\n', end + 1);
  }
  const std::string entry = listing.substr(at, end - at);
  EXPECT_NE(entry.find("paddle op versions: fill_constant 0..2"), std::string::npos) << entry;
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
