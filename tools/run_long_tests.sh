#!/usr/bin/env bash
# run_long_tests.sh: what CI (tools/run_tests.sh) leaves to a longer local job, after it has
# run here (it reuses build/):
#  1. the tailored-library tests (label "tailor": tools/build_tailored_lib.sh end to end,
#     tailored and untailored light builds with LTO, ppocr_cls with the x86 kernels (with
#     and without the AVX-512 code) and the ARM kernels against the reference and the sizes
#     docs/light_api.md gives; 5.5 minutes with a warm compiler cache, several times that
#     cold: it compiles the light library for each configuration)
#  2. the libFuzzer targets for 60 s each, side by side (tools/run_fuzzers.sh; CI replays
#     their regression inputs and seeds in fuzz_targets_test, under ASan too)
#  3. the whole test suite built for aarch64 and run under qemu (tools/run_arm_tests.sh --all)
#  4. the kernel tests under ASan + UBSan too (build-asan/, which CI builds without them)
#  5. the ThreadSanitizer job (build-tsan/: the threading tests)
# CI leaves 4 and 5 here to keep to about 30 minutes on 2 cores: they take 8-9 more.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[ -f build/CMakeCache.txt ] || { echo "run_long_tests: run tools/run_tests.sh first"; exit 1; }
ctest --test-dir build --output-on-failure -L tailor
bash tools/run_fuzzers.sh 60 --parallel
bash tools/run_arm_tests.sh --all build
bash tools/run_sanitizer_tests.sh asan-all
bash tools/run_sanitizer_tests.sh tsan
