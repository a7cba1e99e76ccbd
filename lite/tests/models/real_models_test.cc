// The shared real models against their stored reference outputs (ONNX Runtime for
// ppocr_cls, an independent numpy evaluation for the others), with the optimizer's fusion
// and memory passes on and off, on host kernels and on x86 kernels. Skips loudly when
// ../shared/models is absent.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "lite/api/cxx_api.h"
#include "lite/tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {

// The host kernels alone, and once the x86 kernels first (host filling in the ops x86 lacks)
// on the unfused program; real_models_x86_test runs the fused program on x86 at 1 and 2
// threads and checks which kernels were picked.
struct PassSetting {
  bool fusion;
  bool memory;
  bool x86 = false;
  int threads = 1;
};
const PassSetting kSettings[] = {
    {true, true}, {false, false}, {true, false}, {false, false, true, 1}};

std::string Describe(const PassSetting& s) {
  return std::string(s.x86 ? "x86,host" : "host") + " fusion=" + std::to_string(s.fusion) +
         " memory=" + std::to_string(s.memory) + " threads=" + std::to_string(s.threads);
}

std::shared_ptr<lite_api::PaddlePredictor> Load(const std::string& dir, const std::string& model,
                                                const std::string& params, PassSetting s) {
  lite_api::CxxConfig config;
  if (model.empty()) {
    config.set_model_dir(dir);
  } else {
    config.set_model_file(dir + "/" + model);
    config.set_param_file(dir + "/" + params);
  }
  config.set_fusion_passes(s.fusion);
  config.set_memory_optimize(s.memory);
  config.set_threads(s.threads);
  if (s.x86) {
    config.set_valid_places({lite_api::Place{TARGET(kX86), PRECISION(kFloat)},
                             lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
  }
  return lite_api::CreatePaddlePredictor(config);
}

std::string ModelDir(const std::string& name) {
  const std::string root = SharedModelsDir();
  return root.empty() ? "" : root + "/" + name;
}

#define SKIP_WITHOUT_SHARED_MODELS(dir)                   \
  if ((dir).empty()) {                                    \
    GTEST_SKIP() << MissingModelMessage("shared models"); \
  }

// One input, one float output, compared with a stored reference.
void CheckSingleInput(const std::string& name, const std::string& model, const std::string& params,
                      const std::string& input, const lite_api::shape_t& shape,
                      const std::string& output) {
  const std::string dir = ModelDir(name);
  SKIP_WITHOUT_SHARED_MODELS(dir);
  const auto x = ReadFloats(dir + "/reference/" + input);
  const auto expected = ReadFloats(dir + "/reference/" + output);
  ASSERT_FALSE(expected.empty());
  for (const PassSetting& s : kSettings) {
    auto predictor = Load(dir, model, params, s);
    SetInput(predictor.get(), 0, shape, x);
    predictor->Run();
    const auto got = OutputFloats(*predictor, 0);
    EXPECT_LE(MaxAbsDiff(got, expected), 1e-4f) << name << " " << Describe(s);
    std::printf("[model] %s %s max_abs_diff=%.3g\n", name.c_str(), Describe(s).c_str(),
                MaxAbsDiff(got, expected));
  }
}

}  // namespace

TEST(RealModels, PpocrClsMatchesOnnxRuntime) {
  CheckSingleInput("ppocr_cls_mobile_v2", "inference.pdmodel", "inference.pdiparams",
                   "cls_1x3x48x192.input.f32", {1, 3, 48, 192}, "cls_1x3x48x192.output.f32");
}

TEST(RealModels, MnistMlp) {
  CheckSingleInput("mnist_mlp_sep", "", "", "mnist_1x1x28x28.input.f32", {1, 1, 28, 28},
                   "mnist_1x1x28x28.output.f32");
}

TEST(RealModels, SqueezenetGesture) {
  CheckSingleInput("squeezenet_gesture_sep", "", "", "gesture_1x1x112x112.input.f32",
                   {1, 1, 112, 112}, "gesture_1x1x112x112.output.f32");
}

TEST(RealModels, MobilenetV2SyntheticWeights) {
  CheckSingleInput("mobilenet_v2_structure_only", "inference.pdmodel", "synthetic.pdiparams",
                   "mobilenet_synth_1x3x224x224.input.f32", {1, 3, 224, 224},
                   "mobilenet_synth_1x3x224x224.output.f32");
}

TEST(RealModels, PpyoloTinyBoxesScoresAndNms) {
  const std::string dir = ModelDir("ppyolo_tiny_trash");
  SKIP_WITHOUT_SHARED_MODELS(dir);
  const std::string ref = dir + "/reference/ppyolo_1x3x320x320.";
  const auto nms_out = ReadFloats(ref + "nms_out.f32");
  const auto rois_num = ReadInts(ref + "nms_rois_num.i32");
  for (const PassSetting& s : kSettings) {
    auto predictor = Load(dir, "model.pdmodel", "model.pdiparams", s);
    ASSERT_EQ(predictor->GetInputNames(),
              (std::vector<std::string>{"im_shape", "image", "scale_factor"}));
    SetInput(predictor.get(), 0, {1, 2}, ReadFloats(ref + "im_shape.input.f32"));
    SetInput(predictor.get(), 1, {1, 3, 320, 320}, ReadFloats(ref + "image.input.f32"));
    SetInput(predictor.get(), 2, {1, 2}, ReadFloats(ref + "scale_factor.input.f32"));
    predictor->Run();
    if (!s.memory) {  // intermediate vars keep their names only without buffer reuse
      auto boxes = predictor->GetTensor("concat_3.tmp_0");
      auto scores = predictor->GetTensor("concat_4.tmp_0");
      std::vector<float> b(boxes->data<float>(), boxes->data<float>() + boxes->numel());
      std::vector<float> sc(scores->data<float>(), scores->data<float>() + scores->numel());
      EXPECT_LE(MaxAbsDiff(b, ReadFloats(ref + "boxes_prenms.f32")), 1e-4f) << Describe(s);
      EXPECT_LE(MaxAbsDiff(sc, ReadFloats(ref + "scores_prenms.f32")), 1e-4f) << Describe(s);
      std::printf("[model] ppyolo %s boxes max_abs_diff=%.3g scores max_abs_diff=%.3g\n",
                  Describe(s).c_str(), MaxAbsDiff(b, ReadFloats(ref + "boxes_prenms.f32")),
                  MaxAbsDiff(sc, ReadFloats(ref + "scores_prenms.f32")));
    }
    auto out = predictor->GetOutput(0);
    ASSERT_EQ(out->shape(), (lite_api::shape_t{static_cast<int64_t>(nms_out.size() / 6), 6}));
    const auto got = OutputFloats(*predictor, 0);
    EXPECT_LE(MaxAbsDiff(got, nms_out), 1e-4f) << Describe(s);
    std::printf("[model] ppyolo %s nms max_abs_diff=%.3g\n", Describe(s).c_str(),
                MaxAbsDiff(got, nms_out));
    auto num = predictor->GetOutput(1);
    ASSERT_EQ(num->numel(), 1);
    EXPECT_EQ(num->data<int32_t>()[0], rois_num[0]) << Describe(s);
  }
}

// Peak activation bytes (all activation buffers after a run, each counted once) with and
// without memory_optimize_pass.
TEST(RealModels, MemoryOptimizeReducesActivationBytes) {
  struct Case {
    std::string name, model, params;
    std::vector<lite_api::shape_t> shapes;
  };
  const std::vector<Case> cases = {
      {"mobilenet_v2_structure_only", "inference.pdmodel", "synthetic.pdiparams", {{1, 3, 224, 224}}},
      {"ppyolo_tiny_trash", "model.pdmodel", "model.pdiparams", {{1, 2}, {1, 3, 320, 320}, {1, 2}}},
  };
  for (const auto& c : cases) {
    const std::string dir = ModelDir(c.name);
    SKIP_WITHOUT_SHARED_MODELS(dir);
    size_t bytes[2];
    for (int memory = 0; memory < 2; ++memory) {
      auto predictor = Load(dir, c.model, c.params, {true, memory == 1});
      for (size_t i = 0; i < c.shapes.size(); ++i) {
        int64_t n = 1;
        for (auto d : c.shapes[i]) n *= d;
        std::vector<float> x = PatternInput(n);
        if (c.shapes[i].size() == 2) x.assign(n, 320.f);  // ppyolo im_shape
        if (c.shapes[i].size() == 2 && i == 2) x.assign(n, 1.f);  // ppyolo scale_factor
        SetInput(predictor.get(), static_cast<int>(i), c.shapes[i], x);
      }
      predictor->Run();
      bytes[memory] = dynamic_cast<Predictor&>(*predictor).runtime_program().ActivationBytes();
    }
    std::printf("[memory] %s activation bytes: %zu without memory_optimize, %zu with (%.1f%%)\n",
                c.name.c_str(), bytes[0], bytes[1], 100.0 * bytes[1] / bytes[0]);
    EXPECT_LT(bytes[1], bytes[0]) << c.name;
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
