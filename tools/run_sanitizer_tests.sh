#!/usr/bin/env bash
# run_sanitizer_tests.sh asan|asan-all|tsan: a sanitizer build of the library and its run.
#   asan      AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/): the unit tests but the
#             model tests (the same code at full size, slow under ASan) and the kernel tests
#             (label "kernel": lite/tests/kernels and lite/tests/backends). What CI runs: the
#             loaders, parsers, optimizer, API, ops and the fuzzers' seeds and regression
#             inputs, whose programs run the kernels on small inputs.
#   asan-all  the same build with the kernel tests too (the longer local job).
#   tsan      ThreadSanitizer (build-tsan/): the threading tests (label "threads": eight
#             predictor clones running together on two-thread pools, the thread pool itself);
#             the SIMD register tiles stay uninstrumented. The longer local job.
# Both at -O1 (the unrolled SIMD tiles take 2-4x longer to instrument at -O3) and without
# OpenCL (PoCL's compiler is not built for the sanitizers); only the tests that run are built.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mode=${1:-}
# The tests among those `ctest $filter` lists that are programs (a few are scripts).
test_programs() {
  local dir=$1
  shift
  comm -12 <(ctest --test-dir "$dir" -N "$@" | sed -n 's/^ *Test *#[0-9]*: //p' | sort) \
    <(ninja -C "$dir" -t targets all | sed -n 's/: .*//p' | sort -u)
}
configure() {
  cmake -S . -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=Release "${@:2}" -DLITE_WITH_TOOLS=OFF \
    -DLITE_WITH_OPENCL=OFF -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" >/dev/null
}
case "$mode" in
  asan | asan-all)
    filter=(-LE 'model|kernel')
    [ "$mode" = asan-all ] && filter=(-LE model)
    configure build-asan -DLITE_WITH_SANITIZERS=ON
    cmake --build build-asan --target $(test_programs build-asan "${filter[@]}") -- -j"$(nproc)"
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
      ctest --test-dir build-asan --output-on-failure -j2 "${filter[@]}"
    ;;
  tsan)
    configure build-tsan -DLITE_WITH_TSAN=ON
    cmake --build build-tsan --target $(test_programs build-tsan -L threads) -- -j"$(nproc)"
    TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
      ctest --test-dir build-tsan --output-on-failure -j2 -L threads
    ;;
  *)
    echo "usage: tools/run_sanitizer_tests.sh asan|asan-all|tsan"
    echo "  asan      ASan + UBSan build, unit tests but the model and kernel tests (CI)"
    echo "  asan-all  the same with the kernel tests"
    echo "  tsan      ThreadSanitizer build, the threading tests"
    exit 2
    ;;
esac
