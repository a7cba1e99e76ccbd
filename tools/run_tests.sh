#!/usr/bin/env bash
# run_tests.sh: set up, build and run the whole test suite (what CI runs).
#  1. installs missing Debian packages (tools/setup_debian.sh)
#  2. Release build + all tests but the tailoring ones, with the twin models generated for
#     the twins test, then an install and a small app built against the installed headers
#     and shared library
#     (the OpenCL tests run on PoCL's CPU device, POCL_CACHE_DIR in build/)
#  3. AddressSanitizer + UndefinedBehaviorSanitizer build (-O1, in build-asan/) and the unit
#     tests but the model and kernel tests (tools/run_sanitizer_tests.sh asan: the loaders,
#     parsers, optimizer, API, ops and the fuzzers' seeds, whose programs run the kernels)
#  4. the aarch64 cross build (build-arm/) and the ARM tests under qemu (tools/run_arm_tests.sh:
#     the ARM kernels against the host ones, the shared models on ARM, full and light)
# The longer local job (tools/run_long_tests.sh) adds the kernel tests under ASan, the
# ThreadSanitizer job, the tailored-library builds, the libFuzzer runs and the whole suite
# under qemu: CI keeps to about 30 minutes on 2 cores.
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
bash tools/run_sanitizer_tests.sh asan

step "ARM cross build and tests under qemu"
bash tools/run_arm_tests.sh build
step "done"
