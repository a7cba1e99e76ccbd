#!/usr/bin/env bash
# tailored_lib_test.sh BUILD_DIR WRITE_LIGHT_TEST_DATA
# tools/build_tailored_lib.sh end to end: tailored light libraries for the sample model and
# (with the shared models) for ppocr_cls_mobile_v2; an app compiled against each runs its
# .nb and matches the reference; the ppocr-tailored library refuses mnist_mlp_sep's .nb with
# an error listing the kernels it lacks. Exits 77 (skipped) when the shared models are absent,
# after the sample-model part has passed.
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
so_size() { stat -c %s "$1/lib/libpaddle_light_api_shared.so"; }

# ---- the sample model (expected output from the full predictor)
"$write_data" "$work/data" >/dev/null || { echo "FAIL: write_light_test_data"; exit 1; }
if bash "$root/tools/build_tailored_lib.sh" "$work/data/model" "$work/out-sample"; then
  ok "build_tailored_lib.sh on the sample model"
  kernels=$(cat "$work/out-sample/tailoring/.tailored_kernels_source_list")
  grep -q "lite/kernels/host/conv_compute.cc" <<<"$kernels" && ok "sample keeps conv" || fail "sample lacks conv: $kernels"
  grep -q "fc_compute.cc\|multiclass_nms" <<<"$kernels" && fail "sample keeps kernels it does not use: $kernels" || ok "sample drops fc and multiclass_nms"
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
else
  fail "build_tailored_lib.sh on the sample model"
fi

# ---- ppocr_cls_mobile_v2 and mnist_mlp_sep from the shared models
models=${PLITE_MODELS_DIR:-$root/../shared/models}
ppocr=$models/ppocr_cls_mobile_v2
mnist=$models/mnist_mlp_sep
if [ ! -f "$ppocr/inference.pdmodel" ] || [ ! -f "$mnist/__model__" ]; then
  echo "$passes passed, $failures failed"
  echo "SKIPPED: ppocr/mnist part: no shared models at $models (set PLITE_MODELS_DIR)"
  [ "$failures" -eq 0 ] && exit 77
  exit 1
fi
if bash "$root/tools/build_tailored_lib.sh" "$ppocr/inference.pdmodel" "$ppocr/inference.pdiparams" \
     "$work/out-ppocr"; then
  ok "build_tailored_lib.sh on ppocr_cls_mobile_v2"
  echo "ppocr-tailored kernels:"
  sed 's/^/  /' "$work/out-ppocr/tailoring/.tailored_kernels_list"
  if compile_app "$work/out-ppocr" ppocr_app &&
     "$work/apps/ppocr_app" "$work/out-ppocr/model.nb" 1,3,48,192 \
       "$ppocr/reference/cls_1x3x48x192.input.f32" "$ppocr/reference/cls_1x3x48x192.output.f32" 1e-4; then
    ok "ppocr app on the tailored library matches the stored reference within 1e-4"
  else
    fail "ppocr app on the tailored library"
  fi
  # mnist needs kernels ppocr does not (fc after fusion): the tailored library must refuse it.
  rm -rf "$work/mnist"
  mkdir -p "$work/mnist"
  if "$build/tools/opt" --model_dir="$mnist" --optimize_out="$work/mnist/model" >/dev/null; then
    out=$("$work/apps/ppocr_app" "$work/mnist/model.nb" 1,1,28,28 2>&1)
    code=$?
    echo "$out"
    if [ $code -eq 1 ] && grep -q "kernels \[.*fc," <<<"$out"; then
      ok "the ppocr-tailored library refuses mnist, listing the missing kernels"
    else
      fail "mnist on the ppocr-tailored library: exit $code"
    fi
    # The same .nb runs on the untailored light library.
    if c++ -std=c++17 "$app_src" -I"$work/out-ppocr/include" -L"$untailored/lib" \
         -lpaddle_light_api_shared -Wl,-rpath,"$untailored/lib" -o "$work/apps/untailored_app" &&
       "$work/apps/untailored_app" "$work/mnist/model.nb" 1,1,28,28 \
         "$mnist/reference/mnist_1x1x28x28.input.f32" "$mnist/reference/mnist_1x1x28x28.output.f32" 1e-4; then
      ok "mnist runs on the untailored light library"
    else
      fail "mnist on the untailored light library"
    fi
  else
    fail "opt on mnist_mlp_sep"
  fi
else
  fail "build_tailored_lib.sh on ppocr_cls_mobile_v2"
fi

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
