#!/usr/bin/env bash
# tailored_lib_test.sh BUILD_DIR WRITE_LIGHT_TEST_DATA
# tools/build_tailored_lib.sh end to end: tailored light libraries for the sample model and
# (with the shared models) for ppocr_cls_mobile_v2; an app compiled against each runs its
# .nb and matches the reference; the ppocr-tailored library refuses the .nb of mnist_mlp_sep
# (optimized without fusions) and of squeezenet_gesture_sep with an error listing the
# kernels it lacks; ppocr tailored with the fast kernels (x86 with and without the AVX-512
# code, and ARM under qemu) matches the reference and is no more than 5% larger than
# docs/light_api.md says, and of the depthwise loops keeps only those its layers run; the
# sample model, whose depthwise filter the ppocr library has no loops for, runs on it all
# the same (the kernel's general path).
# Exits 77 (skipped) when the shared models are absent, after the sample-model part has
# passed.
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=$1
write_data=$2
work=$build/tailor_test
rm -rf "$work/out-sample" "$work/out-ppocr" "$work/data" "$work/apps"
mkdir -p "$work/apps"
export PLITE_BUILD_DIR=$build PLITE_TAILOR_WORK=$work/builds
failures=0
passes=0
ok() { echo "ok: $1"; passes=$((passes + 1)); }
fail() { echo "FAIL: $1"; failures=$((failures + 1)); }
app_src=$root/lite/tests/api/light_app.cc
untailored=$work/builds/untailored-install

# compile_app OUT_DIR NAME: the app against OUT_DIR's headers and tailored shared lib alone.
compile_app() {
  c++ -std=c++17 "$app_src" -I"$1/include" -L"$1/lib" -lpaddle_light_api_shared \
      -Wl,-rpath,"$1/lib" -o "$work/apps/$2"
}
so_size() { stat -L -c %s "$1/lib/libpaddle_light_api_shared.so"; }  # -L: through the .so link

# ---- the sample model (expected output from the full predictor)
"$write_data" "$work/data" >/dev/null || { echo "FAIL: write_light_test_data"; exit 1; }
if bash "$root/tools/build_tailored_lib.sh" "$work/data/model" "$work/out-sample"; then
  ok "build_tailored_lib.sh on the sample model"
  # The tailored build compiled exactly the listed sources, and so not e.g. multiclass_nms.
  tb=$work/builds/tailored-out-sample
  for kind in op kernel; do
    compiled=$(sed "s#^$root/##" "$tb/lite/gen/${kind}_sources.txt" | grep . | sort)
    listed=$(grep . "$work/out-sample/tailoring/.tailored_${kind}s_source_list" | sort)
    if [ "$compiled" = "$listed" ]; then
      ok "the tailored build compiled exactly the $(wc -l <<<"$listed") listed $kind sources"
    else
      fail "$kind sources compiled != listed: $(diff <(echo "$compiled") <(echo "$listed") | tr '\n' ' ')"
    fi
  done
  grep -q "lite/kernels/host/conv_compute.cc" "$tb/lite/gen/kernel_sources.txt" && ok "sample keeps conv" || fail "sample lacks conv"
  grep -q "multiclass_nms" "$tb/lite/gen/kernel_sources.txt" && fail "sample keeps multiclass_nms" || ok "sample drops multiclass_nms"
  if [ "$(so_size "$work/out-sample")" -lt "$(so_size "$untailored")" ]; then
    ok "tailored $(so_size "$work/out-sample") < untailored $(so_size "$untailored") bytes"
  else
    fail "tailored library is not smaller"
  fi
  if compile_app "$work/out-sample" sample_app &&
     "$work/apps/sample_app" "$work/out-sample/model.nb" 1,3,32,32 "$work/data/input.f32" \
       "$work/data/expected.f32" 1e-5; then
    ok "sample app on the tailored library matches the full predictor"
  else
    fail "sample app on the tailored library"
  fi
  # The sample model runs no custom op: the library is built without custom op support, and
  # says so when asked to load op plugins (and runs the model all the same).
  if [ ! -e "$work/out-sample/include/paddle_custom_op.h" ] &&
     grep -q "LITE_WITH_CUSTOM_OPS:BOOL=OFF" "$tb/CMakeCache.txt"; then
    ok "the sample-tailored library leaves custom op support out"
  else
    fail "the sample-tailored library keeps custom op support"
  fi
  out=$(PLITE_OP_PLUGIN_PATH=$work "$work/apps/sample_app" "$work/out-sample/model.nb" 1,3,32,32 \
          "$work/data/input.f32" "$work/data/expected.f32" 1e-5 2>&1)
  if [ $? -eq 0 ] && grep -q "built without custom ops" <<<"$out"; then
    ok "PLITE_OP_PLUGIN_PATH on a library without custom ops: a warning, the model runs"
  else
    fail "PLITE_OP_PLUGIN_PATH on a library without custom ops: $out"
  fi
