// The shared real models with valid places {opencl, x86, host}: the OpenCL kernels run every
// convolution, depthwise convolution, pool, elementwise op, activation, fc and
// interpolation, the CPU the rest,
// with the casts the optimizer inserts between them. Output 0 matches the stored reference,
// with float images within 1e-4 of its range and half images within 2e-2, through CxxConfig
// and through the .nb the optimized predictor saves, run by MobileConfig, with the
// convolutions' weights in buffers (this device's pick) and in images. Skips loudly
// without the shared models or an OpenCL device.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/program_predictor.h"
#include "lite/backends/opencl/cl_runtime.h"
#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// The op types that must run on OpenCL wherever a model has them.
bool MustRunOnOpenCl(const std::string& type) {
  static const std::set<std::string> kTypes = {"conv2d",
                                               "depthwise_conv2d",
                                               "pool2d",
                                               "elementwise_add",
                                               "elementwise_sub",
                                               "elementwise_mul",
                                               "elementwise_div",
                                               "relu",
                                               "relu6",
                                               "leaky_relu",
                                               "sigmoid",
                                               "tanh",
                                               "swish",
                                               "hard_swish",
                                               "hard_sigmoid",
                                               "gelu",
                                               "exp",
                                               "abs",
                                               "fc",
                                               "nearest_interp",
                                               "nearest_interp_v2",
                                               "bilinear_interp",
                                               "bilinear_interp_v2"};
  return kTypes.count(type) > 0;
}

float Range(const std::vector<float>& values) {
  float range = 1.f;
  for (float v : values) range = std::max(range, std::fabs(v));
  return range;
}

class OpenClModels : public ::testing::TestWithParam<const SharedModel*> {
 protected:
  void SetUp() override {
    dir_ = SharedModelDir(GetParam()->name);
    if (dir_.empty()) {
      GTEST_SKIP() << "SKIPPED: " << GetParam()->name
                   << " not found (set PLITE_MODELS_DIR or put the shared models in "
                      "../shared/models)";
    }
    std::string why;
    if (!opencl::ClRuntime::Available(&why)) GTEST_SKIP() << "SKIPPED: no OpenCL device: " << why;
  }

  lite_api::CxxConfig Config(lite_api::CLPrecisionType precision) const {
    lite_api::CxxConfig config = SharedModelConfig(*GetParam(), dir_);
    config.set_valid_places(
        {Place(TargetType::kOpenCL, PrecisionType::kFloat, DataLayoutType::kImageDefault),
         Place(TargetType::kX86, PrecisionType::kFloat),
         Place(TargetType::kHost, PrecisionType::kFloat)});
    config.set_opencl_precision(precision);
    return config;
  }

  // Every op of MustRunOnOpenCl's types runs on OpenCL, at `precision`; returns how many.
  static int CheckPlan(lite_api::PaddlePredictor* predictor, PrecisionType precision) {
    auto* program = dynamic_cast<ProgramPredictor*>(predictor);
    EXPECT_NE(program, nullptr);
    if (!program) return 0;
    int on_opencl = 0;
    for (const auto& inst : program->runtime_program().instructions()) {
      const std::string& type = inst.op().Type();
      if (!MustRunOnOpenCl(type)) continue;
      EXPECT_EQ(inst.kernel().target(), TargetType::kOpenCL) << type << " is not on OpenCL";
      EXPECT_EQ(inst.kernel().precision(), precision) << type;
      ++on_opencl;
    }
    EXPECT_GT(on_opencl, 0);
    return on_opencl;
  }

  // Runs the reference inputs; output 0 within `tolerance` of the reference's range.
  void RunAndCheck(lite_api::PaddlePredictor* predictor, float tolerance, const std::string& what) {
    const SharedModel& m = *GetParam();
    const std::string ref = dir_ + "/reference/";
    for (size_t i = 0; i < m.inputs.size(); ++i) {
      SetInput(predictor, static_cast<int>(i), m.inputs[i].second,
               ReadFloats(ref + m.inputs[i].first));
    }
    predictor->Run();
    const std::vector<float> expected = ReadFloats(ref + m.output);
    const std::vector<float> got = OutputFloats(*predictor, 0);
    ASSERT_EQ(got.size(), expected.size()) << what;
    const float range = Range(expected);
    const float diff = MaxAbsDiff(got, expected);
    EXPECT_LE(diff, tolerance * range) << m.name << " " << what;
    std::printf("[model opencl] %s %s: max_abs_diff=%.3g (range %.3g)\n", m.name.c_str(),
                what.c_str(), diff, range);
  }

  // The predictor's plan saved as .nb, loaded by MobileConfig.
  std::shared_ptr<lite_api::PaddlePredictor> ThroughNb(lite_api::PaddlePredictor* predictor) {
    char tmpl[] = "/tmp/plite_opencl_nb_XXXXXX";
    const std::string dir = mkdtemp(tmpl);
    predictor->SaveOptimizedModel(dir + "/model", lite_api::LiteModelType::kNaiveBuffer);
    lite_api::MobileConfig config;
    config.set_model_from_file(dir + "/model.nb");
    auto light = lite_api::CreatePaddlePredictor(config);
    std::filesystem::remove_all(dir);
    return light;
  }

  std::string dir_;
};

TEST_P(OpenClModels, FloatImagesMatchTheReference) {
  auto predictor = lite_api::CreatePaddlePredictor(Config(lite_api::CL_PRECISION_FP32));
  const int ops = CheckPlan(predictor.get(), PrecisionType::kFloat);
  std::printf("[model opencl] %s: %d ops on OpenCL\n", GetParam()->name.c_str(), ops);
  RunAndCheck(predictor.get(), 1e-4f, "float images, CxxConfig");
  auto light = ThroughNb(predictor.get());
  CheckPlan(light.get(), PrecisionType::kFloat);
  RunAndCheck(light.get(), 1e-4f, "float images, .nb");
}

TEST_P(OpenClModels, HalfImagesMatchTheReference) {
  auto predictor = lite_api::CreatePaddlePredictor(Config(lite_api::CL_PRECISION_FP16));
  CheckPlan(predictor.get(), PrecisionType::kFP16);
  RunAndCheck(predictor.get(), 2e-2f, "half images, CxxConfig");
  auto light = ThroughNb(predictor.get());
  CheckPlan(light.get(), PrecisionType::kFP16);
  RunAndCheck(light.get(), 2e-2f, "half images, .nb");
}

// What a GPU gets by default: the convolutions' weights in images (on PoCL's CPU device they
// go to buffers).
TEST_P(OpenClModels, WeightsInImagesMatchTheReference) {
  struct InImages {
    InImages() { kernels::opencl::SetWeightStorage(kernels::opencl::WeightStorage::kImages); }
    ~InImages() { kernels::opencl::SetWeightStorage(kernels::opencl::WeightStorage::kDevicePick); }
  } in_images;
  auto fp32 = lite_api::CreatePaddlePredictor(Config(lite_api::CL_PRECISION_FP32));
  RunAndCheck(fp32.get(), 1e-4f, "float images, weights in images");
  auto fp16 = lite_api::CreatePaddlePredictor(Config(lite_api::CL_PRECISION_FP16));
  RunAndCheck(fp16.get(), 2e-2f, "half images, weights in images");
}

INSTANTIATE_TEST_SUITE_P(Shared, OpenClModels, ::testing::ValuesIn(SharedModelParams()),
                         SharedModelTestName);

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
