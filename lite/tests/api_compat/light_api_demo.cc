// A light-API app written as Paddle Lite's mobile_light demo is: MobileConfig with an
// optimized .nb, loaded from the file and again from a buffer in memory, one inference each
// checked against a reference. It includes the USE lists, so the same source links the
// shared light library or, statically, the bundled archive (run_compat_apps.sh).
//   light_api_demo MODEL.nb INPUT.f32 N,C,H,W EXPECTED TOLERANCE
// EXPECTED is a float32 file, or "softmax". Exit 0 when both outputs match.
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "demo_io.h"
#include "paddle_api.h"          // NOLINT
#include "paddle_use_kernels.h"  // NOLINT
#include "paddle_use_ops.h"      // NOLINT

using namespace paddle::lite_api;  // NOLINT

namespace {

bool RunOnce(const MobileConfig& config, const char* what, char** argv) {
  std::shared_ptr<PaddlePredictor> predictor = CreatePaddlePredictor<MobileConfig>(config);
  const std::vector<float> x = demo::ReadFloats(argv[2]);
  std::unique_ptr<Tensor> input = predictor->GetInput(0);
  input->Resize(demo::ParseShape(argv[3]));
  if (demo::ShapeProduction(input->shape()) != static_cast<int64_t>(x.size())) {
    std::cerr << "light_api_demo: " << x.size() << " input floats for shape " << argv[3] << "\n";
    return false;
  }
  input->CopyFromCpu(x.data());
  predictor->Run();
  std::unique_ptr<const Tensor> output = predictor->GetOutput(0);
  std::vector<float> y(demo::ShapeProduction(output->shape()));
  output->CopyToCpu(y.data());
  return demo::CheckOutput(what, y.data(), static_cast<int64_t>(y.size()), argv[4],
                           std::stod(argv[5]));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::cerr << "usage: light_api_demo MODEL.nb INPUT.f32 N,C,H,W EXPECTED TOLERANCE\n";
    return 2;
  }
  try {
    MobileConfig config;
    config.set_model_from_file(argv[1]);
    config.set_power_mode(LITE_POWER_HIGH);
    config.set_threads(1);
    const bool from_file = RunOnce(config, "light_api_demo (file)", argv);

    std::ifstream in(argv[1], std::ios::binary);
    const std::string buffer((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
    MobileConfig from_memory;
    from_memory.set_model_from_buffer(buffer);
    from_memory.set_power_mode(LITE_POWER_HIGH);
    from_memory.set_threads(1);
    const bool from_buffer = RunOnce(from_memory, "light_api_demo (buffer)", argv);
    return from_file && from_buffer ? 0 : 1;
  } catch (const PaddleLiteException& e) {
    std::cerr << "light_api_demo: error: " << e.what() << "\n";
    return 1;
  }
}
