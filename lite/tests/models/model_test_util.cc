#include "lite/tests/models/model_test_util.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

#include "lite/tests/shared_models.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
bool IsDir(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

}  // namespace

std::string SharedModelsDir() {
  const std::string dir = SharedModelsRoot();
  return IsDir(dir) ? dir : "";
}

std::string SharedModelDir(const std::string& name) {
  const std::string root = SharedModelsDir();
  if (root.empty()) return "";
  // next/: models whose ops are being added; incoming/: the models of the open issues (this
  // one reads the Paddle 3 PIR programs there).
  for (const std::string& dir :
       {root + "/" + name, root + "/next/" + name, root + "/incoming/" + name}) {
    if (IsDir(dir)) return dir;
  }
  return "";
}

std::string MissingModelMessage(const std::string& name) {
  return "SKIPPED: " + name +
         " not found (set PLITE_MODELS_DIR or put the shared models in ../shared/models)";
}

std::string TwinsDir() {
  const char* env = std::getenv("PLITE_TWINS_DIR");
  return env && *env && IsDir(env) ? env : "";
}

std::string ArmNbFile(const std::string& model, const std::string& suffix,
                      std::string* why_absent) {
  const char* dir = std::getenv("PLITE_ARM_NB_DIR");
  if (dir == nullptr || *dir == '\0') {
    *why_absent =
        "SKIPPED: PLITE_ARM_NB_DIR is not set (configure the ARM build with "
        "-DPLITE_HOST_OPT=<x86 build>/tools/opt to have ctest write the .nb files)";
    return "";
  }
  return std::string(dir) + "/" + model + suffix;
}

const std::vector<SharedModel>& SharedModels() {
  static const std::vector<SharedModel> kModels = {
      {"ppocr_cls_mobile_v2",
       "inference.pdmodel",
       "inference.pdiparams",
       {{"cls_1x3x48x192.input.f32", {1, 3, 48, 192}}},
       "cls_1x3x48x192.output.f32"},
      {"squeezenet_gesture_sep",
       "",
       "",
       {{"gesture_1x1x112x112.input.f32", {1, 1, 112, 112}}},
       "gesture_1x1x112x112.output.f32"},
      {"mnist_mlp_sep",
       "",
       "",
       {{"mnist_1x1x28x28.input.f32", {1, 1, 28, 28}}},
       "mnist_1x1x28x28.output.f32"},
      {"ppyolo_tiny_trash",
       "model.pdmodel",
       "model.pdiparams",
       {{"ppyolo_1x3x320x320.im_shape.input.f32", {1, 2}},
        {"ppyolo_1x3x320x320.image.input.f32", {1, 3, 320, 320}},
        {"ppyolo_1x3x320x320.scale_factor.input.f32", {1, 2}}},
       "ppyolo_1x3x320x320.nms_out.f32"},
      {"mobilenet_v2_structure_only",
       "inference.pdmodel",
       "synthetic.pdiparams",
       {{"mobilenet_synth_1x3x224x224.input.f32", {1, 3, 224, 224}}},
       "mobilenet_synth_1x3x224x224.output.f32"},
  };
  return kModels;
}

lite_api::CxxConfig SharedModelConfig(const SharedModel& m, const std::string& dir) {
  lite_api::CxxConfig config;
  if (m.model.empty()) {
    config.set_model_dir(dir);
  } else {
    config.set_model_file(dir + "/" + m.model);
    config.set_param_file(dir + "/" + m.params);
  }
  return config;
}

const std::vector<SharedModel>& PpOcrV3Models() {
  static const std::vector<SharedModel> kModels = {
      {"ch_PP-OCRv3_det",
       "inference.pdmodel",
       "inference.pdiparams",
       {{"text_1x3x320x480.input.f32", {1, 3, 320, 480}}},
       "text_1x3x320x480.output.f32"},
      {"ch_PP-OCRv3_rec_synthetic",
       "inference.pdmodel",
       "synthetic.pdiparams",
       {{"cos_1x3x48x320.input.f32", {1, 3, 48, 320}}},
       "cos_1x3x48x320.output.f32",
       3e-4f},
  };
  return kModels;
}

std::vector<const SharedModel*> SharedModelParams(bool ocr) {
  std::vector<const SharedModel*> models;
  for (const SharedModel& m : SharedModels()) models.push_back(&m);
  if (ocr) {
    for (const SharedModel& m : PpOcrV3Models()) models.push_back(&m);
  }
  return models;
}

std::string SharedModelTestName(const ::testing::TestParamInfo<const SharedModel*>& info) {
  std::string name = info.param->name;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

bool FileExists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::vector<float> ReadFloats(const std::string& path) {
  const std::string bytes = ReadFile(path);
  std::vector<float> v(bytes.size() / 4);
  std::memcpy(v.data(), bytes.data(), v.size() * 4);
  return v;
}

std::vector<int32_t> ReadInts(const std::string& path) {
  const std::string bytes = ReadFile(path);
  std::vector<int32_t> v(bytes.size() / 4);
  std::memcpy(v.data(), bytes.data(), v.size() * 4);
  return v;
}

std::vector<float> PatternInput(int64_t n) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i) {
    v[i] = static_cast<float>(std::sin(0.01 * i) * 0.5 + ((i * 7919) % 1000) / 2000.0 - 0.25);
  }
  return v;
}

std::vector<float> OutputFloats(const lite_api::PaddlePredictor& predictor, int i) {
  auto out = predictor.GetOutput(i);
  const float* p = out->data<float>();
  return std::vector<float>(p, p + out->numel());
}

void SetInput(lite_api::PaddlePredictor* predictor, int i, const lite_api::shape_t& shape,
              const std::vector<float>& values) {
  auto in = predictor->GetInput(i);
  in->Resize(shape);
  in->CopyFromCpu<float>(values.data());
}

std::vector<float> RunOnce(lite_api::PaddlePredictor* predictor, const lite_api::shape_t& shape,
                           float scale) {
  int64_t n = 1;
  for (auto d : shape) n *= d;
  auto x = PatternInput(n);
  for (auto& v : x) v *= scale;
  SetInput(predictor, 0, shape, x);
  predictor->Run();
  return OutputFloats(*predictor, 0);
}

float MaxAbsDiff(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return INFINITY;
  float m = 0.f;
  for (size_t i = 0; i < a.size(); ++i) m = std::fmax(m, std::fabs(a[i] - b[i]));
  return m;
}

float FlippedShare(const std::vector<float>& a, const std::vector<float>& b, float threshold) {
  size_t flipped = 0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    flipped += (a[i] > threshold) != (b[i] > threshold);
  }
  return a.empty() ? 0.f : static_cast<float>(flipped) / static_cast<float>(a.size());
}

float MeanAbsDiff(const std::vector<float>& a, const std::vector<float>& b) {
  double sum = 0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) sum += std::fabs(a[i] - b[i]);
  return a.empty() ? 0.f : static_cast<float>(sum / static_cast<double>(a.size()));
}

void ExpectErrorHolding(const std::function<void()>& fn, const std::vector<std::string>& parts) {
  try {
    fn();
    ADD_FAILURE() << "no error; expected one mentioning '" << parts.front() << "'";
  } catch (const lite_api::PaddleLiteException& e) {
    for (const auto& part : parts) {
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos)
          << "message lacks '" << part << "': " << e.what();
    }
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
