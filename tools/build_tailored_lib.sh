#!/usr/bin/env bash
# build_tailored_lib.sh: one command from a Paddle model to a light library (MobileConfig)
# that holds only the ops and kernels the model needs.
#
#   bash tools/build_tailored_lib.sh [--arm] MODEL_DIR OUT_DIR
#   bash tools/build_tailored_lib.sh [--arm] MODEL_FILE PARAMS_FILE OUT_DIR
#   bash tools/build_tailored_lib.sh [--arm] --floor OUT_DIR
#
# --floor: no model; the library keeps only the feed and fetch ops and kernels (it loads a
# .nb and runs a program that copies its input to its output): what the light library costs
# before any kernel of a model, its floor.
#
# --arm: for aarch64 devices: opt (on this machine) plans the model for the ARM kernels, and
# the light libraries are cross-built (cmake/toolchains/aarch64-linux-gnu.cmake).
#
# 1. builds `opt` in the normal build dir ($PLITE_BUILD_DIR, default <source>/build)
# 2. opt --optimize_out --record_tailoring_info: the optimized model.nb and the lists of the
#    ops and kernels (with their source files) it uses
# 3. configures and builds a light-only (LITE_ON_TINY_PUBLISH), tailored (LITE_BUILD_TAILOR)
#    Release build that compiles only the listed sources (no x86 backend or OpenCL runtime
#    unless a listed kernel runs there, no custom op support unless the model runs a custom
#    op or kernel), and an untailored light-only build with the same flags for
#    comparison (both in $PLITE_TAILOR_WORK, default <source>/build-tailor; reruns are
#    incremental)
# 4. installs the tailored build stripped into OUT_DIR:
#      OUT_DIR/lib/libpaddle_light_api_shared.so  OUT_DIR/lib/libpaddle_api_light_bundled.a
#      OUT_DIR/include/paddle_api.h ...           OUT_DIR/model.nb
#      OUT_DIR/tailoring/.tailored_*              (what opt recorded)
#    and prints the stripped sizes of the tailored and the untailored shared library, and
#    where the tailored one's bytes go (CMake target size_report: tools/size_report.sh on the map
#    of a plain link of the same objects).
# Environment: PLITE_BUILD_DIR, PLITE_TAILOR_WORK (above), PLITE_VALID_TARGETS (opt
# --valid_targets, default host, or arm with --arm), PLITE_JOBS (build jobs, default nproc),
# PLITE_X86_AVX512 (x86 kernels: ON, the default, keeps the AVX-512 code beside the AVX2
# code, picked at run time; OFF builds the AVX2 code alone, which AVX-512 CPUs run too: a
# library for AVX2 machines, about half the x86 math).
#
# Size flags (both builds): -Os, link-time optimization, -ffunction-sections -fdata-sections
# and -Wl,--gc-sections (unreferenced functions and data are dropped at link), then strip
# --strip-unneeded.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

usage() {
  echo "usage: build_tailored_lib.sh [--arm] MODEL_DIR OUT_DIR" >&2
  echo "       build_tailored_lib.sh [--arm] MODEL_FILE PARAMS_FILE OUT_DIR" >&2
  echo "       build_tailored_lib.sh [--arm] --floor OUT_DIR" >&2
  exit 2
}
arm=
if [ "${1:-}" = "--arm" ]; then
  arm=1
  shift
