// write_light_test_data OUT_DIR: what the light-library shell tests need, made with the full
// predictor (the independent path):
//   OUT_DIR/model/        the sample model as Paddle files (model.pdmodel + model.pdiparams)
//   OUT_DIR/sample.nb     its optimized model (SaveOptimizedModel, kNaiveBuffer)
//   OUT_DIR/input.f32     the pattern input, shape 1x3x32x32
//   OUT_DIR/expected.f32  the CxxConfig predictor's output for it
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/tests/models/model_test_util.h"
#include "tools/sample_model_builder.h"

namespace {

void WriteFloats(const std::string& path, const std::vector<float>& v) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float));
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace paddle::lite;  // NOLINT
  if (argc != 2) {
    std::cerr << "usage: write_light_test_data OUT_DIR\n";
    return 2;
  }
  const std::string out = argv[1];
  try {
    const ModelFiles files = WriteSampleModel(out + "/model", true);
    paddle::lite_api::CxxConfig config;
    config.set_model_file(files.model_file);
    config.set_param_file(files.params_file);
    auto predictor = paddle::lite_api::CreatePaddlePredictor(config);
    const std::vector<float> x = test::PatternInput(3 * 32 * 32);
    test::SetInput(predictor.get(), 0, {1, 3, 32, 32}, x);
    predictor->Run();
    WriteFloats(out + "/input.f32", x);
    WriteFloats(out + "/expected.f32", test::OutputFloats(*predictor, 0));
    predictor->SaveOptimizedModel(out + "/sample", paddle::lite_api::LiteModelType::kNaiveBuffer);
  } catch (const std::exception& e) {
    std::cerr << "write_light_test_data: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
