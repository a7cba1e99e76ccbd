// The generated twin models (../shared/tools/twins) against ONNX Runtime's output for the
// same weights: max |dp| <= 1e-4, max |d log p| <= 1e-3 and the same argmax, with the host
// kernels alone and with the x86 kernels first (1 and 2 threads). The twins are generated
// into $PLITE_TWINS_DIR by .ci/run (tools/gen_twins.sh); without them the test skips loudly.
#include <gtest/gtest.h>

#include <dirent.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "lite/tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {

std::vector<std::string> TwinNames(const std::string& root) {
  std::vector<std::string> names;
  if (DIR* d = opendir(root.c_str())) {
    while (dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name[0] != '.' && FileExists(root + "/" + name + "/ref_output_ort.f32")) {
        names.push_back(name);
      }
    }
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// "input_shape: 1x3x224x224" from the twin's MANIFEST.txt.
lite_api::shape_t InputShape(const std::string& dir) {
  std::ifstream in(dir + "/MANIFEST.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("input_shape:", 0) != 0) continue;
    std::stringstream dims(line.substr(12));
    lite_api::shape_t shape;
    std::string d;
    while (std::getline(dims, d, 'x')) shape.push_back(std::stoll(d));
    return shape;
  }
  return {};
}

}  // namespace

TEST(Twins, MatchOnnxRuntime) {
  const std::string root = TwinsDir();
  if (root.empty()) {
    GTEST_SKIP() << "SKIPPED: no twins (set PLITE_TWINS_DIR to the output of "
                    "../shared/tools/twins/make_twins.py; .ci/run does)";
  }
  const auto names = TwinNames(root);
  if (names.empty()) {
    GTEST_SKIP() << "SKIPPED: the twins in " << root << " have no ref_output_ort.f32 "
                    "(ONNX Runtime was not available when they were generated)";
  }
  struct Setting {
    bool x86;
    int threads;
  };
  const Setting settings[] = {{false, 1}, {true, 1}, {true, 2}};
  const auto argmax = [](const std::vector<float>& v) {
    return std::max_element(v.begin(), v.end()) - v.begin();
  };
  for (const auto& name : names) {
    const std::string dir = root + "/" + name;
    const auto shape = InputShape(dir);
    ASSERT_FALSE(shape.empty()) << name << ": no input_shape in MANIFEST.txt";
    const auto expected = ReadFloats(dir + "/ref_output_ort.f32");
    for (const Setting& s : settings) {
      lite_api::CxxConfig config;
      config.set_model_file(dir + "/inference.pdmodel");
      config.set_param_file(dir + "/inference.pdiparams");
      config.set_threads(s.threads);
      if (s.x86) {
        config.set_valid_places({lite_api::Place{TARGET(kX86), PRECISION(kFloat)},
                                 lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
      }
      const std::string what =
          name + (s.x86 ? " x86,host" : " host") + " threads=" + std::to_string(s.threads);
      auto predictor = lite_api::CreatePaddlePredictor(config);
      SetInput(predictor.get(), 0, shape, ReadFloats(dir + "/ref_input.f32"));
      predictor->Run();
      const auto got = OutputFloats(*predictor, 0);
      ASSERT_EQ(got.size(), expected.size()) << what;
      float max_dlogp = 0.f;
      for (size_t i = 0; i < got.size(); ++i) {
        max_dlogp = std::fmax(max_dlogp, std::fabs(std::log(got[i]) - std::log(expected[i])));
      }
      EXPECT_LE(MaxAbsDiff(got, expected), 1e-4f) << what;
      EXPECT_LE(max_dlogp, 1e-3f) << what;
      EXPECT_EQ(argmax(got), argmax(expected)) << what;
      std::printf("[twin] %-30s max|dlogp|=%.3g max|dp|=%.3g argmax=%ld (ort %ld)\n",
                  what.c_str(), max_dlogp, MaxAbsDiff(got, expected),
                  static_cast<long>(argmax(got)), static_cast<long>(argmax(expected)));
    }
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
