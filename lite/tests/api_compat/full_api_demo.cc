// A full-API app written as Paddle Lite's mobile_full demo is: CxxConfig from a Paddle model,
// the CPU place with the host fallback, power mode and threads, SaveOptimizedModel before
// Run, then one inference checked against a reference. Compiled unchanged against the
// installed prefix (run_compat_apps.sh).
//   full_api_demo MODEL INPUT.f32 N,C,H,W EXPECTED TOLERANCE OPTIMIZED_OUT
// MODEL is a model directory, or MODEL_FILE:PARAMS_FILE for combined params. EXPECTED is a
// float32 file, or "softmax". Writes OPTIMIZED_OUT.nb. Exit 0 when the output matches.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "demo_io.h"
#include "paddle_api.h"          // NOLINT
#include "paddle_use_kernels.h"  // NOLINT
#include "paddle_use_ops.h"      // NOLINT
#include "paddle_use_passes.h"   // NOLINT

using namespace paddle::lite_api;  // NOLINT

int main(int argc, char** argv) {
  if (argc != 7) {
    std::cerr << "usage: full_api_demo MODEL INPUT.f32 N,C,H,W EXPECTED TOLERANCE OPTIMIZED_OUT\n";
    return 2;
  }
  const std::string model = argv[1];
  try {
    // 1. Config: the model, the places to run on, power mode and threads.
    CxxConfig config;
    const size_t colon = model.find(':');
    if (colon == std::string::npos) {
      config.set_model_dir(model);
    } else {
      config.set_model_file(model.substr(0, colon));
      config.set_param_file(model.substr(colon + 1));
    }
    config.set_valid_places({Place{TARGET(kX86), PRECISION(kFloat)},
                             Place{TARGET(kHost), PRECISION(kFloat)}});
    config.set_power_mode(LITE_POWER_HIGH);
    config.set_threads(1);

    // 2. The predictor; the optimized model is saved before the first Run.
    std::shared_ptr<PaddlePredictor> predictor = CreatePaddlePredictor<CxxConfig>(config);
    predictor->SaveOptimizedModel(argv[6], LiteModelType::kNaiveBuffer);

    // 3. Input by name, as apps with several inputs do.
    const std::vector<float> x = demo::ReadFloats(argv[2]);
    const shape_t shape = demo::ParseShape(argv[3]);
    std::unique_ptr<Tensor> input = predictor->GetInputByName(predictor->GetInputNames()[0]);
    input->Resize(shape);
    if (demo::ShapeProduction(input->shape()) != static_cast<int64_t>(x.size())) {
      std::cerr << "full_api_demo: " << x.size() << " input floats for shape " << argv[3] << "\n";
      return 1;
    }
    float* data = input->mutable_data<float>();
    for (size_t i = 0; i < x.size(); ++i) data[i] = x[i];

    // 4. Run and read the output.
    predictor->Run();
    std::unique_ptr<const Tensor> output = predictor->GetOutput(0);
    const bool ok = demo::CheckOutput("full_api_demo", output->data<float>(),
                                      demo::ShapeProduction(output->shape()), argv[4],
                                      std::stod(argv[5]));
    std::cout << "full_api_demo: paddle-lite " << predictor->GetVersion() << "\n";
    return ok ? 0 : 1;
  } catch (const PaddleLiteException& e) {
    std::cerr << "full_api_demo: error: " << e.what() << "\n";
    return 1;
  }
}
