#!/usr/bin/env bash
# run_fuzzers.sh [seconds_per_target] [--runs N] [--targets pb,pir,nb,program] [--parallel]: build the
# libFuzzer targets (clang, ASan + UBSan) in build-fuzz/, make their seed corpora from the
# sample model and the shared real models, and run each target for the given time (default
# 60 s), or for N executions with --runs (the long run). Fails naming the reproducer when a
# target finds a crash, a leak, a timeout or an out-of-memory input. --parallel runs the
# targets side by side (one process each) instead of one after another.
#   Targets: pb (fuzz_pb_loader), pir (fuzz_pir_loader: Paddle 3 JSON programs), nb
#   (fuzz_nb_loader), program (fuzz_program_mutator).
#   Replay one input:  build-fuzz/lite/tests/fuzz/fuzz_pb_loader <file>  (or another target)
# Seeds are generated into build-fuzz/corpus/<target>/ (never committed); what the fuzzers
# add goes to build-fuzz/corpus/<target>-work/, which later runs start from. Each target's
# executions, exec/s and peak RSS are appended to build-fuzz/fuzz_stats.txt.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=60
runs=
targets=(pb pir nb program)
parallel=
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --parallel) parallel=1; shift ;;
    --targets) IFS=, read -r -a targets <<<"$2"; shift 2 ;;
    *) seconds=$1; shift ;;
  esac
done
build=${PLITE_FUZZ_BUILD_DIR:-$root/build-fuzz}
models=${PLITE_MODELS_DIR:-$root/../shared/models}

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# -O1: the usual level for fuzzing, and the quickest build of the instrumented code.
# No x86 kernels: the targets load models for the host places only, and the instrumented
# SIMD tiles would take most of the build (5 of its 8 minutes).
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" -DLITE_WITH_X86=OFF \
  -DLITE_WITH_FUZZERS=ON -DLITE_WITH_TESTS=OFF -DLITE_WITH_TOOLS=OFF "${launcher[@]}" >/dev/null
cmake --build "$build" --target fuzzers -- -j"$(nproc)"

# Seeds: the sample model (and its PIR form) always, and each shared model the model walks
# read (tools/shared_model_dirs.sh: also under next/, and incoming/'s that have landed).
mapfile -t model_dirs < <(bash "$root/tools/shared_model_dirs.sh" "$models")
[ ${#model_dirs[@]} -gt 0 ] || echo "run_fuzzers: no shared models in $models; seeding from the sample model only"
rm -rf "$build/corpus/pb" "$build/corpus/nb" "$build/corpus/program" "$build/corpus/pir"
"$build/lite/tests/fuzz/make_fuzz_seeds" "$build/corpus/pb" "$build/corpus/nb" \
  "$build/corpus/program" "$build/corpus/pir" "${model_dirs[@]}" >/dev/null

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
declare -A binaries=([pb]=fuzz_pb_loader [pir]=fuzz_pir_loader [nb]=fuzz_nb_loader
  [program]=fuzz_program_mutator)
# A run stays far under a second (lite/tests/fuzz/program_runner.h bounds it); 10 s is a hang.
limit=(-max_total_time="$seconds")
[ -n "$runs" ] && limit=(-runs="$runs")
# Inputs up to 64 KiB: whole real models (up to 800 KiB) run ten times slower and reach less
# per second; fuzz_targets_test loads and runs each of them whole.
limit+=(-max_len=65536)
# run_target TARGET: one target's run and its summary; fails when the target found something.
run_target() {
  local target=$1 binary work artifacts log dirs regressions status start reproducer
  binary=${binaries[$target]:?"unknown target $target (pb, pir, nb, program)"}
  work="$build/corpus/$target-work"
  artifacts="$build/artifacts/$target"
  log="$build/fuzz_$target.log"
  mkdir -p "$work" "$artifacts"
  echo "run_fuzzers: $binary for ${limit[*]} ($(ls "$build/corpus/$target" | wc -l) seeds; log $log)"
  dirs=("$work" "$build/corpus/$target")
  # Inputs that once crashed a target are good seeds too.
  regressions="$root/lite/tests/fuzz/regressions/$target"
  [ -d "$regressions" ] && dirs+=("$regressions")
  status=0
  start=$(date +%s)
  "$build/lite/tests/fuzz/$binary" "${limit[@]}" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/" "${dirs[@]}" \
    >"$log" 2>&1 || status=$?
  grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|Slowest unit' "$log" | tail -6 || true
  final_stat() { grep -oE "^stat::$1: *[0-9]+" "$log" | grep -oE '[0-9]+$' || echo "?"; }
  echo "$(date -u +%F) $binary exit=$status seconds=$(( $(date +%s) - start )) executions=$(final_stat number_of_executed_units) exec/s=$(final_stat average_exec_per_sec) peak_rss_mb=$(final_stat peak_rss_mb)" \
    | tee -a "$build/fuzz_stats.txt"
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    reproducer=$(grep -oE 'Test unit written to [^ ]+' "$log" | tail -1 | sed 's/Test unit written to //')
    echo "run_fuzzers: $binary FAILED (exit $status); reproducer: ${reproducer:-see $log}"
    return 1
  fi
}

failed=()
if [ -n "$parallel" ]; then
  pids=()
  for target in "${targets[@]}"; do
    run_target "$target" >"$build/fuzz_$target.summary" 2>&1 &
    pids+=($!)
  done
  for i in "${!targets[@]}"; do
    wait "${pids[$i]}" || failed+=("${targets[$i]}")
    cat "$build/fuzz_${targets[$i]}.summary"
  done
else
  for target in "${targets[@]}"; do
    run_target "$target" || failed+=("$target")
  done
fi
echo "fuzzers: $(( ${#targets[@]} - ${#failed[@]} )) passed, ${#failed[@]} failed"
if [ ${#failed[@]} -gt 0 ]; then
  echo "run_fuzzers: failures in: ${failed[*]}"
  exit 1
fi
echo "run_fuzzers: no crash, leak or timeout in ${limit[*]} per target"