else
  fail "build_tailored_lib.sh on the sample model"
fi

# ---- ppocr_cls_mobile_v2, and models it must refuse, from the shared models
models=${PLITE_MODELS_DIR:-$root/../shared/models}
ppocr=$models/ppocr_cls_mobile_v2
mnist=$models/mnist_mlp_sep
if [ ! -f "$ppocr/inference.pdmodel" ] || [ ! -f "$mnist/__model__" ] ||
   [ ! -f "$models/squeezenet_gesture_sep/__model__" ]; then
  echo "$passes passed, $failures failed"
  echo "SKIPPED: the ppocr part: no shared models at $models (set PLITE_MODELS_DIR)"
  [ "$failures" -eq 0 ] && exit 77
  exit 1
fi
# run_ppocr OUT_DIR APP [RUNNER...]: the app on OUT_DIR's model.nb against the reference.
run_ppocr() {
  local out=$1 app=$2
  shift 2
  "$@" "$app" "$out/model.nb" 1,3,48,192 "$ppocr/reference/cls_1x3x48x192.input.f32" \
    "$ppocr/reference/cls_1x3x48x192.output.f32" 1e-4
}
if bash "$root/tools/build_tailored_lib.sh" "$ppocr/inference.pdmodel" "$ppocr/inference.pdiparams" \
     "$work/out-ppocr"; then
  ok "build_tailored_lib.sh on ppocr_cls_mobile_v2"
  echo "ppocr-tailored kernels:"
  sed 's/^/  /' "$work/out-ppocr/tailoring/.tailored_kernels_list"
  # Kernel-granular: slice_compute.cc registers float, int32 and int64 slice kernels; the
  # library keeps only the int32 one the model runs (the others' code is not linked).
  syms=$(nm -C "$work/builds/tailored-out-ppocr/lite/api/libpaddle_light_api_shared.so")
  if grep -q "SliceCompute<int," <<<"$syms" && ! grep -q "SliceCompute<long," <<<"$syms" &&
     ! grep -q "SliceCompute<float," <<<"$syms"; then
    ok "of slice_compute.cc's registrations, the ppocr-tailored library keeps the int32 one"
  else
    fail "the ppocr-tailored library's slice kernels: $(grep -o "SliceCompute<[a-z]*," <<<"$syms" | sort -u | tr '\n' ' ')"
  fi
  if compile_app "$work/out-ppocr" ppocr_app && run_ppocr "$work/out-ppocr" "$work/apps/ppocr_app"; then
    ok "ppocr app on the tailored library matches the stored reference within 1e-4"
  else
    fail "ppocr app on the tailored library"
  fi
  # mnist optimized without fusions (mul and relu as they stand: fused, its relu would be the
  # epilogue of an fc ppocr has) and squeezenet (batch_norm, concat, flatten2, the scale its
  # dropout becomes) need kernels ppocr does not: the tailored library must refuse them,
  # naming every missing kernel.
  for name in mnist_mlp_sep squeezenet_gesture_sep; do
    rm -rf "$work/$name"
    fusion=true
    [ "$name" = mnist_mlp_sep ] && fusion=false
    if ! "$build/tools/opt" --model_dir="$models/$name" --valid_targets=host \
         --fusion_passes=$fusion --optimize_out="$work/$name/model" \
         --record_tailoring_info=true >/dev/null; then
      fail "opt on $name"
      continue
    fi
    out=$("$work/apps/ppocr_app" "$work/$name/model.nb" 1,3,224,224 2>&1)
    code=$?
    echo "$out"
    lacking=$(comm -23 <(sort "$work/$name/model/.tailored_kernels_list") \
                       <(sort "$work/out-ppocr/tailoring/.tailored_kernels_list"))
    echo "kernels $name needs beyond ppocr's: $(tr '\n' ' ' <<<"$lacking")"
    named=1
    [ -n "$lacking" ] || named=0
    while read -r key; do
      [ -z "$key" ] || grep -qF "$key" <<<"$out" || named=0
    done <<<"$lacking"
    if [ $code -eq 1 ] && grep -qF "kernels [" <<<"$out" && [ $named -eq 1 ]; then
      ok "the ppocr-tailored library refuses $name, listing all $(wc -l <<<"$lacking") missing kernels"
    else
      fail "$name on the ppocr-tailored library: exit $code"
    fi
  done
  # The same .nb runs on the untailored light library.
  if c++ -std=c++17 "$app_src" -I"$work/out-ppocr/include" -L"$untailored/lib" \
       -lpaddle_light_api_shared -Wl,-rpath,"$untailored/lib" -o "$work/apps/untailored_app" &&
     "$work/apps/untailored_app" "$work/mnist_mlp_sep/model.nb" 1,1,28,28 \
       "$mnist/reference/mnist_1x1x28x28.input.f32" "$mnist/reference/mnist_1x1x28x28.output.f32" 1e-4; then
    ok "mnist runs on the untailored light library"
  else
    fail "mnist on the untailored light library"
  fi
