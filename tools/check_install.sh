#!/usr/bin/env bash
# check_install.sh BUILD_DIR: installs the build into BUILD_DIR/install and compiles and runs
# a small app against the installed headers and libpaddle_full_api_shared.so alone, as a
# user of the library would; then builds a CMake app with find_package(paddle_lite CONFIG)
# against the installed prefix and against the build tree, and runs the installed tools.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$1" && pwd)
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

# The prefix's layout: versioned shared libraries, the tools, the CMake package.
for f in lib/libpaddle_full_api_shared.so lib/libpaddle_full_api_shared.so.0 \
         lib/libpaddle_light_api_shared.so.0 lib/libpaddle_api_light_bundled.a \
         lib/libpaddle_api_full_bundled.a \
         include/paddle_api.h include/paddle_custom_op.h include/paddle_op_plugin.h \
         include/plite_version.h include/paddle_use_ops.h \
         include/paddle_use_kernels.h include/paddle_use_passes.h bin/opt bin/benchmark bin/model_runner \
         bin/compare_precision \
         lib/cmake/paddle_lite/paddle_liteConfig.cmake; do
  [ -e "$prefix/$f" ] || { echo "install check: $prefix/$f is missing"; exit 1; }
done
# Read the whole header first: grep -q on a pipe quits early, and under pipefail objdump's
# SIGPIPE would fail the check.
headers=$(objdump -p "$prefix/lib/libpaddle_full_api_shared.so")
grep -q 'SONAME *libpaddle_full_api_shared.so.0$' <<<"$headers" ||
  { echo "install check: no SONAME libpaddle_full_api_shared.so.0"; exit 1; }
"$prefix/bin/model_runner" --model_dir="$app/model" --input_shape=1,3,32,32 --repeats=1 >/dev/null
"$prefix/bin/opt" >/dev/null  # help, exit 0
"$prefix/bin/compare_precision" >/dev/null  # help, exit 0

# find_package from the installed prefix and from the build tree.
mkdir -p "$app/cmake_app"
cat > "$app/cmake_app/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(plite_cmake_app CXX)
set(CMAKE_CXX_STANDARD 17)
find_package(paddle_lite 0.1 CONFIG REQUIRED)
add_executable(app ../app.cc)
target_link_libraries(app PRIVATE paddle_lite::paddle_full_api_shared)
add_executable(version version.cc)
target_link_libraries(version PRIVATE paddle_lite::paddle_light_api_shared)
add_executable(app_static ../app.cc)
target_link_libraries(app_static PRIVATE paddle_lite::paddle_api_full_bundled)
CMAKE
cat > "$app/cmake_app/version.cc" <<'CPP'
#include <cstdio>
#include "paddle_api.h"
#include "plite_version.h"
int main() { std::printf("plite %s\n", PLITE_VERSION_STRING); return PLITE_VERSION_MAJOR >= 0 ? 0 : 1; }
CPP
for where in prefix build; do
  dir=$prefix/lib/cmake/paddle_lite
  [ $where = build ] && dir=$(cd "$build" && pwd)
  rm -rf "$app/cmake_build_$where"
  cmake -S "$app/cmake_app" -B "$app/cmake_build_$where" -Dpaddle_lite_DIR="$dir" >/dev/null
  cmake --build "$app/cmake_build_$where" >/dev/null
  "$app/cmake_build_$where/app" "$app/model" | tail -1 | sed "s/^/find_package ($where): /"
  "$app/cmake_build_$where/version" >/dev/null
  "$app/cmake_build_$where/app_static" "$app/model" | tail -1 | sed "s/^/find_package ($where, static): /"
done

# The custom op example against the installed prefix only: its plugin is found through
# PLITE_OP_PLUGIN_PATH alone, by the app and by the installed opt.
example=$app/custom_op_example
rm -rf "$example"
cmake -S "$root/examples/custom_op" -B "$example" -Dpaddle_lite_DIR="$prefix/lib/cmake/paddle_lite" >/dev/null
cmake --build "$example" >/dev/null
"$build/lite/tests/api/write_custom_op_model" "$example/models"
PLITE_OP_PLUGIN_PATH="$example/plugins" "$prefix/bin/opt" --model_file="$example/models/softsign.pdmodel" \
  --valid_targets=host --optimize_out="$example/models/softsign_by_opt" >/dev/null
PLITE_OP_PLUGIN_PATH="$example/plugins" "$example/custom_op_app" \
  "$example/models/relu_rms_softsign.pdmodel" "$example/models" "$example/models/softsign_by_opt.nb"
