// The device app of the ARM deliverable (tools/build_arm_demo.sh): built for aarch64 against
// the installed headers and the tailored light library alone, it loads the `.nb` that opt
// wrote for ARM, runs it on a fixed input pattern (or a raw float32 file) and prints the
// first outputs and the latency.
//   arm_demo MODEL.nb N,C,H,W [REPEATS [INPUT.f32]]
// Exit: 0 ok, 1 error (message printed), 2 bad usage.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "paddle_api.h"  // NOLINT(build/include): the installed header

using paddle::lite_api::MobileConfig;
using paddle::lite_api::PaddleLiteException;

namespace {

std::vector<int64_t> ParseShape(const std::string& text) {
  std::vector<int64_t> shape;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) shape.push_back(std::stoll(item));
  return shape;
}

std::vector<float> ReadFloats(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<float> values(bytes.size() / sizeof(float));
  std::copy(bytes.begin(), bytes.begin() + values.size() * sizeof(float),
            reinterpret_cast<char*>(values.data()));
  return values;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: arm_demo MODEL.nb N,C,H,W [REPEATS [INPUT.f32]]\n");
    return 2;
  }
  try {
    const std::vector<int64_t> shape = ParseShape(argv[2]);
    const int repeats = argc > 3 ? std::max(1, std::atoi(argv[3])) : 1;
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    std::vector<float> input;
    if (argc > 4) {
      input = ReadFloats(argv[4]);
      if (static_cast<int64_t>(input.size()) != n) throw std::runtime_error("input size mismatch");
    } else {
      input.resize(n);
      for (int64_t i = 0; i < n; ++i) input[i] = std::sin(0.01f * i) * 0.5f + 0.5f;
    }

    MobileConfig config;
    config.set_model_from_file(argv[1]);
    config.set_threads(1);
    auto predictor = paddle::lite_api::CreatePaddlePredictor<MobileConfig>(config);
    auto in = predictor->GetInput(0);
    in->Resize(shape);
    std::copy(input.begin(), input.end(), in->mutable_data<float>());

    std::vector<double> ms;
    for (int r = 0; r < repeats; ++r) {
      const auto start = std::chrono::steady_clock::now();
      predictor->Run();
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    auto out = predictor->GetOutput(0);
    int64_t count = 1;
    for (int64_t d : out->shape()) count *= d;
    std::printf("arm_demo: output 0 has %lld values:", static_cast<long long>(count));
    for (int64_t i = 0; i < std::min<int64_t>(count, 8); ++i) std::printf(" %g", out->data<float>()[i]);
    std::printf("\narm_demo: %d run(s), median %.2f ms\n", repeats, ms[ms.size() / 2]);
    return 0;
  } catch (const PaddleLiteException& e) {
    std::fprintf(stderr, "arm_demo: error: %s\n", e.what());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "arm_demo: error: %s\n", e.what());
  }
  return 1;
}