fi
floor=
model_args=()
if [ "${1:-}" = "--floor" ]; then
  floor=1
  shift
  [ $# -eq 1 ] || usage
  out=$1
else
  case $# in
    2) [ -d "$1" ] || { echo "build_tailored_lib: model dir '$1' not found" >&2; exit 1; }
       model_args=(--model_dir="$(cd "$1" && pwd)"); out=$2 ;;
    3) for f in "$1" "$2"; do
         [ -f "$f" ] || { echo "build_tailored_lib: '$f' not found" >&2; exit 1; }
       done
       model_args=(--model_file="$(realpath "$1")" --param_file="$(realpath "$2")"); out=$3 ;;
    *) usage ;;
  esac
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
build=${PLITE_BUILD_DIR:-$root/build}
work=${PLITE_TAILOR_WORK:-$root/build-tailor}
mkdir -p "$work"
jobs=${PLITE_JOBS:-$(nproc)}
targets=${PLITE_VALID_TARGETS:-$([ -n "$arm" ] && echo arm || echo host)}  # opt --valid_targets
cross=()   # the light builds' toolchain
strip_cmd=strip
arch=x86_64
if [ -n "$arm" ]; then
  cross=(-DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchains/aarch64-linux-gnu.cmake")
  strip_cmd=aarch64-linux-gnu-strip
  arch=aarch64
fi
# Build dirs at the same depth share ccache entries when paths are made relative to this.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
x86_avx512=${PLITE_X86_AVX512:-ON}
case $x86_avx512 in
  ON | OFF) ;;
  *) echo "build_tailored_lib: PLITE_X86_AVX512 is '$x86_avx512', not ON or OFF" >&2; exit 2 ;;
esac
# Fat LTO objects (code and the compiler's IR): the shared library links them with
# link-time optimization; the size report's second link (CMake target size_report) and the
# static archive use their code.
size_flags=(-DCMAKE_BUILD_TYPE=Release -DLITE_X86_AVX512="$x86_avx512"
  "-DCMAKE_CXX_FLAGS_RELEASE=-Os -DNDEBUG"
  "-DCMAKE_CXX_FLAGS=-ffunction-sections -fdata-sections -flto=auto -ffat-lto-objects"
  "-DCMAKE_SHARED_LINKER_FLAGS=-Wl,--gc-sections -flto=auto")
light_targets=(--target paddle_light_api_shared paddle_api_light_bundled)

step() { echo "== build_tailored_lib: $*"; }

# 1-2. The lists a tailored build reads: from opt, or those of feed and fetch alone (--floor).
floor_lists() {  # floor_lists DIR
  printf '%s\n' feed fetch > "$1/.tailored_ops_list"
  printf '%s\n' lite/operators/feed_op.cc lite/operators/fetch_op.cc > "$1/.tailored_ops_source_list"
  printf '%s\n' feed,host,any,any,def fetch,host,any,any,def > "$1/.tailored_kernels_list"
  printf '%s\n' lite/kernels/host/feed_compute.cc lite/kernels/host/fetch_compute.cc \
    > "$1/.tailored_kernels_source_list"
  : > "$1/.tailored_custom_list"
  : > "$1/.tailored_math_list"
}
optimize() {  # optimize: opt from the normal build writes model.nb and the lists into model/
  if [ ! -f "$build/CMakeCache.txt" ]; then
    step "configuring $build"
    cmake -S "$root" -B "$build" "${generator[@]}" "${launcher[@]}" -DCMAKE_BUILD_TYPE=Release >/dev/null
  fi
  step "building opt in $build"
  cmake --build "$build" --target opt -j "$jobs" >/dev/null
  step "opt ${model_args[*]}"
  "$build/tools/opt" "${model_args[@]}" --valid_targets="$targets" \
    --optimize_out="$out/opt/model" --record_tailoring_info=true
}
rm -rf "$out/opt"
mkdir -p "$out/opt/model"
lists=$out/opt/model
if [ -n "$floor" ]; then floor_lists "$lists"; else optimize; fi
for f in .tailored_ops_source_list .tailored_kernels_source_list; do
  [ -s "$lists/$f" ] || { echo "build_tailored_lib: opt wrote no $lists/$f" >&2; exit 1; }
done