else
  fail "build_tailored_lib.sh on ppocr_cls_mobile_v2"
fi

# ---- ppocr_cls_mobile_v2 with the fast kernels, x86_64 and aarch64 (under qemu): it matches
# the reference, and the stripped library has not grown more than 5% over the figure in
# docs/light_api.md ("Sizes with the fast kernels").
docs_bytes() {  # docs_bytes COLUMN: the ppocr_cls row's figure in that column of the table
  grep '^| ppocr_cls_mobile_v2 |' "$root/docs/light_api.md" | head -1 |
    awk -F'|' -v c="$1" '{ gsub(/[^0-9]/, "", $c); print $c }'
}
check_size() {  # check_size NAME LIBRARY DOCS_BYTES
  local got limit
  got=$(stat -L -c %s "$2")
  if [ -z "$3" ]; then
    fail "$1: no figure for ppocr_cls_mobile_v2 in docs/light_api.md"
    return
  fi
  limit=$(( $3 * 105 / 100 ))
  if [ "$got" -le "$limit" ]; then
    ok "$1: $got bytes, within 5% of the documented $3"
  else
    fail "$1: $got bytes, more than 5% over the documented $3 (limit $limit)"
  fi
}
if PLITE_VALID_TARGETS=x86 bash "$root/tools/build_tailored_lib.sh" "$ppocr/inference.pdmodel" \
     "$ppocr/inference.pdiparams" "$work/out-ppocr-x86"; then
  if compile_app "$work/out-ppocr-x86" ppocr_x86_app &&
     run_ppocr "$work/out-ppocr-x86" "$work/apps/ppocr_x86_app"; then
    ok "ppocr on the x86-kernel tailored library matches the stored reference within 1e-4"
  else
    fail "ppocr on the x86-kernel tailored library"
  fi
  check_size "ppocr tailored, x86_64" "$work/out-ppocr-x86/lib/libpaddle_light_api_shared.so" "$(docs_bytes 3)"
  # The depthwise loops: ppocr's layers run 3x3 stride 1 and (2, 1) and 5x5 (2, 1) planes
  # and 5x5 stride-1 blocked tiles; the library (its plain link, unstripped) holds plane and
  # tile instances (some of the kept ones may be inlined into their dispatch) and none of the
  # others.
  math=$(tr '\n' ' ' < "$work/out-ppocr-x86/tailoring/.tailored_math_list")
  echo "ppocr-tailored math specializations (x86): $math"
  syms=$(nm -C "$work/builds/tailored-out-ppocr-x86/lite/api/libpaddle_light_api_size_map.so")
  kept=1
  for want in "ConvPlaneWith<" "TiledRowsWith<5, 1,"; do
    grep -qF "$want" <<<"$syms" || { kept=0; echo "missing: $want"; }
  done
  for unwanted in "ConvPlaneWith<3, 2, 2," "ConvPlaneWith<5, 2, 2," "ConvPlaneWith<5, 1, 1," \
                  "TiledRowsWith<3," "TiledRowsWith<5, 2," "FlatPlanes<5>"; do
    grep -qF "$unwanted" <<<"$syms" && { kept=0; echo "kept: $unwanted"; }
  done
  [ $kept -eq 1 ] && ok "the x86 ppocr library keeps the depthwise loops its layers run, and no other" ||
    fail "the x86 ppocr library's depthwise loops"
else
  fail "build_tailored_lib.sh with x86 kernels on ppocr_cls_mobile_v2"
