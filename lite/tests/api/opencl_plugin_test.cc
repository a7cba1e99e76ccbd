// OpenCL plugin ops (paddle_op_plugin.h) from PLITE_OP_PLUGIN_PATH, set by ctest: an image
// kernel plite launches (cl_scaled_tanh) and a buffer kernel the plugin's compute enqueues
// (cl_affine_buffer) between built-in OpenCL and CPU ops, through CxxConfig and the .nb,
// against a naive reference; a source that does not compile and a source file that is not
// there, each named with its reason while the app goes on; and, run by ctest with an empty
// OpenCL vendor directory (*NoDevice*), the host kernel or a clear error where there is no
// device. The plugins are built from lite/tests/api/plugins.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/paddle_custom_op.h"
#include "lite/api/program_predictor.h"
#include "lite/core/program.h"
#include "lite/model_parser/pb/program_desc_parser.h"
#include "lite/tests/core/program_test_util.h"
#include "lite/tests/model_parser/model_test_util.h"
#include "lite/tests/models/model_test_util.h"

#ifdef PLITE_WITH_OPENCL  // the runtime's program counts
#include "lite/backends/opencl/cl_runtime.h"
#endif

namespace paddle {
namespace lite {
namespace test {
namespace {

using lite_api::CxxConfig;
using lite_api::MobileConfig;
using lite_api::PaddlePredictor;

const std::vector<int64_t> kDims = {1, 5, 3, 7};  // 5 channels: a channel block partly filled

// One op of `type` on x, with float attributes.
std::string OneOpModel(const std::string& type, const std::map<std::string, float>& attrs = {}) {
  Builder b(kDims);
  cpp::OpDesc& op = b.Op(type, {{"X", "x"}}, {{"Out", "y"}}, {{"y", kDims}});
  for (const auto& kv : attrs) op.SetAttr<float>(kv.first, kv.second);
  b.Fetch("y", 0);
  return pb::SerializeProgramDesc(b.program());
}

// x -> relu (OpenCL image) -> cl_scaled_tanh (plugin, image) -> cl_affine_buffer (plugin,
// buffer) -> sigmoid (OpenCL image) -> square (CPU only) -> fetch.
std::string MixedModel(bool with_buffer_op) {
  Builder b(kDims);
  b.Op("relu", {{"X", "x"}}, {{"Out", "a"}});
  b.Op("cl_scaled_tanh", {{"X", "a"}}, {{"Out", "b"}}, {{"b", kDims}}).SetAttr<float>("a", 1.5f);
  std::string last = "b";
  if (with_buffer_op) {
    cpp::OpDesc& affine = b.Op("cl_affine_buffer", {{"X", "b"}}, {{"Out", "c"}}, {{"c", kDims}});
    affine.SetAttr<float>("scale", 2.f);
    affine.SetAttr<float>("bias", -0.5f);
    last = "c";
  }
  b.Op("sigmoid", {{"X", last}}, {{"Out", "d"}});
  b.Op("square", {{"X", "d"}}, {{"Out", "e"}});
  b.Fetch("e", 0);
  return pb::SerializeProgramDesc(b.program());
}

std::vector<float> Reference(const std::vector<float>& x, bool with_buffer_op) {
  std::vector<float> out;
  for (float v : x) {
    float y = 1.5f * std::tanh(std::max(v, 0.f));
    if (with_buffer_op) y = 2.f * y - 0.5f;
    y = 1.f / (1.f + std::exp(-y));
    out.push_back(y * y);
  }
  return out;
}

std::shared_ptr<PaddlePredictor> Create(const std::string& model) {
  CxxConfig config;
  config.set_model_buffer(model.data(), model.size(), nullptr, 0);
  config.set_valid_places(
      {lite_api::Place{TARGET(kOpenCL), PRECISION(kFloat), DATALAYOUT(kImageDefault)},
       lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
  return lite_api::CreatePaddlePredictor<CxxConfig>(config);
}

std::vector<float> RunOn(PaddlePredictor* predictor, const std::vector<int64_t>& dims,
                         const std::vector<float>& x) {
  SetInput(predictor, 0, dims, x);
  predictor->Run();
  EXPECT_EQ(predictor->GetOutput(0)->shape(), dims);
  return OutputFloats(*predictor, 0);
}

// The kernel key of each op the predictor runs, as "op(target/precision/layout/provider)".
std::vector<std::string> Plan(const PaddlePredictor& predictor) {
  std::vector<std::string> plan;
  for (const auto& op :
       dynamic_cast<const ProgramPredictor&>(predictor).optimized_program().blocks[0].ops) {
    std::string key = op.GetAttr<std::string>(kKernelKeyAttr);
    const size_t first = key.find(',');
    for (size_t at = key.find(',', first + 1); at != std::string::npos; at = key.find(',', at)) {
      key[at] = '/';
    }
    key[first] = '(';
    plan.push_back(key + ")");
  }
  return plan;
}

bool Contains(const std::vector<std::string>& items, const std::string& item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

void ExpectNear(const std::vector<float>& got, const std::vector<float>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-5f) << "element " << i;
}

std::vector<float> Input(int64_t n) {
  std::vector<float> x = PatternInput(n);
  for (float& v : x) v *= 6.f;  // about -4.5 .. 4.5: relu's zeros and tanh's saturation
  return x;
}

class OpenClPluginTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NE(std::getenv("PLITE_OP_PLUGIN_PATH"), nullptr) << "run through ctest";
    if (!lite_api::IsOpenCLBackendValid()) GTEST_SKIP() << "no OpenCL device";
  }
};

TEST_F(OpenClPluginTest, PluginKernelsRunOnTheDeviceBetweenBuiltinOps) {
  const bool buffer_op = PLITE_TEST_BUFFER_PLUGIN;  // where the build found the OpenCL library
  auto predictor = Create(MixedModel(buffer_op));
  const std::vector<std::string> plan = Plan(*predictor);
  EXPECT_TRUE(Contains(plan, "cl_scaled_tanh(opencl/float/ImageDefault/testplug)"))
      << ::testing::PrintToString(plan);
  EXPECT_TRUE(Contains(plan, "relu(opencl/float/ImageDefault/image)"))
      << ::testing::PrintToString(plan);
  if (buffer_op) {
    EXPECT_TRUE(Contains(plan, "cl_affine_buffer(opencl/float/NCHW/testplug)"))
        << ::testing::PrintToString(plan);
  }
  // Other shapes: the outputs' images and buffers follow the input's.
  for (const std::vector<int64_t>& dims :
       {kDims, std::vector<int64_t>{2, 5, 3, 7}, std::vector<int64_t>{1, 3, 4, 2}}) {
    const std::vector<float> x = Input(dims[0] * dims[1] * dims[2] * dims[3]);
    ExpectNear(RunOn(predictor.get(), dims, x), Reference(x, buffer_op));
  }

  // A clone has kernels of its own (the plugin's attribute argument set in its prepare).
  auto clone = predictor->Clone();
  const std::vector<float> x1 = Input(5 * 3 * 7);
  ExpectNear(RunOn(clone.get(), kDims, x1), Reference(x1, buffer_op));

  // The .nb records the plugin's kernels; the light predictor runs them.
  testing::TempDir dir;
  predictor->SaveOptimizedModel(dir / "m", lite_api::LiteModelType::kNaiveBuffer);
  MobileConfig light;
  light.set_model_from_file(dir / "m.nb");
  auto mobile = lite_api::CreatePaddlePredictor<MobileConfig>(light);
  EXPECT_EQ(Plan(*mobile), plan);
  const std::vector<float> x = Input(5 * 3 * 7);
  ExpectNear(RunOn(mobile.get(), kDims, x), Reference(x, buffer_op));
}

TEST_F(OpenClPluginTest, ABadSourceFailsWithTheCompilerLogAndTheAppGoesOn) {
  ExpectErrorHolding([] { Create(OneOpModel("cl_broken")); },
                     {"cl_bad_source_plugin.so", "op 'cl_broken'", "CL_BUILD_PROGRAM_FAILURE",
                      "plite_no_such_function"});
  // Every predictor that picks it fails the same way; the others work.
  ExpectErrorHolding([] { Create(OneOpModel("cl_broken")); }, {"plite_no_such_function"});
  auto predictor = Create(OneOpModel("cl_scaled_tanh", {{"a", -2.f}}));
  const std::vector<float> x = Input(5 * 3 * 7);
  std::vector<float> want;
  for (float v : x) want.push_back(-2.f * std::tanh(v));
  ExpectNear(RunOn(predictor.get(), kDims, x), want);
}

TEST_F(OpenClPluginTest, MalformedOpenClOpsRefuseTheirPluginNamingWhy) {
  ExpectErrorHolding([] { Create(OneOpModel("cl_no_file")); },
                     {"op 'cl_no_file' is not supported", "cl_no_file_plugin.so",
                      "cannot read its OpenCL source file", "no_such_kernel.cl"});
  ExpectErrorHolding([] { Create(OneOpModel("cl_no_source")); },
                     {"cl_no_source_plugin.so", "op 'cl_no_source'",
                      "names an OpenCL kernel but gives no opencl_source or opencl_source_file"});
}

#ifdef PLITE_WITH_OPENCL
// The plugin's program goes through set_opencl_binary_path_name's cache like plite's own: a
// second start loads it instead of compiling.
TEST_F(OpenClPluginTest, TheBinaryCacheKeepsThePluginProgram) {
  testing::TempDir dir;
  const std::string model = OneOpModel("cl_scaled_tanh");
  CxxConfig config;
  config.set_model_buffer(model.data(), model.size(), nullptr, 0);
  config.set_valid_places(
      {lite_api::Place{TARGET(kOpenCL), PRECISION(kFloat), DATALAYOUT(kImageDefault)},
       lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
  config.set_opencl_binary_path_name(dir / "programs", "plugin");
  opencl::ClRuntime& runtime = opencl::ClRuntime::Get();
  const std::vector<float> x = Input(5 * 3 * 7);
  std::vector<float> want;
  for (float v : x) want.push_back(std::tanh(v));
  const auto start = [&] {
    runtime.DropPrograms();  // as a new process would find it
    auto predictor = lite_api::CreatePaddlePredictor<CxxConfig>(config);
    ExpectNear(RunOn(predictor.get(), kDims, x), want);
  };
  const int64_t compiled = runtime.programs_compiled();
  const int64_t loaded = runtime.programs_loaded();
  start();
  const int64_t compiled_first = runtime.programs_compiled() - compiled;
  EXPECT_GE(compiled_first, 2);  // layout.cl and the plugin's source at least
  bool kept = false;             // a cached program whose key holds the plugin's source
  for (const auto& entry : std::filesystem::directory_iterator(dir / "programs")) {
    kept = kept || testing::ReadBytes(entry.path().string()).find("PLITE_TEST_SCALED_TANH") !=
                       std::string::npos;
  }
  EXPECT_TRUE(kept);
  start();
  EXPECT_EQ(runtime.programs_compiled() - compiled, compiled_first);
  EXPECT_EQ(runtime.programs_loaded() - loaded, compiled_first);
  runtime.SetBinaryCache("", "");
}
#endif

// ---- run by ctest with an empty OpenCL vendor directory

TEST(OpenClPluginNoDevice, TheHostKernelRunsOrTheErrorSaysWhy) {
  ASSERT_NE(std::getenv("PLITE_OP_PLUGIN_PATH"), nullptr) << "run through ctest";
  ASSERT_FALSE(lite_api::IsOpenCLBackendValid()) << "run with no OpenCL device";
  // cl_scaled_tanh has a host kernel: the model runs on the CPU.
  auto predictor = Create(MixedModel(false));
  for (const std::string& op : Plan(*predictor)) {
    EXPECT_EQ(op.find("opencl"), std::string::npos) << op;
  }
  EXPECT_TRUE(Contains(Plan(*predictor), "cl_scaled_tanh(host/float/NCHW/testplug)"));
  const std::vector<float> x = Input(5 * 3 * 7);
  ExpectNear(RunOn(predictor.get(), kDims, x), Reference(x, false));

  // The OpenCL ops loaded with their plugins: only the malformed ones are refused, as they
  // are with a device.
  EXPECT_TRUE(Contains(lite_api::CustomOpTypes(), "cl_broken"));
  for (const std::string& e : lite_api::CustomRegistrationErrors()) {
    EXPECT_TRUE(e.find("cl_no_file_plugin.so") != std::string::npos ||
                e.find("cl_no_source_plugin.so") != std::string::npos)
        << e;
  }

  // cl_broken has none: the error says its kernel needs the device (nothing is compiled).
  ExpectErrorHolding(
      [] { Create(OneOpModel("cl_broken")); },
      {"no kernel for op 'cl_broken'",
       "opencl/float/ImageDefault (needs an OpenCL device, which this machine lacks)"});
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