# 3. The tailored light-only build, and the untailored one to compare with.
build_light() {  # build_light DIR [extra cmake args...]
  local dir=$1
  shift
  # Light-only: must configure and build without protobuf, gflags, glog or gtest.
  cmake -S "$root" -B "$dir" --no-warn-unused-cli "${generator[@]}" "${launcher[@]}" \
        "${cross[@]}" "${size_flags[@]}" -DLITE_ON_TINY_PUBLISH=ON -DCMAKE_DISABLE_FIND_PACKAGE_Protobuf=ON \
        -DCMAKE_DISABLE_FIND_PACKAGE_gflags=ON -DCMAKE_DISABLE_FIND_PACKAGE_glog=ON \
        -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON "$@" >/dev/null
  cmake --build "$dir" "${light_targets[@]}" -j "$jobs" >/dev/null
}
tailored_build=$work/tailored-${arm:+arm-}$(basename "$out")
step "tailored light build in $tailored_build"
# What no kept kernel needs stays out: the x86 backend's math (dead code otherwise, and most
# of the compile time), the OpenCL runtime, and custom op support when the model runs no
# custom op or kernel (.tailored_custom_list is empty).
# (Each said either way: a reused build dir keeps what an earlier configure cached.)
kernels_use() { grep -q "^[^,]*,$1," "$lists/.tailored_kernels_list"; }
on_if() { "$@" && echo ON || echo OFF; }
feature_args=(-DLITE_WITH_X86="$(on_if kernels_use x86)"
              -DLITE_WITH_OPENCL="$(on_if kernels_use opencl)")
if [ -f "$lists/.tailored_custom_list" ] && [ ! -s "$lists/.tailored_custom_list" ]; then
  feature_args+=(-DLITE_WITH_CUSTOM_OPS=OFF)
else
  feature_args+=(-DLITE_WITH_CUSTOM_OPS=ON)
fi
build_light "$tailored_build" -DLITE_BUILD_TAILOR=ON -DLITE_OPTMODEL_DIR="$lists" \
  "${feature_args[@]}"
# (while the lists it was configured from are still there)
size_report=$(cmake --build "$tailored_build" --target size_report -j "$jobs" | sed -n '/^ *[0-9]/p')
[ -n "$size_report" ] || { echo "build_tailored_lib: the size report is empty" >&2; exit 1; }
untailored_build=$work/untailored${arm:+-arm}$([ -n "$arm" ] || [ "$x86_avx512" = ON ] || echo -avx2)
step "untailored light build in $untailored_build"
# Every feature at its default (-U drops what an earlier configure cached).
build_light "$untailored_build" -DLITE_BUILD_TAILOR=OFF -ULITE_WITH_X86 -ULITE_WITH_OPENCL \
  -ULITE_WITH_CUSTOM_OPS

# 4. Stripped install of the tailored library, headers and model into OUT_DIR.
rm -rf "$out/lib" "$out/include" "$out/tailoring"
cmake --install "$tailored_build" --prefix "$out" --strip >/dev/null
# The archive's objects keep their code, without the compiler's LTO sections: an app links
# it with any compiler and flags.
$strip_cmd --strip-debug -R '.gnu.lto_*' -R '.gnu.debuglto_*' "$out/lib/libpaddle_api_light_bundled.a"
[ -n "$floor" ] || cp "$out/opt/model.nb" "$out/model.nb"
mkdir -p "$out/tailoring"
cp "$lists"/.tailored_* "$out/tailoring/"
rm -rf "$out/opt"
cmake --install "$untailored_build" --prefix "$untailored_build-install" --strip >/dev/null

size() { stat -L -c %s "$1"; }  # -L: the .so is a link to the versioned file
tailored_so=$out/lib/libpaddle_light_api_shared.so
full_so=$untailored_build-install/lib/libpaddle_light_api_shared.so
echo "build_tailored_lib: $([ -n "$floor" ] && echo "(floor) " || echo "model.nb, ")lib/ and include/ are in $out"
echo "build_tailored_lib: kernels kept: $(tr '\n' ' ' < "$out/tailoring/.tailored_kernels_source_list")"
isa_note=
[ -n "$arm" ] || [ "$x86_avx512" = ON ] || isa_note=", AVX2 code alone"
echo "build_tailored_lib: stripped libpaddle_light_api_shared.so ($arch, -Os, LTO, gc-sections$isa_note):"
echo "  tailored   $(size "$tailored_so") bytes"
echo "  untailored $(size "$full_so") bytes"
echo "build_tailored_lib: where the tailored library's bytes go (tools/size_report.sh on a plain"
echo "  link of the same objects; link-time optimization takes the rest off):"
echo "$size_report"