fi
# A library tailored for the sample model with x86 kernels from lists whose math list is
# emptied: its 3x3 stride-2 depthwise layer finds no loops and takes the kernel's general
# path, and the model still matches the full predictor (a model whose layers a library was
# not tailored for runs, slower).
sample_x86=$work/sample-x86
rm -rf "$sample_x86"
if "$build/tools/opt" --model_dir="$work/data/model" --valid_targets=x86 \
     --optimize_out="$sample_x86/model" --record_tailoring_info=true >/dev/null &&
   grep -qx depthwise_plane_k3_s2 "$sample_x86/model/.tailored_math_list" &&
   : > "$sample_x86/model/.tailored_math_list" &&
   cmake -S "$root" -B "$work/builds/tailored-sample-x86" --no-warn-unused-cli \
     $(command -v ninja >/dev/null && echo -G Ninja) -DCMAKE_BUILD_TYPE=Release \
     -DLITE_ON_TINY_PUBLISH=ON -DCMAKE_DISABLE_FIND_PACKAGE_Protobuf=ON \
     -DLITE_BUILD_TAILOR=ON -DLITE_OPTMODEL_DIR="$sample_x86/model" -DLITE_WITH_OPENCL=OFF \
     -DLITE_WITH_CUSTOM_OPS=OFF >/dev/null &&
   grep -q "PLITE_TAILORED_MATH 1" "$work/builds/tailored-sample-x86/lite/gen/tailored_registrations.inc" &&
   cmake --build "$work/builds/tailored-sample-x86" --target paddle_light_api_shared \
     paddle_api_light_bundled >/dev/null &&
   cmake --install "$work/builds/tailored-sample-x86" --prefix "$sample_x86/out" >/dev/null &&
   compile_app "$sample_x86/out" sample_x86_app &&
   "$work/apps/sample_x86_app" "$sample_x86/model.nb" 1,3,32,32 "$work/data/input.f32" \
     "$work/data/expected.f32" 1e-4; then
  ok "a depthwise layer whose loops the library left out runs the general path and matches"
else
  fail "the sample model on a library tailored without its depthwise loops"
fi
# Without the AVX-512 code (an AVX2 library; on an AVX-512 machine it runs the AVX2 code).
if PLITE_X86_AVX512=OFF PLITE_VALID_TARGETS=x86 bash "$root/tools/build_tailored_lib.sh" \
     "$ppocr/inference.pdmodel" "$ppocr/inference.pdiparams" "$work/out-ppocr-avx2"; then
  if compile_app "$work/out-ppocr-avx2" ppocr_avx2_app &&
     run_ppocr "$work/out-ppocr-avx2" "$work/apps/ppocr_avx2_app"; then
    ok "ppocr on the AVX2-only tailored library matches the stored reference within 1e-4"
  else
    fail "ppocr on the AVX2-only tailored library"
  fi
  if nm -C "$work/builds/tailored-out-ppocr-avx2/lite/api/libpaddle_light_api_size_map.so" |
     grep -q "Avx512"; then
    fail "the AVX2-only library holds AVX-512 functions"
  else
    ok "the AVX2-only library holds no AVX-512 function"
  fi
  check_size "ppocr tailored, x86_64 AVX2 only" "$work/out-ppocr-avx2/lib/libpaddle_light_api_shared.so" "$(docs_bytes 4)"
else
  fail "build_tailored_lib.sh with x86 kernels, AVX2 only, on ppocr_cls_mobile_v2"
fi
if command -v aarch64-linux-gnu-g++ >/dev/null && command -v qemu-aarch64 >/dev/null; then
  qemu=(qemu-aarch64 -L /usr/aarch64-linux-gnu)  # as cmake/toolchains/aarch64-linux-gnu.cmake
  [ -e /usr/lib/aarch64-linux-gnu/libc.so.6 ] && qemu=(qemu-aarch64 -L /)
  arm_out=$work/out-ppocr-arm
  if bash "$root/tools/build_tailored_lib.sh" --arm "$ppocr/inference.pdmodel" \
       "$ppocr/inference.pdiparams" "$arm_out"; then
    if aarch64-linux-gnu-g++ -std=c++17 "$app_src" -I"$arm_out/include" -L"$arm_out/lib" \
         -lpaddle_light_api_shared -Wl,-rpath,"$arm_out/lib" -o "$work/apps/ppocr_arm_app" &&
       run_ppocr "$arm_out" "$work/apps/ppocr_arm_app" "${qemu[@]}"; then
      ok "ppocr on the ARM-kernel tailored library (qemu) matches the stored reference within 1e-4"
    else
      fail "ppocr on the ARM-kernel tailored library (qemu)"
    fi
    check_size "ppocr tailored, aarch64" "$arm_out/lib/libpaddle_light_api_shared.so" "$(docs_bytes 6)"
  else
    fail "build_tailored_lib.sh --arm on ppocr_cls_mobile_v2"
  fi
else
  fail "no aarch64-linux-gnu-g++ or qemu-aarch64 (tools/setup_debian.sh --arm)"
fi

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
