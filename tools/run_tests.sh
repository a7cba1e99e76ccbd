#!/usr/bin/env bash
# run_tests.sh: set up, build and run the whole test suite (what CI runs).
#  1. installs missing Debian packages (tools/setup_debian.sh)
#  2. Release build + all tests but the tailoring ones, with the twin models generated for
#     the twins test, then an install and a small app built against the installed headers
#     and shared library
#     (the OpenCL tests run on PoCL's CPU device, POCL_CACHE_DIR in build/)
#  3. AddressSanitizer + UndefinedBehaviorSanitizer build of the unit tests, and their run
#     (model tests excluded, and not built: they are the same code paths at full size and
#     slow under ASan; OpenCL off: PoCL's compiler is not built for the sanitizers)
#  4. ThreadSanitizer build (-O1, in build-tsan/) of the library and the threading tests
#     (label "threads": eight predictor clones running together, the thread pool)
#  5. the aarch64 cross build (build-arm/) and the ARM tests under qemu (tools/run_arm_tests.sh:
#     the ARM kernels against the host ones, the shared models on ARM, full and light)
# The longer local job (tools/run_long_tests.sh) adds the tailored-library builds, the
# libFuzzer runs and the whole suite under qemu.
# The shared real models are found through PLITE_MODELS_DIR (default ../shared/models);
# without them the model tests skip loudly.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# Each step's start, so a slow CI run shows where its minutes went.
step() { echo "== $(date +%T) $*"; }
step "set-up"
bash tools/setup_debian.sh
step "Release build and tests"

bash tools/build.sh build
export PLITE_TWINS_DIR=${PLITE_TWINS_DIR:-$root/build/twins}
[ -d "$PLITE_TWINS_DIR" ] || bash tools/gen_twins.sh "$PLITE_TWINS_DIR"
ctest --test-dir build --output-on-failure -j2 -LE tailor
step "install check"
bash tools/check_install.sh build
step "ASan + UBSan build and tests"

# -O1, the usual level for sanitizer builds: the unrolled SIMD tiles take 2-4x longer to
# instrument at -O3 (nchwc_depthwise_avx512.cc 136 s against 29 s).
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Release -DLITE_WITH_SANITIZERS=ON \
  -DLITE_WITH_TOOLS=OFF -DLITE_WITH_OPENCL=OFF -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" >/dev/null
# The tests that are programs (a few are scripts that need nothing built).
asan_tests=$(comm -12 <(ctest --test-dir build-asan -N -LE model | sed -n 's/^ *Test *#[0-9]*: //p' | sort) \
  <(ninja -C build-asan -t targets all | sed -n 's/: .*//p' | sort -u))
cmake --build build-asan --target $asan_tests -- -j"$(nproc)"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j2 -LE model

step "TSan build and tests"
# Only the tests labelled "threads" are built: they are what ThreadSanitizer is for, and the
# whole suite would double the job's time.
cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=Release -DLITE_WITH_TSAN=ON -DLITE_WITH_TOOLS=OFF \
  -DLITE_WITH_OPENCL=OFF \
  -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" >/dev/null
tsan_tests=$(ctest --test-dir build-tsan -N -L threads | sed -n 's/^ *Test *#[0-9]*: //p')
cmake --build build-tsan --target $tsan_tests -- -j"$(nproc)"
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  ctest --test-dir build-tsan --output-on-failure -j2 -L threads

step "ARM cross build and tests under qemu"
bash tools/run_arm_tests.sh build
step "done"
