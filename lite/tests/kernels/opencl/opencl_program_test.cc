// OpenCL kernels in optimized programs: the casts the optimizer inserts where OpenCL and
// CPU kernels meet (their exact places), each OpenCL kernel against the host kernels (the
// reference) on odd shapes, fp32 images within 1e-4 and half images within 2e-2 of the
// values' range, and the CPU plan where no OpenCL device is found (*NoDevice*, run by ctest
// with an empty OpenCL vendor directory).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "lite/api/cxx_api.h"
#include "lite/api/paddle_api.h"
#include "lite/backends/opencl/cl_runtime.h"
#include "lite/core/program.h"
#include "lite/model_parser/model_parser.h"
#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const Place kHostFloat(TargetType::kHost, PrecisionType::kFloat);
const Place kClFloat(TargetType::kOpenCL, PrecisionType::kFloat, DataLayoutType::kImageDefault);
const Place kClHalf(TargetType::kOpenCL, PrecisionType::kFP16, DataLayoutType::kImageDefault);

class OpenClProgramTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    if (!opencl::ClRuntime::Available(&why)) GTEST_SKIP() << "no OpenCL device: " << why;
  }
};

// "op(target/precision/layout)" per op of the optimized program, as its kernel key says.
std::vector<std::string> Plan(const Optimized& o) {
  std::vector<std::string> plan;
  for (const auto& op : o.program.blocks[0].ops) {
    const std::string key = op.GetAttr<std::string>(kKernelKeyAttr);  // op,target,prec,layout,alias
    std::vector<std::string> f;
    for (size_t start = 0;;) {
      const size_t comma = key.find(',', start);
      f.push_back(key.substr(start, comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    plan.push_back(StrCat(f[0], "(", f[1], "/", f[2], "/", f[3], ")"));
  }
  return plan;
}

// x -> relu (OpenCL) -> square (CPU only) -> sigmoid (OpenCL) -> fetch.
Builder MixedProgram() {
  Builder b({-1, 5, 3, 7});
  b.Op("relu", {{"X", "x"}}, {{"Out", "a"}});
  b.Op("square", {{"X", "a"}}, {{"Out", "b"}});
  b.Op("sigmoid", {{"X", "b"}}, {{"Out", "c"}});
  b.Fetch("c", 0);
  return b;
}

TEST_F(OpenClProgramTest, ThePublicApiReportsTheDevice) {
  EXPECT_TRUE(lite_api::IsOpenCLBackendValid());
  EXPECT_EQ(lite_api::IsOpenCLBackendValid(true), opencl::ClRuntime::Get().info().half_images);
  const std::string name = opencl::ClRuntime::Get().info().name;
  // PoCL's CPU device and NVIDIA's GPUs are class 4 (other).
  if (name.find("pthread") != std::string::npos || name.find("NVIDIA") != std::string::npos) {
    EXPECT_EQ(lite_api::GetOpenCLDeviceType(), 4) << name;
  }
}

TEST_F(OpenClProgramTest, CastsSitWhereOpenClAndCpuKernelsMeet) {
  const Builder b = MixedProgram();
  const std::vector<float> x = RandomVector(2 * 5 * 3 * 7, -2.f, 2.f, 1);
  const std::vector<float> want =
      Optimize(b.program(), {kHostFloat}, false)->Run(DDim({2, 5, 3, 7}), x);

  // Float images: io_copy into a buffer, layout into an image, and back the same way.
  auto fp32 = Optimize(b.program(), {kClFloat, kHostFloat}, false);
  const std::vector<std::string> into_fp32 = {"io_copy(opencl/any/any)",
                                              "layout(opencl/float/ImageDefault)"};
  const std::vector<std::string> out_of_fp32 = {"layout(opencl/float/NCHW)",
                                                "io_copy(opencl/any/any)"};
  std::vector<std::string> expected = {"feed(host/any/any)"};
  const auto append = [&](const std::vector<std::string>& ops) {
    expected.insert(expected.end(), ops.begin(), ops.end());
  };
  append(into_fp32);
  append({"relu(opencl/float/ImageDefault)"});
  append(out_of_fp32);
  append({"square(host/float/NCHW)"});
  append(into_fp32);
  append({"sigmoid(opencl/float/ImageDefault)"});
  append(out_of_fp32);
  append({"fetch(host/any/any)"});
  EXPECT_EQ(Plan(*fp32), expected);
  ExpectAllNear(fp32->Run(DDim({2, 5, 3, 7}), x), want, 1e-5f, 1e-5f);

  // Half images: the calib to half runs on the device buffer; back on the host the half
  // values are calibrated to float on the CPU (after the io_copy).
  auto fp16 = Optimize(b.program(), {kClHalf, kClFloat, kHostFloat}, false);
  const std::vector<std::string> into_fp16 = {"io_copy(opencl/any/any)", "calib(opencl/fp16/NCHW)",
                                              "layout(opencl/fp16/ImageDefault)"};
  const std::vector<std::string> out_of_fp16 = {"layout(opencl/fp16/NCHW)",
                                                "io_copy(opencl/any/any)", "calib(host/float/any)"};
  expected = {"feed(host/any/any)"};
  append(into_fp16);
  append({"relu(opencl/fp16/ImageDefault)"});
  append(out_of_fp16);
  append({"square(host/float/NCHW)"});
  append(into_fp16);
  append({"sigmoid(opencl/fp16/ImageDefault)"});
  append(out_of_fp16);
  append({"fetch(host/any/any)"});
  EXPECT_EQ(Plan(*fp16), expected);
  ExpectAllNear(fp16->Run(DDim({2, 5, 3, 7}), x), want, 2e-2f, 2e-2f);

  // And the same after a .nb round trip (what the light predictor runs).
  auto loaded = NbRoundTrip(*fp16);
  EXPECT_EQ(Plan(*loaded), expected);
  ExpectAllNear(loaded->Run(DDim({2, 5, 3, 7}), x), want, 2e-2f, 2e-2f);
}

// Max |got - want| over the scale of want (its range, or its largest magnitude where that
// is more, as for one element): the half-storage criterion.
float RelativeToRange(const std::vector<float>& got, const std::vector<float>& want) {
  float lo = want[0], hi = want[0], largest = 0.f, worst = 0.f;
  for (size_t i = 0; i < want.size(); ++i) {
    lo = std::min(lo, want[i]);
    hi = std::max(hi, want[i]);
    largest = std::max(largest, std::fabs(want[i]));
    worst = std::max(worst, std::fabs(got[i] - want[i]));
  }
  return worst / std::max({hi - lo, largest, 1e-6f});
}

struct ActivationCase {
  std::string op;
  std::map<std::string, float> attrs;
  float lo{-4.f}, hi{4.f};
};

std::vector<ActivationCase> ActivationCases() {
  return {{"relu", {}},
          {"relu6", {{"threshold", 2.5f}}},
          {"leaky_relu", {{"alpha", 0.15f}}},
          {"sigmoid", {}},
          {"tanh", {}},
          {"swish", {{"beta", 1.7f}}},
          {"exp", {}, -3.f, 3.f},
          {"abs", {}},
          {"hard_swish", {{"threshold", 5.f}, {"scale", 7.f}, {"offset", 2.f}}},
          {"hard_sigmoid", {{"slope", 0.3f}, {"offset", 0.4f}}},
          {"gelu", {}},
          {"log", {}, 0.05f, 6.f},
          {"softplus", {{"beta", 2.f}, {"threshold", 3.f}}},
          {"mish", {}}};
}

TEST_F(OpenClProgramTest, ActivationsMatchTheHostKernels) {
  const std::vector<std::vector<int64_t>> shapes = {{1, 1, 1, 1}, {2, 5, 3, 7}, {1, 3, 9, 2},
                                                    {1, 8, 4, 4}, {3, 17},      {11}};
  uint32_t seed = 10;
  for (const ActivationCase& c : ActivationCases()) {
    for (const auto& shape : shapes) {
      SCOPED_TRACE(StrCat(c.op, " ", DDim(shape)));
      std::vector<int64_t> declared = shape;
      declared[0] = -1;
      Builder b(declared);
      cpp::OpDesc& op = b.Op(c.op, {{"X", "x"}}, {{"Out", "y"}});
      for (const auto& a : c.attrs) op.SetAttr<float>(a.first, a.second);
      if (c.op == "gelu") op.SetAttr<bool>("approximate", seed % 2 == 0);
      b.Fetch("y", 0);
      const DDim dims(shape);
      const std::vector<float> x = RandomVector(dims.production(), c.lo, c.hi, ++seed);
      const std::vector<float> want = Optimize(b.program(), {kHostFloat}, false)->Run(dims, x);
      auto fp32 = Optimize(b.program(), {kClFloat, kHostFloat}, false);
      ASSERT_NE(fp32->FindOp(c.op)->GetAttr<std::string>(kKernelKeyAttr).find(",opencl,"),
                std::string::npos);
      ExpectAllNear(fp32->Run(dims, x), want, 1e-4f, 1e-4f);
      auto fp16 = Optimize(b.program(), {kClHalf, kHostFloat}, false);
      EXPECT_LE(RelativeToRange(fp16->Run(dims, x), want), 2e-2f);
    }
  }
}

// The sample model (its activations fused into the convolutions) with two activations
// before the fetch that run on OpenCL, predicted through CxxConfig with float images.
class SampleModelOnOpenCl {
 public:
  explicit SampleModelOnOpenCl(const std::string& dir)
      : files_(WriteSampleModel(dir + "/model", true, {"sigmoid", "relu"})) {}

  lite_api::CxxConfig Config(const std::vector<Place>& places) const {
    lite_api::CxxConfig config;
    config.set_model_file(files_.model_file);
    config.set_param_file(files_.params_file);
    config.set_valid_places(places);
    config.set_opencl_precision(lite_api::CL_PRECISION_FP32);
    return config;
  }
  static std::vector<float> Run(lite_api::PaddlePredictor* predictor) {
    auto in = predictor->GetInput(0);
    in->Resize({2, 3, 32, 32});
    const std::vector<float> x = RandomVector(2 * 3 * 32 * 32, -1.f, 1.f, 5);
    in->CopyFromCpu(x.data());
    predictor->Run();
    auto out = predictor->GetOutput(0);
    std::vector<float> y(2 * kSampleModelClasses);
    out->CopyToCpu(y.data());
    return y;
  }

 private:
  ModelFiles files_;
};

// A second start with set_opencl_binary_path_name loads the programs the first compiled
// (both start-up times, creation and first run, are printed).
TEST_F(OpenClProgramTest, TheBinaryCacheSkipsCompilingAtTheSecondStart) {
  char tmpl[] = "/tmp/plite_opencl_cache_XXXXXX";
  const std::string dir = mkdtemp(tmpl);
  const SampleModelOnOpenCl model(dir);
  lite_api::CxxConfig config = model.Config({kClFloat, kHostFloat});
  config.set_opencl_binary_path_name(dir + "/programs", "sample");
  const std::vector<float> want =
      model.Run(lite_api::CreatePaddlePredictor(model.Config({kHostFloat})).get());

  opencl::ClRuntime& runtime = opencl::ClRuntime::Get();
  const auto start = [&](int64_t* ms) {
    runtime.DropPrograms();  // as a new process would find it
    const auto t0 = std::chrono::steady_clock::now();
    auto predictor = lite_api::CreatePaddlePredictor(config);
    const std::vector<float> got = model.Run(predictor.get());
    *ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0)
            .count();
    ExpectAllNear(got, want, 1e-5f, 1e-4f);
  };
  const int64_t compiled = runtime.programs_compiled();
  const int64_t loaded = runtime.programs_loaded();
  int64_t first_ms = 0, second_ms = 0;
  start(&first_ms);
  const int64_t compiled_first = runtime.programs_compiled() - compiled;
  EXPECT_GE(compiled_first, 2);  // layout.cl and activation.cl at least
  EXPECT_EQ(runtime.programs_loaded(), loaded);
  EXPECT_FALSE(std::filesystem::is_empty(dir + "/programs"));
  start(&second_ms);
  EXPECT_EQ(runtime.programs_compiled() - compiled, compiled_first);
  EXPECT_EQ(runtime.programs_loaded() - loaded, compiled_first);
  std::cout << "[opencl] sample model start-up (create + first run): " << first_ms
            << " ms compiling " << compiled_first << " programs, " << second_ms
            << " ms loading them from the binary cache\n";
  runtime.SetBinaryCache("", "");
  std::filesystem::remove_all(dir);
}

// set_opencl_tune: the first start times each launch's local sizes and keeps the fastest in
// the file; a second start (which reads the file again, as a new process would) reuses them
// all; outputs are the same.
TEST_F(OpenClProgramTest, TuningKeepsItsChoicesForTheNextStart) {
  char tmpl[] = "/tmp/plite_opencl_tune_XXXXXX";
  const std::string dir = mkdtemp(tmpl);
  const SampleModelOnOpenCl model(dir);
  const std::vector<float> want =
      model.Run(lite_api::CreatePaddlePredictor(model.Config({kHostFloat})).get());
  lite_api::CxxConfig config = model.Config({kClFloat, kHostFloat});
  config.set_opencl_tune(lite_api::CL_TUNE_RAPID, dir + "/tuned", "sample", 2);
  const opencl::LocalSizeTuner& tuner = opencl::ClRuntime::Get().tuner();
  const int64_t tuned = tuner.tuned(), reused = tuner.reused();
  ExpectAllNear(model.Run(lite_api::CreatePaddlePredictor(config).get()), want, 1e-5f, 1e-4f);
  const int64_t first = tuner.tuned() - tuned;
  EXPECT_GE(first, 4);  // layouts in and out, the two activations at least
  EXPECT_TRUE(std::filesystem::exists(dir + "/tuned/sample"));
  ExpectAllNear(model.Run(lite_api::CreatePaddlePredictor(config).get()), want, 1e-5f, 1e-4f);
  EXPECT_EQ(tuner.tuned() - tuned, first);    // nothing measured again
  EXPECT_GE(tuner.reused() - reused, first);  // every launch answered from the choices
  opencl::ClRuntime::Get().SetTuning(opencl::TuneMode::kNone, "", "", 1);
  std::filesystem::remove_all(dir);
}

// x -> relu -> a -> sigmoid -> y, saved as a Paddle model in `dir`.
ModelFiles WriteReluSigmoidModel(const std::string& dir) {
  Builder b({-1, 1, 1, -1});
  b.Op("relu", {{"X", "x"}}, {{"Out", "a"}});
  b.Op("sigmoid", {{"X", "a"}}, {{"Out", "y"}});
  b.Fetch("y", 0);
  ModelFiles files{dir + "/model.pdmodel", dir + "/model.pdiparams", ""};
  SaveModelPbFiles(files.model_file, files.params_file, b.program(), Scope());
  return files;
}

// Sets input 0 to `x` as [1, 1, 1, x.size()] through `in`, runs, returns output 0.
std::vector<float> RunRow(lite_api::PaddlePredictor* predictor, lite_api::Tensor* in,
                          const std::vector<float>& x) {
  in->Resize({1, 1, 1, static_cast<int64_t>(x.size())});
  in->CopyFromCpu(x.data());
  predictor->Run();
  auto out = predictor->GetOutput(0);
  std::vector<float> y(x.size());
  out->CopyToCpu(y.data());
  return y;
}

std::vector<float> ReluSigmoid(const std::vector<float>& x) {
  std::vector<float> y;
  for (float v : x) y.push_back(1.f / (1.f + std::exp(-std::max(v, 0.f))));
  return y;
}

// A row one texel wider than the device's largest image: the first run meeting it fails at
// the cast making x's image, plans again with relu (which reads x) on the CPU, meets a
// (relu's output) at the cast before sigmoid, plans again with sigmoid there too, and runs.
// The input and output handles taken before stay valid, the plan stays for later runs and
// for the .nb it saves; the .nb saved before, run by MobileConfig, fails naming x and what to do, and
// opt's keep_cpu_ops makes one that runs.
TEST_F(OpenClProgramTest, TensorsTooLargeForImagesMoveTheirOpsToTheCpu) {
  char tmpl[] = "/tmp/plite_opencl_wide_XXXXXX";
  const std::string dir = mkdtemp(tmpl);
  const ModelFiles files = WriteReluSigmoidModel(dir);
  lite_api::CxxConfig config;
  config.set_model_file(files.model_file);
  config.set_param_file(files.params_file);
  config.set_valid_places({kClFloat, kHostFloat});
  config.set_opencl_precision(lite_api::CL_PRECISION_FP32);
  const size_t wide = opencl::ClRuntime::Get().info().image2d_max_width + 1;
  const std::vector<float> x = RandomVector(wide, -2.f, 2.f, 11);
  const std::vector<float> x2 = RandomVector(wide, -2.f, 2.f, 12);

  auto predictor = lite_api::CreatePaddlePredictor(config);
  predictor->SaveOptimizedModel(dir + "/before", lite_api::LiteModelType::kNaiveBuffer);
  auto in = predictor->GetInput(0);
  const std::vector<float> narrow = RandomVector(40, -2.f, 2.f, 13);  // fits: no new plan
  ExpectAllNear(RunRow(predictor.get(), in.get(), narrow), ReluSigmoid(narrow), 1e-6f, 1e-5f);
  auto out = predictor->GetOutput(0);
  ExpectAllNear(RunRow(predictor.get(), in.get(), x), ReluSigmoid(x), 1e-6f, 1e-5f);
  ASSERT_EQ(out->shape(), (lite_api::shape_t{1, 1, 1, static_cast<int64_t>(wide)}));
  ExpectAllNear(std::vector<float>(out->data<float>(), out->data<float>() + wide), ReluSigmoid(x),
                1e-6f, 1e-5f);  // the handle taken before the new plan reads its output
  auto* full = dynamic_cast<Predictor*>(predictor.get());
  ASSERT_NE(full, nullptr);
  EXPECT_EQ(full->keep_cpu_ops(), (std::vector<std::string>{"x", "a"}));
  ExpectAllNear(RunRow(predictor.get(), in.get(), x2), ReluSigmoid(x2), 1e-6f, 1e-5f);
  predictor->SaveOptimizedModel(dir + "/after", lite_api::LiteModelType::kNaiveBuffer);

  lite_api::MobileConfig light_config;
  light_config.set_model_from_file(dir + "/after.nb");
  auto after = lite_api::CreatePaddlePredictor(light_config);
  auto after_in = after->GetInput(0);
  ExpectAllNear(RunRow(after.get(), after_in.get(), x), ReluSigmoid(x), 1e-6f, 1e-5f);

  light_config.set_model_from_file(dir + "/before.nb");
  auto before = lite_api::CreatePaddlePredictor(light_config);
  auto before_in = before->GetInput(0);
  ExpectErrorContaining([&] { RunRow(before.get(), before_in.get(), x); },
                        "(x cannot be held in this device's OpenCL images: list it in opt's "
                        "--keep_cpu_ops");
  ExpectAllNear(RunRow(before.get(), before_in.get(), narrow), ReluSigmoid(narrow), 1e-6f, 1e-5f);

  config.set_keep_cpu_ops({"x", "a"});  // what opt --keep_cpu_ops=x,a sets
  auto planned = lite_api::CreatePaddlePredictor(config);
  for (const auto& inst :
       dynamic_cast<ProgramPredictor*>(planned.get())->runtime_program().instructions()) {
    EXPECT_NE(inst.kernel().target(), TargetType::kOpenCL) << inst.op().Type();
  }
  config.set_keep_cpu_ops({"relu", "z"});
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(config); },
                        "keep_cpu_ops: z names no op type of the program and no variable an op "
                        "reads or writes");
  std::filesystem::remove_all(dir);
}

// Without a device (ctest's opencl_no_device_program_test) the OpenCL kernels are never
// picked: the same places give a CPU plan, and an OpenCL-only list is an error naming why.
TEST(OpenClNoDevice, TheOptimizerPlansForTheCpu) {
  ASSERT_FALSE(opencl::ClRuntime::Available()) << "run with no OpenCL device";
  EXPECT_FALSE(lite_api::IsOpenCLBackendValid());
  EXPECT_EQ(lite_api::GetOpenCLDeviceType(), -1);
  const Builder b = MixedProgram();
  auto o = Optimize(b.program(), {kClHalf, kClFloat, kHostFloat}, false);
  EXPECT_EQ(Plan(*o), (std::vector<std::string>{
                          "feed(host/any/any)", "relu(host/float/NCHW)", "square(host/float/NCHW)",
                          "sigmoid(host/float/NCHW)", "fetch(host/any/any)"}));
  const std::vector<float> x = RandomVector(5 * 3 * 7, -2.f, 2.f, 3);
  EXPECT_EQ(o->Run(DDim({1, 5, 3, 7}), x),
            Optimize(b.program(), {kHostFloat}, false)->Run(DDim({1, 5, 3, 7}), x));
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
