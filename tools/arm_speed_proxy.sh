#!/usr/bin/env bash
# arm_speed_proxy.sh [host build] [arm build]: the ARM speed proxy until real hardware is at
# hand: guest instructions and qemu wall time of one inference, ARM fp32 / ARM fp16 / host
# kernels, for ppocr_cls, ch_PP-OCRv3_det and the MobileNetV2 twin (docs/benchmark.md).
#   - the host build's opt writes each model's .nb three ways (--valid_targets=arm,
#     --valid_targets=arm --enable_fp16, --valid_targets=host)
#   - examples/arm_demo, cross-compiled against the ARM build's light library, runs each
#     .nb 1 and 3 times under qemu-aarch64 with tools/qemu/insn_count.c loaded: one
#     inference = the difference / 2 (loading and weight packing cancel out); the wall time
#     is the demo's median run under qemu (noisy: quote ratios)
# Needs the ARM build (tools/run_arm_tests.sh) and the twins (tools/gen_twins.sh; PLITE_TWINS_DIR).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
host_build=$(cd "${1:-$root/build}" && pwd)
arm_build=$(cd "${2:-$root/build-arm}" && pwd)
models=${PLITE_MODELS_DIR:-$root/../shared/models}
twins=${PLITE_TWINS_DIR:-$host_build/twins}
work=$arm_build/speed_proxy
mkdir -p "$work"

gcc -O2 -shared -fPIC -fvisibility=hidden "$root/tools/qemu/insn_count.c" -o "$work/libinsn_count.so"
# What the install copies (the libraries, not the tests).
cmake --build "$arm_build" --target paddle_light_api_shared paddle_api_light_bundled \
  paddle_full_api_shared paddle_api_full_bundled >/dev/null
cmake --install "$arm_build" --prefix "$work/install" >/dev/null
aarch64-linux-gnu-g++ -std=c++17 -O2 "$root/examples/arm_demo/arm_demo.cc" -I"$work/install/include" \
  -L"$work/install/lib" -lpaddle_light_api_shared -Wl,-rpath,"$work/install/lib" -o "$work/arm_demo"
sysroot=/usr/aarch64-linux-gnu
[ -f /usr/lib/aarch64-linux-gnu/libc.so.6 ] && sysroot=/

# name shape model-file params-file
cases=("ppocr_cls 1,3,48,192 $models/ppocr_cls_mobile_v2/inference.pdmodel $models/ppocr_cls_mobile_v2/inference.pdiparams"
       "ch_PP-OCRv3_det 1,3,320,480 $models/next/ch_PP-OCRv3_det/inference.pdmodel $models/next/ch_PP-OCRv3_det/inference.pdiparams"
       "mobilenet_v2_twin 1,3,224,224 $twins/mobilenet_v2/inference.pdmodel $twins/mobilenet_v2/inference.pdiparams")
# PLITE_PROXY_CASES="name shape model params;..." replaces them (e.g. a quantized model).
[ -n "${PLITE_PROXY_CASES:-}" ] && IFS=';' read -ra cases <<<"$PLITE_PROXY_CASES"
ways=("arm_fp32 --valid_targets=arm" "arm_fp16 --valid_targets=arm --enable_fp16" "host --valid_targets=host")
# PLITE_PROXY_WAYS="name opt-flags;name opt-flags" replaces them (e.g. blocked layout on/off).
[ -n "${PLITE_PROXY_WAYS:-}" ] && IFS=';' read -ra ways <<<"$PLITE_PROXY_WAYS"

count() {  # count NB SHAPE REPEATS -> "instructions median_ms"
  local out
  # PLITE_PROXY_CPU picks qemu's CPU model (e.g. cortex-a53: armv8.0, no dot product).
  out=$(qemu-aarch64 -L "$sysroot" ${PLITE_PROXY_CPU:+-cpu "$PLITE_PROXY_CPU"} \
        -plugin "$work/libinsn_count.so" -d plugin \
        "$work/arm_demo" "$1" "$2" "$3" 2>&1)
  echo "$(sed -n 's/^guest instructions: //p' <<<"$out") $(sed -n 's/.*median \([0-9.]*\) ms/\1/p' <<<"$out")"
}

printf "%-18s %-9s %16s %12s\n" model kernels "instr/inference" "qemu ms"
for c in "${cases[@]}"; do
  read -r name shape program params <<<"$c"
  [ -f "$program" ] || { echo "arm_speed_proxy: $program not found; skipping $name"; continue; }
  for w in "${ways[@]}"; do
    read -r way flags <<<"$w"
    # shellcheck disable=SC2086
    if ! "$host_build/tools/opt" --model_file="$program" --param_file="$params" $flags \
         --optimize_out="$work/$name.$way" >/dev/null 2>&1; then
      printf "%-18s %-9s %16s\n" "$name" "$way" "(opt failed)"
      continue
    fi
    read -r one _ <<<"$(count "$work/$name.$way.nb" "$shape" 1)"
    read -r three ms <<<"$(count "$work/$name.$way.nb" "$shape" 3)"
    printf "%-18s %-9s %16d %12s\n" "$name" "$way" $(((three - one) / 2)) "$ms"
  done
done
