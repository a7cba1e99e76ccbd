#include "lite/tests/models/model_test_util.h"

#include "lite/tests/shared_models.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

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
  for (const std::string& dir : {root + "/" + name, root + "/next/" + name}) {
    if (IsDir(dir)) return dir;
  }
  return "";
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
