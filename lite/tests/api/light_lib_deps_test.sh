#!/usr/bin/env bash
# light_lib_deps_test.sh BUILD_DIR WRITE_LIGHT_TEST_DATA
# The light libraries stand alone: libpaddle_light_api_shared.so needs no protobuf, gflags
# or glog and exports only paddle::lite_api symbols; libpaddle_api_light_bundled.a has no
# undefined protobuf/glog/gflags symbols; and an app compiled against the installed headers
# and either light library alone loads a .nb and reproduces the full predictor's output.
# In a cross build, PLITE_RUN is the emulator that runs target programs (qemu) and CXX the
# cross compiler.
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
read -r -a run <<<"${PLITE_RUN:-}"
cxx=${CXX:-c++}
build=$1
write_data=$2
shared=$build/lite/api/libpaddle_light_api_shared.so
bundled=$build/lite/api/libpaddle_api_light_bundled.a
full=$build/lite/api/libpaddle_full_api_shared.so
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
passes=0
ok() { echo "ok: $1"; passes=$((passes + 1)); }
fail() { echo "FAIL: $1"; failures=$((failures + 1)); }

forbidden='protobuf|gflags|glog'
# NEEDED entries naming a forbidden library.
bad_needed() { readelf -d "$1" | grep NEEDED | grep -E "$forbidden"; }
# Undefined dynamic symbols from protobuf, gflags or glog (all live in google:: or name them).
bad_undefined() { nm -D --undefined-only "$1" | c++filt | grep -E "google::|$forbidden"; }
# Exported symbols outside paddle::lite_api and the touch functions of the USE lists
# (paddle_use_ops.h ...). Checked on mangled names: an entity of the namespace (function,
# member, template, also its typeinfo, typeinfo name and vtable) starts with one of these
# prefixes, whatever its return type or template arguments.
bad_exports() {
  nm -D --defined-only "$1" | awk '{print $NF}' |
    grep -vE '^_Z(N|NK|TIN|TSN|TVN)6paddle8lite_api|^_Z[0-9]+touch_(op|kernel|mir_pass)_' | c++filt
}

echo "== $shared"
readelf -d "$shared" | grep NEEDED
if out=$(bad_needed "$shared"); then fail "NEEDED names $out"; else ok "NEEDED has no protobuf/gflags/glog"; fi
if out=$(bad_undefined "$shared"); then fail "undefined symbols: $out"; else ok "no undefined protobuf/gflags/glog symbols"; fi
if out=$(bad_exports "$shared"); then fail "exports outside paddle::lite_api: $out"; else ok "exports only paddle::lite_api and touch_*"; fi
exports=$(nm -D --defined-only -C "$shared")
echo "$(wc -l <<<"$exports") exported symbols"
for want in 'paddle::lite_api::CreatePaddlePredictor<paddle::lite_api::MobileConfig>' \
            'typeinfo for paddle::lite_api::PaddleLiteException' \
            'paddle::lite_api::Tensor::data<float>() const'; do
  if grep -qF "$want" <<<"$exports"; then ok "exports $want"; else fail "does not export $want"; fi
done
if grep -qF 'paddle::lite_api::CreatePaddlePredictor<paddle::lite_api::CxxConfig>' <<<"$exports"; then
  fail "the light library has the full API (CxxConfig)"
else
  ok "no CxxConfig in the light library"
fi

# The light library never links the Paddle 3 (PIR) front end or its JSON parser; the full
# one has them (so the check can fail).
json_symbols() { nm -C "$1" 2>/dev/null | grep -E 'paddle::lite::pir::|rapidjson::' | head -3; }
if out=$(json_symbols "$shared") && [ -n "$out" ]; then
  fail "the light library holds the PIR front end: $out"
else
  ok "no PIR front end or JSON parser in the light library"
fi
if [ -f "$full" ]; then
  if [ -n "$(json_symbols "$full")" ]; then ok "the check finds the PIR front end in the full library"
  else fail "the check finds no PIR front end in the full library"; fi
fi

