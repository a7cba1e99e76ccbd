// A light-API app written as Paddle Lite's OpenCL mobile_light demo is: it asks
// ::IsOpenCLBackendValid(), keeps the compiled OpenCL programs in a directory
// (set_opencl_binary_path_name), asks for tuning and a precision, loads an OpenCL .nb, fills
// the input through mutable_data, runs, and checks output 0 through data<float>(). Only the
// installed headers and libraries are used (run_compat_apps.sh).
//   opencl_light_api_demo MODEL.nb INPUT.f32 N,C,H,W EXPECTED TOLERANCE CACHE_DIR
// Exit 0 when the output matches and the program cache holds files.
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "demo_io.h"
#include "paddle_api.h"          // NOLINT
#include "paddle_use_kernels.h"  // NOLINT
#include "paddle_use_ops.h"      // NOLINT

using namespace paddle::lite_api;  // NOLINT

int main(int argc, char** argv) {
  if (argc != 7) {
    std::cerr << "usage: opencl_light_api_demo MODEL.nb INPUT.f32 N,C,H,W EXPECTED TOLERANCE "
                 "CACHE_DIR\n";
    return 2;
  }
  const bool valid = ::IsOpenCLBackendValid(/*check_fp16_valid = false*/);
  std::cout << "is_opencl_backend_valid:" << (valid ? "true" : "false") << "\n";
  if (!valid) return 1;
  try {
    MobileConfig config;
    config.set_model_from_file(argv[1]);
    config.set_opencl_binary_path_name(argv[6], "lite_opencl_kernel.bin");
    config.set_opencl_tune(CL_TUNE_NORMAL, argv[6], "lite_opencl_tuned.bin");
    config.set_opencl_precision(CL_PRECISION_FP32);
    config.set_power_mode(static_cast<PowerMode>(0));
    config.set_threads(1);
    std::shared_ptr<PaddlePredictor> predictor = CreatePaddlePredictor<MobileConfig>(config);

    const std::vector<float> x = demo::ReadFloats(argv[2]);
    auto input = predictor->GetInput(0);
    input->Resize(demo::ParseShape(argv[3]));
    float* data = input->mutable_data<float>();
    if (demo::ShapeProduction(input->shape()) != static_cast<int64_t>(x.size())) {
      std::cerr << "opencl_light_api_demo: " << x.size() << " input floats for " << argv[3] << "\n";
      return 1;
    }
    for (size_t i = 0; i < x.size(); ++i) data[i] = x[i];
    predictor->Run();
    std::unique_ptr<const Tensor> output = predictor->GetOutput(0);
    const bool matches =
        demo::CheckOutput("opencl_light_api_demo", output->data<float>(),
                          demo::ShapeProduction(output->shape()), argv[4], std::stod(argv[5]));
    const bool cached = !std::filesystem::is_empty(argv[6]);
    if (!cached) std::cerr << "opencl_light_api_demo: no program binaries in " << argv[6] << "\n";
    return matches && cached ? 0 : 1;
  } catch (const PaddleLiteException& e) {
    std::cerr << "opencl_light_api_demo: error: " << e.what() << "\n";
    return 1;
  }
}
