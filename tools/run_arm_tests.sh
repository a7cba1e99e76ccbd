#!/usr/bin/env bash
# run_arm_tests.sh [--all] [host build dir]: the aarch64 cross build (build-arm/, with
# cmake/toolchains/aarch64-linux-gnu.cmake) and its tests under qemu-aarch64.
#   default (CI): the library (fp16 kernels included) and the tests labelled "arm": every
#     ARM kernel (fp32 and fp16) against the host kernel, and the shared models on ARM
#     kernels through CxxConfig and through the .nb that the host build's opt writes for ARM
#     (the host build must exist: tools/opt)
#   --all: every test of the suite, built for aarch64 and run under qemu (about 15 minutes
#     on 2 cores; the longer local job)
# Needs tools/setup_debian.sh's ARM packages.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
all=
if [ "${1:-}" = "--all" ]; then
  all=1
  shift
fi
host_build=$(cd "${1:-$root/build}" && pwd)
build=${PLITE_ARM_BUILD_DIR:-$root/build-arm}
opt=$host_build/tools/opt
[ -x "$opt" ] || { echo "run_arm_tests: no $opt; build the host first (tools/build.sh)"; exit 1; }

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchains/aarch64-linux-gnu.cmake" -DLITE_WITH_ARM_FP16=ON \
  -DPLITE_HOST_OPT="$opt" >/dev/null
if [ -n "$all" ]; then
  cmake --build "$build" -- -j"$(nproc)"
  ctest --test-dir "$build" --output-on-failure -j2 -LE tailor
else
  # The programs of the "arm" tests (the .nb setup is a script of the host's opt).
  tests=$(comm -12 <(ctest --test-dir "$build" -N -L arm | sed -n 's/^ *Test *#[0-9]*: //p' | sort) \
    <(ninja -C "$build" -t targets all | sed -n 's/: .*//p' | sort -u))
  cmake --build "$build" --target $tests -- -j"$(nproc)"
  ctest --test-dir "$build" --output-on-failure -j2 -L arm
fi
