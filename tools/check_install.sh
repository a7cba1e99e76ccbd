#!/usr/bin/env bash
# check_install.sh BUILD_DIR: installs the build into BUILD_DIR/install and compiles and runs
# a small app against the installed headers and libpaddle_full_api_shared.so alone, as a
# user of the library would.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$1
prefix=$build/install
cmake --install "$build" --prefix "$prefix" >/dev/null
app=$build/install_check
mkdir -p "$app"
cat > "$app/app.cc" <<'CPP'
#include <iostream>
#include "paddle_api.h"
using namespace paddle::lite_api;  // NOLINT
int main(int argc, char** argv) {
  CxxConfig config;
  config.set_model_dir(argv[1]);
  config.set_valid_places({Place{TARGET(kHost), PRECISION(kFloat)}});
  auto predictor = CreatePaddlePredictor<CxxConfig>(config);
  auto input = predictor->GetInput(0);
  input->Resize({1, 3, 32, 32});
  float* data = input->mutable_data<float>();
  for (int i = 0; i < 3 * 32 * 32; ++i) data[i] = 0.001f * i;
  predictor->Run();
  auto output = predictor->GetOutput(0);
  float sum = 0;
  for (int i = 0; i < output->numel(); ++i) sum += output->data<float>()[i];
  try {
    CxxConfig bad;
    bad.set_model_dir("/nonexistent");
    CreatePaddlePredictor<CxxConfig>(bad);
  } catch (const PaddleLiteException& e) {
    std::cout << "install check: bad path -> " << e.what() << "\n";
  }
  std::cout << "install check: " << output->numel() << " outputs, sum " << sum << "\n";
  const bool names = ActivationTypeToStr(ActivationType::kGelu) == "Gelu";  // paddle_place.h
  return sum > 0.99f && sum < 1.01f && names ? 0 : 1;
}
CPP
c++ -std=c++17 "$app/app.cc" -I"$prefix/include" -L"$prefix/lib" -lpaddle_full_api_shared \
  -Wl,-rpath,"$prefix/lib" -o "$app/app"
"$build/tools/make_sample_model" "$app/model" >/dev/null
"$app/app" "$app/model"