# The checks can fail: they flag the full library's protobuf, the pb parser archive's
# undefined protobuf symbols, and a library exporting more than paddle::lite_api.
if [ -f "$full" ]; then
  if bad_needed "$full" >/dev/null && bad_undefined "$full" >/dev/null; then
    ok "checks flag the full library's protobuf"
  else
    fail "checks did not flag the full library's protobuf"
  fi
fi
pb_archive=$build/lite/model_parser/liblite_model_parser_pb.a
if [ -f "$pb_archive" ]; then
  pb_undefined=$(nm --undefined-only "$pb_archive" 2>/dev/null | c++filt)
  if grep -qE "google::|$forbidden" <<<"$pb_undefined"; then
    ok "archive check flags the pb parser's protobuf symbols"
  else
    fail "archive check did not flag the pb parser"
  fi
fi
libstdcxx=$("$cxx" -print-file-name=libstdc++.so)
if bad_exports "$(readlink -f "$libstdcxx")" >/dev/null; then ok "export check flags libstdc++'s exports"; else fail "export check flags nothing in libstdc++"; fi

echo "== $bundled"
undefined=$(nm --undefined-only "$bundled" 2>/dev/null | c++filt)
if out=$(grep -E "google::|$forbidden" <<<"$undefined"); then fail "bundled undefined: $out"; else ok "bundled has no undefined protobuf/gflags/glog symbols"; fi
defined=$(nm --defined-only "$bundled" 2>/dev/null | c++filt)
for want in 'paddle::lite_api::CreatePaddlePredictor<paddle::lite_api::MobileConfig>' \
            'paddle::lite::LoadModelNb' 'touch_kernel_conv2d_kHost_kFloat_kNCHW_def' \
            'paddle::lite::RuntimeProgram::Run'; do
  if grep -qF "$want" <<<"$defined"; then ok "bundled defines $want"; else fail "bundled lacks $want"; fi
done

echo "== apps against the installed light headers and libraries"
"${run[@]}" "$write_data" "$work/data" >/dev/null || { fail "write_light_test_data"; exit 1; }
prefix=$work/install
cmake --install "$build" --prefix "$prefix" >/dev/null || { fail "install"; exit 1; }
for f in include/paddle_api.h lib/libpaddle_light_api_shared.so lib/libpaddle_api_light_bundled.a; do
  [ -f "$prefix/$f" ] && ok "installed $f" || fail "not installed: $f"
done
app_src=$root/lite/tests/api/light_app.cc
data=$work/data
if "$cxx" -std=c++17 "$app_src" -I"$prefix/include" -L"$prefix/lib" -lpaddle_light_api_shared \
     -Wl,-rpath,"$prefix/lib" -o "$work/app_shared"; then
  readelf -d "$work/app_shared" | grep NEEDED
  if "${run[@]}" "$work/app_shared" "$data/sample.nb" 1,3,32,32 "$data/input.f32" "$data/expected.f32" 0; then
    ok "shared-lib app reproduces the full predictor's output"
  else
    fail "shared-lib app"
  fi
  out=$("${run[@]}" "$work/app_shared" "$work/none.nb" 1,3,32,32 2>&1)
  code=$?
  if [ $code -eq 1 ] && grep -qF "none.nb" <<<"$out"; then ok "missing model: $out"; else fail "missing model: exit $code, $out"; fi
else
  fail "compile against the shared light library"
fi
# The bundled archive alone (plus the C++ runtime) links a working app.
if "$cxx" -std=c++17 "$app_src" -I"$prefix/include" "$prefix/lib/libpaddle_api_light_bundled.a" \
     -pthread -o "$work/app_static"; then
  static_needed=$(readelf -d "$work/app_static" | grep NEEDED)
  if grep -qE "paddle|$forbidden" <<<"$static_needed"; then
    fail "static app needs a shared library it should not"
  fi
  if "${run[@]}" "$work/app_static" "$data/sample.nb" 1,3,32,32 "$data/input.f32" "$data/expected.f32" 0; then
    ok "bundled-archive app reproduces the full predictor's output"
  else
    fail "bundled-archive app"
  fi
else
  fail "link against the bundled archive alone"
fi

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
