#!/usr/bin/env bash
# compare_ort.sh [BUILD_DIR] [compare.py args...]: plite's x86 kernels against ONNX Runtime
# on the twin models, alternating in one run (../shared/tools/twins/compare.py). Generates
# the twins into $PLITE_TWINS_DIR (default /tmp/twins) when missing. Defaults: the five
# benchmark twins at 1 and 2 threads, 3 rounds of 3 warm-up + 10 timed runs.
#   bash tools/compare_ort.sh build
#   bash tools/compare_ort.sh build resnet18 --threads 1 --rounds 5
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
shift || true
twins=${PLITE_TWINS_DIR:-/tmp/twins}
tool=${PLITE_TWINS_TOOL:-$root/../shared/tools/twins}
[ -x "$build/tools/benchmark" ] || { echo "compare_ort: no $build/tools/benchmark (build it first)" >&2; exit 2; }
[ -f "$twins/resnet18/ref_output_ort.f32" ] || bash "$root/tools/gen_twins.sh" "$twins"
export ORT_NODE_MODULES=${ORT_NODE_MODULES:-${PLITE_CACHE:-/tmp/plite_cache}/ortnode/node_modules}
args=("$@")
if [ ${#args[@]} -eq 0 ] || [[ ${args[0]} == --* ]]; then
  args=(mobilenet_v1 mobilenet_v2 shufflenet_v2 squeezenet1_1 resnet18 "${args[@]}")
fi
case " ${args[*]} " in *" --threads "*) ;; *) args+=(--threads 1,2) ;; esac
case " ${args[*]} " in *" --rounds "*) ;; *) args+=(--rounds 3 --warmup 3 --runs 10) ;; esac
exec /usr/bin/python3 "$tool/compare.py" "$twins" "${args[@]}" --engine \
  "$build/tools/benchmark --model_file {model} --param_file {params} --input_file {input} \
--input_shape {shape} --threads {threads} --warmup {warmup} --repeats {runs} \
--output_file {output} --valid_targets=x86,host"
