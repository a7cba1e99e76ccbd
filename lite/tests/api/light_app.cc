// A small app as a user of the light library writes it: compiled by the light-library
// tests against the installed headers and one light library (shared, bundled static or
// tailored), nothing else.
//   light_app MODEL.nb N,C,H,W [INPUT.f32 [EXPECTED.f32 [TOLERANCE]]]
// Without INPUT.f32 the input is the reference pattern (sin(0.01 i) * 0.5 + ...). With
// EXPECTED.f32 the first output must match it within TOLERANCE (default 1e-5).
// Exit: 0 ok, 1 error (message printed) or mismatch, 2 bad usage.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "../api_compat/demo_io.h"  // NOLINT(build/include): beside the sources
#include "paddle_api.h"  // NOLINT(build/include): the installed header

using paddle::lite_api::MobileConfig;
using paddle::lite_api::PaddleLiteException;

using demo::ParseShape;
using demo::ReadFloats;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: light_app MODEL.nb N,C,H,W [INPUT.f32 [EXPECTED.f32 [TOLERANCE]]]\n";
    return 2;
  }
  try {
    MobileConfig config;
    config.set_model_from_file(argv[1]);
    config.set_threads(1);
    auto predictor = paddle::lite_api::CreatePaddlePredictor<MobileConfig>(config);

    const std::vector<int64_t> shape = ParseShape(argv[2]);
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    std::vector<float> x;
    if (argc > 3) {
      x = ReadFloats(argv[3]);
    } else {
      for (int64_t i = 0; i < n; ++i) {
        x.push_back(static_cast<float>(std::sin(0.01 * i) * 0.5 + ((i * 7919) % 1000) / 2000.0 -
                                       0.25));
      }
    }
    if (static_cast<int64_t>(x.size()) != n) {
      std::cerr << "light_app: input has " << x.size() << " floats, shape needs " << n << "\n";
      return 1;
    }
    auto input = predictor->GetInput(0);
    input->Resize(shape);
    input->CopyFromCpu(x.data());
    predictor->Run();
    auto output = predictor->GetOutput(0);
    const float* y = output->data<float>();
    std::cout << "light_app: " << output->numel() << " outputs:";
    for (int64_t i = 0; i < output->numel() && i < 10; ++i) std::cout << " " << y[i];
    std::cout << "\n";

    if (argc > 4) {
      const std::vector<float> expected = ReadFloats(argv[4]);
      const double tolerance = argc > 5 ? std::atof(argv[5]) : 1e-5;
      if (static_cast<int64_t>(expected.size()) != output->numel()) {
        std::cerr << "light_app: " << output->numel() << " outputs, expected " << expected.size()
                  << "\n";
        return 1;
      }
      double max_diff = 0;
      for (size_t i = 0; i < expected.size(); ++i) {
        max_diff = std::max(max_diff, std::fabs(static_cast<double>(y[i]) - expected[i]));
      }
      std::cout << "light_app: max abs diff " << max_diff << " (tolerance " << tolerance << ")\n";
      if (!(max_diff <= tolerance)) return 1;
    }
  } catch (const PaddleLiteException& e) {
    std::cerr << "light_app: error: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "light_app: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
