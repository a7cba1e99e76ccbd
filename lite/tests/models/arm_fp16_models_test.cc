// Real trained models planned in fp16 on ARM (valid places {arm fp16, arm float, host}):
// their convolutions, pools and fc run as ARM fp16 kernels, and output 0 matches the stored fp32
// reference within 2e-2 of its range. The fp32 ARM kernels differ from the references by
// about 2e-7 of the range; fp16 rounds 8192 times coarser, which is what these bounds leave
// room for (the synthetic-weight models amplify rounding too much to bound this way:
// docs/arm_fp16.md). Checks the planning on real graphs too: squeeze-excitation blocks,
// shape/slice/reshape2 before fc, detection heads. Skips loudly without the shared models.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/program_predictor.h"
#include "lite/tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct Fp16Model {
  std::string name;           // directory under the shared models
  std::string model, params;  // file names; empty: the separate-files format
  std::vector<std::pair<std::string, lite_api::shape_t>> inputs;  // in reference/
  std::string output;
};

const Fp16Model kModels[] = {
    {"ppocr_cls_mobile_v2", "inference.pdmodel", "inference.pdiparams",
     {{"cls_1x3x48x192.input.f32", {1, 3, 48, 192}}}, "cls_1x3x48x192.output.f32"},
    {"squeezenet_gesture_sep", "", "", {{"gesture_1x1x112x112.input.f32", {1, 1, 112, 112}}},
     "gesture_1x1x112x112.output.f32"},
    {"mnist_mlp_sep", "", "", {{"mnist_1x1x28x28.input.f32", {1, 1, 28, 28}}},
     "mnist_1x1x28x28.output.f32"},
    {"ppyolo_tiny_trash", "model.pdmodel", "model.pdiparams",
     {{"ppyolo_1x3x320x320.im_shape.input.f32", {1, 2}},
      {"ppyolo_1x3x320x320.image.input.f32", {1, 3, 320, 320}},
      {"ppyolo_1x3x320x320.scale_factor.input.f32", {1, 2}}},
     "ppyolo_1x3x320x320.nms_out.f32"},
};

class ArmFp16Models : public ::testing::TestWithParam<const Fp16Model*> {};

TEST_P(ArmFp16Models, RunInFp16WithinTheReference) {
  const Fp16Model& m = *GetParam();
  const std::string dir = SharedModelDir(m.name);
  if (dir.empty()) {
    GTEST_SKIP() << "SKIPPED: " << m.name
                 << " not found (set PLITE_MODELS_DIR or put the shared models in "
                    "../shared/models)";
  }
  lite_api::CxxConfig config;
  if (m.model.empty()) {
    config.set_model_dir(dir);
  } else {
    config.set_model_file(dir + "/" + m.model);
    config.set_param_file(dir + "/" + m.params);
  }
  config.set_threads(2);
  config.set_valid_places({lite_api::Place{TARGET(kARM), PRECISION(kFP16)},
                           lite_api::Place{TARGET(kARM), PRECISION(kFloat)},
                           lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
  auto predictor = lite_api::CreatePaddlePredictor(config);
  auto* full = dynamic_cast<ProgramPredictor*>(predictor.get());
  ASSERT_NE(full, nullptr);
  int fp16_ops = 0;
  for (const auto& inst : full->runtime_program().instructions()) {
    const std::string& type = inst.op().Type();
    if (type != "conv2d" && type != "depthwise_conv2d" && type != "pool2d" && type != "fc") {
      continue;
    }
    EXPECT_EQ(inst.kernel().precision(), PrecisionType::kFP16) << type << " in " << m.name;
    ++fp16_ops;
  }
  EXPECT_GT(fp16_ops, 0);

  const std::string ref = dir + "/reference/";
  for (size_t i = 0; i < m.inputs.size(); ++i) {
    SetInput(predictor.get(), static_cast<int>(i), m.inputs[i].second,
             ReadFloats(ref + m.inputs[i].first));
  }
  predictor->Run();
  const std::vector<float> expected = ReadFloats(ref + m.output);
  const std::vector<float> got = OutputFloats(*predictor, 0);
  ASSERT_EQ(got.size(), expected.size());
  float range = 1.f;
  for (float v : expected) range = std::max(range, std::fabs(v));
  const float diff = MaxAbsDiff(got, expected);
  EXPECT_LE(diff, 2e-2f * range) << m.name;
  std::printf("[model arm fp16] %s: %d fp16 conv/pool/fc ops, max_abs_diff=%.3g (range %.3g)\n",
              m.name.c_str(), fp16_ops, diff, range);
}

INSTANTIATE_TEST_SUITE_P(Shared, ArmFp16Models, ::testing::ValuesIn([] {
                           std::vector<const Fp16Model*> models;
                           for (const Fp16Model& m : kModels) models.push_back(&m);
                           return models;
                         }()),
                         [](const ::testing::TestParamInfo<const Fp16Model*>& info) {
                           std::string name = info.param->name;
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
