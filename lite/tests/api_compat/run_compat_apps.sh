#!/usr/bin/env bash
# run_compat_apps.sh BUILD_DIR: installs the build into BUILD_DIR/api_compat/prefix and
# compiles the demo-style apps of this directory against that prefix alone, as Paddle Lite
# app code is built:
#   full_api_demo   -> libpaddle_full_api_shared.so  (paddle_use_{ops,kernels,passes}.h)
#   full_api_demo   -> libpaddle_api_full_bundled.a + protobuf, linked statically
#   light_api_demo  -> libpaddle_light_api_shared.so (paddle_use_{ops,kernels}.h)
#   light_api_demo  -> libpaddle_api_light_bundled.a, linked statically
# Then runs them: the full demos optimize each model to a .nb and check their output; both
# light demos load that .nb from the file and from a buffer and check theirs. Models: the
# sample model (output checked as probabilities), and the shared real models with their
# references (mnist_mlp_sep: a model directory with separate params; ppocr_cls_mobile_v2:
# combined model and params files). In an OpenCL build, opencl_light_api_demo (Paddle Lite's
# OpenCL light demo's calls) runs ppocr_cls planned for OpenCL by the installed opt. Exit 77
# (skipped) when the shared models are absent.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
models=${PLITE_MODELS_DIR:-$here/../../../../shared/models}
work=$build/api_compat
prefix=$work/prefix
rm -rf "$work" && mkdir -p "$work"
failures=0
ok() { echo "ok: $1"; }
fail() { echo "FAIL: $1"; failures=$((failures + 1)); }

cmake --install "$build" --prefix "$prefix" >/dev/null || { echo "FAIL: cmake --install"; exit 1; }
cxx=(c++ -std=c++17 -O1 -I"$here" -I"$prefix/include")
"${cxx[@]}" "$here/full_api_demo.cc" -L"$prefix/lib" -lpaddle_full_api_shared \
  -Wl,-rpath,"$prefix/lib" -o "$work/full_api_demo" && ok "full_api_demo compiles (shared)" ||
  fail "full_api_demo does not compile against the prefix"
"${cxx[@]}" "$here/full_api_demo.cc" "$prefix/lib/libpaddle_api_full_bundled.a" -lprotobuf -pthread \
  -ldl -o "$work/full_api_demo_static" && ok "full_api_demo compiles (static bundled archive)" ||
  fail "full_api_demo does not link statically against libpaddle_api_full_bundled.a"
"${cxx[@]}" "$here/light_api_demo.cc" -L"$prefix/lib" -lpaddle_light_api_shared \
  -Wl,-rpath,"$prefix/lib" -o "$work/light_api_demo" && ok "light_api_demo compiles (shared)" ||
  fail "light_api_demo does not compile against the shared light library"
"${cxx[@]}" "$here/light_api_demo.cc" "$prefix/lib/libpaddle_api_light_bundled.a" -pthread -ldl \
  -o "$work/light_api_demo_static" && ok "light_api_demo compiles (static bundled archive)" ||
  fail "light_api_demo does not link statically against libpaddle_api_light_bundled.a"
for demo in full_api_demo_static light_api_demo_static; do
  libs=$(ldd "$work/$demo" 2>/dev/null)
  if grep -q paddle <<<"$libs"; then fail "$demo still needs a shared paddle library"; fi
done
[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }

# run NAME MODEL INPUT SHAPE EXPECTED TOLERANCE: both full demos (the shared one writes
# the .nb), then both light demos on that .nb.
run() {
  local name=$1 model=$2 input=$3 shape=$4 expected=$5 tol=$6 demo
  if "$work/full_api_demo_static" "$model" "$input" "$shape" "$expected" "$tol" "$work/$name.static"; then
    ok "$name: full_api_demo_static"
  else
    fail "$name: full_api_demo_static"
  fi
  if "$work/full_api_demo" "$model" "$input" "$shape" "$expected" "$tol" "$work/$name"; then
    ok "$name: full_api_demo"
  else
    fail "$name: full_api_demo"; return
  fi
  for demo in light_api_demo light_api_demo_static; do
    if "$work/$demo" "$work/$name.nb" "$input" "$shape" "$expected" "$tol"; then
      ok "$name: $demo"
    else
      fail "$name: $demo"
    fi
  done
}

"$prefix/bin/model_runner" >/dev/null  # the installed tools run from the prefix
"$build/tools/make_sample_model" "$work/sample" >/dev/null
head -c $((3 * 32 * 32 * 4)) /dev/zero >"$work/sample_input.f32"
run sample "$work/sample" "$work/sample_input.f32" 1,3,32,32 softmax 1e-5

skipped=0
mnist=$models/mnist_mlp_sep
cls=$models/ppocr_cls_mobile_v2
if [ -f "$mnist/__model__" ]; then
  run mnist_mlp_sep "$mnist" "$mnist/reference/mnist_1x1x28x28.input.f32" 1,1,28,28 \
    "$mnist/reference/mnist_1x1x28x28.output.f32" 1e-5
else
  echo "SKIPPED: mnist_mlp_sep not found in $models (set PLITE_MODELS_DIR)"; skipped=1
fi
if [ -f "$cls/inference.pdmodel" ]; then
  run ppocr_cls_mobile_v2 "$cls/inference.pdmodel:$cls/inference.pdiparams" \
    "$cls/reference/cls_1x3x48x192.input.f32" 1,3,48,192 \
    "$cls/reference/cls_1x3x48x192.output.f32" 1e-4
else
  echo "SKIPPED: ppocr_cls_mobile_v2 not found in $models (set PLITE_MODELS_DIR)"; skipped=1
fi

# An OpenCL build: the installed opt plans ppocr_cls for {opencl, x86, host}, and an app
# written as Paddle Lite's OpenCL light demo runs the .nb on the device (PoCL here).
if grep -q '^LITE_WITH_OPENCL:BOOL=ON' "$build/CMakeCache.txt" && [ -f "$cls/inference.pdmodel" ]; then
  if "${cxx[@]}" "$here/opencl_light_api_demo.cc" -L"$prefix/lib" -lpaddle_light_api_shared \
       -Wl,-rpath,"$prefix/lib" -o "$work/opencl_light_api_demo"; then
    ok "opencl_light_api_demo compiles (shared)"
    "$prefix/bin/opt" --model_file="$cls/inference.pdmodel" --param_file="$cls/inference.pdiparams" \
      --valid_targets=opencl,x86 --optimize_out="$work/cls_opencl" >/dev/null &&
      ok "opt writes an OpenCL .nb" || fail "opt --valid_targets=opencl,x86"
    mkdir -p "$work/cl_cache"
    if POCL_CACHE_DIR=${POCL_CACHE_DIR:-$work/pocl} "$work/opencl_light_api_demo" \
         "$work/cls_opencl.nb" "$cls/reference/cls_1x3x48x192.input.f32" 1,3,48,192 \
         "$cls/reference/cls_1x3x48x192.output.f32" 1e-4 "$work/cl_cache"; then
      ok "ppocr_cls_mobile_v2: opencl_light_api_demo"
    else
      fail "ppocr_cls_mobile_v2: opencl_light_api_demo"
    fi
  else
    fail "opencl_light_api_demo does not compile against the prefix"
  fi
fi

if [ "$failures" -ne 0 ]; then echo "$failures failure(s)"; exit 1; fi
[ "$skipped" -eq 0 ] || exit 77
echo "all compat apps pass"
