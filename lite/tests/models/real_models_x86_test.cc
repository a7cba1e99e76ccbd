// The shared real models with the x86 kernels picked (valid places x86, host) against
// their stored references, and the x86 softmax / interpolate / activation kernels actually
// chosen for them. Skips loudly when the shared models or AVX2+FMA are absent.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "lite/api/cxx_api.h"
#include "lite/backends/x86/cpu_info.h"
#include "lite/tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// Op types the x86 backend covers in these models; each must run on x86 where it occurs.
const std::set<std::string> kX86Ops = {"softmax",    "nearest_interp_v2", "relu",
                                       "relu6",      "leaky_relu",        "hard_swish",
                                       "hard_sigmoid", "sigmoid",         "matmul",
                                       "matmul_v2",  "conv2d",            "depthwise_conv2d"};

class RealModelsX86 : public ::testing::Test {
 protected:
  void SetUp() override {
    if (SharedModelsDir().empty()) {
      GTEST_SKIP() << MissingModelMessage("shared models");
    }
    if (!lite::x86::CpuHasAvx2Fma()) GTEST_SKIP() << "CPU lacks AVX2+FMA: no x86 kernels";
  }

  std::shared_ptr<lite_api::PaddlePredictor> Load(const std::string& name,
                                                  const std::string& model,
                                                  const std::string& params, int threads) {
    const std::string dir = SharedModelsDir() + "/" + name;
    lite_api::CxxConfig config;
    if (model.empty()) {
      config.set_model_dir(dir);
    } else {
      config.set_model_file(dir + "/" + model);
      config.set_param_file(dir + "/" + params);
    }
    config.set_threads(threads);
    config.set_valid_places({Place(TargetType::kX86, PrecisionType::kFloat),
                             Place(TargetType::kHost, PrecisionType::kFloat)});
    return lite_api::CreatePaddlePredictor(config);
  }

  // Expects every op of kX86Ops in the program on x86; returns how many of each ran there.
  static std::map<std::string, int> X86OpCounts(lite_api::PaddlePredictor* predictor) {
    std::map<std::string, int> counts;
    auto* p = dynamic_cast<Predictor*>(predictor);
    EXPECT_NE(p, nullptr);
    if (p == nullptr) return counts;
    for (const auto& inst : p->runtime_program().instructions()) {
      const std::string& type = inst.op().Type();
      if (kX86Ops.count(type) == 0) continue;
      EXPECT_EQ(inst.kernel().target(), TargetType::kX86) << type << " not on x86";
      ++counts[type];
    }
    return counts;
  }

  void CheckSingleInput(const std::string& name, const std::string& model,
                        const std::string& params, const std::string& input,
                        const lite_api::shape_t& shape, const std::string& output,
                        const std::vector<std::string>& must_have) {
    const std::string ref = SharedModelsDir() + "/" + name + "/reference/";
    for (int threads : {1, 2}) {
      auto predictor = Load(name, model, params, threads);
      SetInput(predictor.get(), 0, shape, ReadFloats(ref + input));
      predictor->Run();
      const float diff = MaxAbsDiff(OutputFloats(*predictor, 0), ReadFloats(ref + output));
      EXPECT_LE(diff, 1e-4f) << name << " threads=" << threads;
      std::printf("[model x86] %s threads=%d max_abs_diff=%.3g\n", name.c_str(), threads, diff);
      const std::map<std::string, int> counts = X86OpCounts(predictor.get());
      for (const std::string& op : must_have) {
        EXPECT_GT(counts.count(op), 0u) << name << ": no " << op << " on x86";
      }
    }
  }
};

TEST_F(RealModelsX86, MnistMlp) {
  CheckSingleInput("mnist_mlp_sep", "", "", "mnist_1x1x28x28.input.f32", {1, 1, 28, 28},
                   "mnist_1x1x28x28.output.f32", {"softmax"});
}

TEST_F(RealModelsX86, SqueezenetGesture) {
  CheckSingleInput("squeezenet_gesture_sep", "", "", "gesture_1x1x112x112.input.f32",
                   {1, 1, 112, 112}, "gesture_1x1x112x112.output.f32", {"softmax"});
}

TEST_F(RealModelsX86, PpocrCls) {
  CheckSingleInput("ppocr_cls_mobile_v2", "inference.pdmodel", "inference.pdiparams",
                   "cls_1x3x48x192.input.f32", {1, 3, 48, 192}, "cls_1x3x48x192.output.f32",
                   {"softmax"});
}

TEST_F(RealModelsX86, MobilenetV2SyntheticWeights) {
  CheckSingleInput("mobilenet_v2_structure_only", "inference.pdmodel", "synthetic.pdiparams",
                   "mobilenet_synth_1x3x224x224.input.f32", {1, 3, 224, 224},
                   "mobilenet_synth_1x3x224x224.output.f32", {"softmax"});
}

TEST_F(RealModelsX86, PpyoloTinyNearestInterpAndActivations) {
  const std::string ref = SharedModelsDir() + "/ppyolo_tiny_trash/reference/ppyolo_1x3x320x320.";
  const auto nms_out = ReadFloats(ref + "nms_out.f32");
  const auto rois_num = ReadInts(ref + "nms_rois_num.i32");
  for (int threads : {1, 2}) {
    auto predictor = Load("ppyolo_tiny_trash", "model.pdmodel", "model.pdiparams", threads);
    SetInput(predictor.get(), 0, {1, 2}, ReadFloats(ref + "im_shape.input.f32"));
    SetInput(predictor.get(), 1, {1, 3, 320, 320}, ReadFloats(ref + "image.input.f32"));
    SetInput(predictor.get(), 2, {1, 2}, ReadFloats(ref + "scale_factor.input.f32"));
    predictor->Run();
    auto out = predictor->GetOutput(0);
    ASSERT_EQ(out->shape(), (lite_api::shape_t{static_cast<int64_t>(nms_out.size() / 6), 6}));
    const float diff = MaxAbsDiff(OutputFloats(*predictor, 0), nms_out);
    EXPECT_LE(diff, 1e-4f) << "threads=" << threads;
    std::printf("[model x86] ppyolo threads=%d nms max_abs_diff=%.3g\n", threads, diff);
    auto num = predictor->GetOutput(1);
    ASSERT_EQ(num->numel(), 1);
    EXPECT_EQ(num->data<int32_t>()[0], rois_num[0]);
    const std::map<std::string, int> counts = X86OpCounts(predictor.get());
    EXPECT_EQ(counts.count("nearest_interp_v2") ? counts.at("nearest_interp_v2") : 0, 2);
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
