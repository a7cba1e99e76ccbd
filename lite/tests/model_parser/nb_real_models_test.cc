// The shared real models saved as .nb by the full predictor and run by the light predictor
// (MobileConfig; weights used in place from the mapped file): outputs bit-identical to the
// full predictor's and within 1e-4 of the stored references.
// Skips loudly when ../shared/models is absent.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <map>

#include "lite/api/cxx_api.h"
#include "lite/model_parser/flatbuffers/nb_model.h"
#include "lite/model_parser/model_parser.h"
#include "lite/tests/model_parser/model_test_util.h"
#include "lite/tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace {

namespace fs = std::filesystem;

struct Input {
  lite_api::shape_t shape;
  std::string file;  // in <model>/reference
};

struct Case {
  std::string name, model, params;  // model/params empty: the model dir
  std::vector<Input> inputs;
  std::string reference_output;  // output 0 (float), in <model>/reference
};

const std::vector<Case>& Cases() {
  static const std::vector<Case> cases = {
      {"ppocr_cls_mobile_v2",
       "inference.pdmodel",
       "inference.pdiparams",
       {{{1, 3, 48, 192}, "cls_1x3x48x192.input.f32"}},
       "cls_1x3x48x192.output.f32"},
      {"mnist_mlp_sep", "", "", {{{1, 1, 28, 28}, "mnist_1x1x28x28.input.f32"}},
       "mnist_1x1x28x28.output.f32"},
      {"squeezenet_gesture_sep", "", "", {{{1, 1, 112, 112}, "gesture_1x1x112x112.input.f32"}},
       "gesture_1x1x112x112.output.f32"},
      {"mobilenet_v2_structure_only",
       "inference.pdmodel",
       "synthetic.pdiparams",
       {{{1, 3, 224, 224}, "mobilenet_synth_1x3x224x224.input.f32"}},
       "mobilenet_synth_1x3x224x224.output.f32"},
      {"ppyolo_tiny_trash",
       "model.pdmodel",
       "model.pdiparams",
       {{{1, 2}, "ppyolo_1x3x320x320.im_shape.input.f32"},
        {{1, 3, 320, 320}, "ppyolo_1x3x320x320.image.input.f32"},
        {{1, 2}, "ppyolo_1x3x320x320.scale_factor.input.f32"}},
       "ppyolo_1x3x320x320.nms_out.f32"},
  };
  return cases;
}

// An output's shape and raw bytes.
struct Output {
  std::vector<int64_t> shape;
  std::string bytes;
};

std::string Bytes(const void* data, size_t size) {
  return std::string(static_cast<const char*>(data), size);
}

std::vector<Output> RunFullPredictor(lite_api::PaddlePredictor* p,
                                     const std::vector<std::vector<float>>& inputs, const Case& c) {
  for (size_t i = 0; i < inputs.size(); ++i) {
    test::SetInput(p, static_cast<int>(i), c.inputs[i].shape, inputs[i]);
  }
  p->Run();
  std::vector<Output> outs;
  for (size_t i = 0; i < p->GetOutputNames().size(); ++i) {
    auto t = p->GetOutput(static_cast<int>(i));
    const size_t n = static_cast<size_t>(t->numel());
    const void* data =
        t->precision() == PrecisionType::kInt32   ? static_cast<const void*>(t->data<int32_t>())
        : t->precision() == PrecisionType::kInt64 ? static_cast<const void*>(t->data<int64_t>())
                                                  : static_cast<const void*>(t->data<float>());
    outs.push_back({t->shape(), Bytes(data, n * lite_api::PrecisionTypeLength(t->precision()))});
  }
  return outs;
}

// Runs the .nb through the light predictor (MobileConfig), as an app does.
std::vector<Output> RunNb(const std::string& path, const std::vector<std::vector<float>>& inputs,
                          const Case& c, float* max_diff_vs_reference) {
  lite_api::MobileConfig config;
  config.set_model_from_file(path);
  auto light = lite_api::CreatePaddlePredictor(config);
  auto outs = RunFullPredictor(light.get(), inputs, c);
  const std::string dir = test::SharedModelsDir() + "/" + c.name + "/reference/";
  *max_diff_vs_reference =
      test::MaxAbsDiff(test::OutputFloats(*light, 0), test::ReadFloats(dir + c.reference_output));
  return outs;
}

uint64_t DirOrFileBytes(const std::string& path) {
  if (fs::is_regular_file(path)) return fs::file_size(path);
  uint64_t total = 0;
  for (const auto& e : fs::directory_iterator(path)) {
    if (e.is_regular_file()) total += e.file_size();
  }
  return total;
}

TEST(NbRealModels, RunFromNbBitIdenticalToTheFullPredictor) {
  const std::string root = test::SharedModelsDir();
  if (root.empty()) {
    GTEST_SKIP() << test::MissingModelMessage("shared models");
  }
  testing::TempDir tmp;
  for (const Case& c : Cases()) {
    SCOPED_TRACE(c.name);
    const std::string dir = root + "/" + c.name;
    lite_api::CxxConfig config;
    if (c.model.empty()) {
      config.set_model_dir(dir);
    } else {
      config.set_model_file(dir + "/" + c.model);
      config.set_param_file(dir + "/" + c.params);
    }
    auto full = lite_api::CreatePaddlePredictor(config);
    std::vector<std::vector<float>> inputs;
    for (const Input& in : c.inputs)
      inputs.push_back(test::ReadFloats(dir + "/reference/" + in.file));
    const auto expected = RunFullPredictor(full.get(), inputs, c);

    const std::string base = tmp / c.name;
    full->SaveOptimizedModel(base, lite_api::LiteModelType::kNaiveBuffer);
    float diff = 0;
    const auto got = RunNb(base + ".nb", inputs, c, &diff);
    EXPECT_LE(diff, 1e-4f) << "output 0 vs the stored reference";
    ASSERT_EQ(got.size(), expected.size());
    for (size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].shape, expected[i].shape) << "output " << i;
      EXPECT_TRUE(got[i].bytes == expected[i].bytes) << "output " << i << " differs";
    }
    // The optimized program saved as Paddle files holds the same program and weights.
    full->SaveOptimizedModel(base + "_pb", lite_api::LiteModelType::kProtobuf);
    Scope pb_scope, nb_scope;
    cpp::ProgramDesc pb_program, nb_program;
    LoadModel(base + "_pb", "", "", &pb_scope, &pb_program);
    LoadModelNb(NbModelBytes::MapFile(base + ".nb"), &nb_scope, &nb_program);
    testing::ExpectSameProgram(pb_program, nb_program);
    testing::ExpectSameParams(nb_program, pb_scope, nb_scope);

    std::printf("[nb] %s: %.1f kB .nb from %.1f kB Paddle files, %zu outputs bit-identical, "
                "max_abs_diff vs reference %.3g\n",
                c.name.c_str(), DirOrFileBytes(base + ".nb") / 1024.0,
                (c.model.empty()
                     ? DirOrFileBytes(dir)
                     : DirOrFileBytes(dir + "/" + c.model) + DirOrFileBytes(dir + "/" + c.params)) /
                    1024.0,
                got.size(), diff);
  }
}

}  // namespace
}  // namespace lite
}  // namespace paddle
