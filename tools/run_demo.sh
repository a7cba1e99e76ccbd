#!/usr/bin/env bash
# run_demo.sh [model_runner flags...]: set up, build, write the sample model and run it.
# With no flags it runs the sample CNN the project builds itself (no download needed).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash tools/setup_debian.sh
# Only what the demo runs: the library, model_runner and the sample-model writer.
PLITE_BUILD_TARGETS="model_runner make_sample_model" bash tools/build.sh build
if [ $# -eq 0 ]; then
  ./build/tools/make_sample_model build/sample_model >/dev/null
  set -- --model_dir=build/sample_model --input_shape=1,3,32,32 --repeats=20
fi
./build/tools/model_runner "$@"
