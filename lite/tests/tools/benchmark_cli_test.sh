#!/usr/bin/env bash
# benchmark on the sample model: the median line and output summary, the input/output file
# round trip against model_runner (a separate program linking the shared library), the .nb
# path, --profile, and the errors for bad flags: each must fail with a clear message and a
# non-zero exit, never a crash.
set -uo pipefail
bench=$1
runner=$2
maker=$3
opt=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$maker" "$work/model" >/dev/null || { echo "FAIL: make_sample_model"; exit 1; }
"$opt" --model_dir="$work/model" --optimize_out="$work/sample" >/dev/null 2>&1 ||
  { echo "FAIL: opt"; exit 1; }
"$maker" "$work/pir" --pir >/dev/null || { echo "FAIL: make_sample_model --pir"; exit 1; }
failures=0
passed=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $1"; passed=$((passed + 1)); }

expect() {  # expect NAME EXIT_CODE NEEDLE -- command...
  local name=$1 code=$2 needle=$3
  shift 4
  local out
  out=$("$@" 2>&1)
  local got=$?
  if [ "$got" -ne "$code" ] || ! grep -qF -- "$needle" <<<"$out"; then
    fail "$name: exit $got (want $code, text '$needle'), output:"; echo "$out"
  else
    ok "$name"
  fi
}

# floats FILE: the raw float32 values, one per line.
floats() { od -An -v -tf4 -w4 "$1" | tr -d ' '; }

# --- a normal run: latency lines and the output summary
model=(--model_dir="$work/model")
out=$("$bench" "${model[@]}" --input_shape=1,3,32,32 --repeats=5 --warmup=1 2>&1)
rc=$?
if [ $rc -ne 0 ]; then fail "runs: exit $rc"; echo "$out"
elif ! grep -qE '^median_ms: [0-9]+\.[0-9]+$' <<<"$out"; then fail "runs: no median_ms line"; echo "$out"
elif ! grep -qE '^first_ms: [0-9.]+  min_ms: [0-9.]+  avg_ms: [0-9.]+  max_ms: [0-9.]+$' <<<"$out"; then
  fail "runs: no first/min/avg/max line"; echo "$out"
elif ! grep -qE '^load_ms: [0-9.]+$' <<<"$out"; then fail "runs: no load_ms line"; echo "$out"
elif ! grep -qE '^output save_infer_model/scale_0.tmp_0 shape \[1, 10\] float mean 0\.1 std [0-9.e-]+ first:( [0-9.e-]+){5} \.\.\.$' <<<"$out"; then
  fail "runs: no output summary (softmax of 10: mean 0.1)"; echo "$out"
else ok runs; fi

# 'x' separated shapes, as the twins' compare.py passes them
expect pir_load_ms 0 "load_ms:" -- "$bench" --model_dir="$work/pir" --input_shape=1,3,32,32 \
  --loads=2 --repeats=2
expect shape_with_x 0 "median_ms:" -- "$bench" "${model[@]}" --input_shape=1x3x32x32 --repeats=2

# --- input file -> output file, against model_runner on the same input
python3 -c 'import struct,math; open("'"$work"'/in.f32","wb").write(struct.pack("<3072f",*[math.cos(0.37*i) for i in range(3072)]))' ||
  { echo "FAIL: python3 to write the input"; exit 1; }
"$bench" "${model[@]}" --input_shape=1,3,32,32 --repeats=2 --input_file="$work/in.f32" --valid_targets=host \
  --output_file="$work/bench.f32" >/dev/null 2>&1 || fail "bench with files"
"$runner" "${model[@]}" --input_shape=1,3,32,32 --repeats=1 --input_file="$work/in.f32" --valid_targets=host \
  --output_file="$work/runner.f32" >/dev/null 2>&1 || fail "model_runner with files"
"$bench" "${model[@]}" --input_shape=1,3,32,32 --repeats=1 --output_file="$work/pattern.f32" \
  >/dev/null 2>&1 || fail "bench with the default input"
size=$(stat -c %s "$work/bench.f32" 2>/dev/null || echo 0)
if [ "$size" -ne 40 ]; then fail "output file: $size bytes, want 10 floats = 40"
elif ! cmp -s "$work/bench.f32" "$work/runner.f32"; then
  fail "output file differs from model_runner's"; paste <(floats "$work/bench.f32") <(floats "$work/runner.f32")
elif cmp -s "$work/bench.f32" "$work/pattern.f32"; then
  fail "the output does not depend on --input_file"
elif ! floats "$work/bench.f32" | awk '{s += $1; if ($1 <= 0 || $1 >= 1) bad = 1} END {exit (bad || s < 0.9999 || s > 1.0001)}'; then
  fail "output is not a softmax"; floats "$work/bench.f32"
else ok input_output_files; fi

# --- the light predictor on the .nb opt wrote: same output as the full predictor
out=$("$bench" --optimized_model_file="$work/sample.nb" --input_shape=1,3,32,32 --repeats=2 \
  --input_file="$work/in.f32" --output_file="$work/nb.f32" 2>&1)
if [ $? -ne 0 ] || ! grep -q '^median_ms: ' <<<"$out"; then fail "nb_runs"; echo "$out"
elif ! paste <(floats "$work/nb.f32") <(floats "$work/bench.f32") |
     awk '{d = $1 - $2; if (d < 0) d = -d; if (d > 1e-6) bad = 1} END {exit bad}'; then
  fail "nb output differs from the full predictor's"
else ok nb_runs; fi
expect nb_ignores_targets 0 "--valid_targets is ignored" -- "$bench" \
  --optimized_model_file="$work/sample.nb" --input_shape=1,3,32,32 --repeats=1 --valid_targets=x86
expect valid_targets 0 "targets: x86, host" -- "$bench" "${model[@]}" --input_shape=1,3,32,32 \
  --repeats=1 --valid_targets=x86
# Without --valid_targets: this build's CPU target first (x86 when it has x86 kernels).
kernels=$("$opt" --display_kernels)
if grep -q ',x86,' <<<"$kernels"; then
  expect default_targets_x86 0 "targets: x86, host" -- "$bench" "${model[@]}" \
    --input_shape=1,3,32,32 --repeats=1
else
  expect default_targets 0 "targets: " -- "$bench" "${model[@]}" --input_shape=1,3,32,32 --repeats=1
fi
expect two_threads 0 "threads: 2" -- "$bench" "${model[@]}" --input_shape=1,3,32,32 --repeats=1 --threads=2

# --- --profile (and Paddle Lite's --enable_op_time_profile): the per-op table of the timed
# runs, in the default build; with the default targets it shows the build's CPU kernels.
out=$("$bench" "${model[@]}" --input_shape=1,3,32,32 --repeats=4 --warmup=1 --profile 2>&1)
rc=$?
if [ $rc -ne 0 ]; then fail "profile: exit $rc"; echo "$out"
elif ! grep -q '^profile: 4 runs' <<<"$out" || ! grep -q '^op types by time' <<<"$out" ||
     ! grep -qE '^[0-9]+ +conv2d +[a-z0-9]+/float/[A-Za-z0-9]+/[a-z0-9_]+ +4 ' <<<"$out"; then
  fail "profile: no table"; echo "$out"
else ok profile; fi
cpu_kernel='host/float'
grep -q ',x86,' <<<"$kernels" && cpu_kernel='x86/float'
out=$("$bench" "${model[@]}" --input_shape=1,3,32,32 --repeats=2 --enable_op_time_profile 2>&1)
if grep -q '^profile: 2 runs' <<<"$out" && grep -qE "^[0-9]+ +conv2d +$cpu_kernel/" <<<"$out"; then
  ok "enable_op_time_profile shows $cpu_kernel conv kernels"
else
  fail "enable_op_time_profile: no table with $cpu_kernel conv kernels"; echo "$out"
fi

# --- Paddle Lite's flags: the same input as text (--input_data_path) and as raw float32
# gives the same outputs; figures appended to --result_path; --backend and errors.
python3 -c 'import math; print(" ".join(repr(math.cos(0.37*i)) for i in range(3072)))' >"$work/in.txt"
"$bench" --uncombined_model_dir="$work/model" --input_shape=1,3,32,32 --repeats=1 \
  --valid_targets=host --input_data_path="$work/in.txt" --output_data_path="$work/out.txt" \
  --result_path="$work/result.txt" >/dev/null 2>&1 || fail "paddle_lite_flags: exit $?"
python3 - "$work/out.txt" "$work/runner.f32" <<'PY' && ok text_output_matches_raw || fail "text output differs from the raw run"
import struct, sys
text = [float(l) for l in open(sys.argv[1]) if not l.startswith("#")]
raw = struct.unpack("<10f", open(sys.argv[2], "rb").read())
sys.exit(0 if len(text) == 10 and all(abs(a - b) <= 1e-6 * max(1, abs(b)) for a, b in zip(text, raw)) else 1)
PY
if grep -qE '^model: .*median_ms: [0-9.]+' "$work/result.txt"; then ok result_path; else fail "result_path: $(cat "$work/result.txt")"; fi
out=$("$bench" "${model[@]}" --input_shape=1,3,32,32 --repeats=1 --show_output_elem 2>&1)
if [ "$(grep '^output ' <<<"$out" | grep -o 'first:.*' | wc -w)" -eq 11 ]; then ok show_output_elem; else fail "show_output_elem: $out"; fi
expect backend_opencl_falls_back 0 "targets: opencl, " -- "$bench" "${model[@]}" --input_shape=1,3,32,32 \
  --repeats=1 --backend=opencl
expect backend_and_targets 2 "give --backend or --valid_targets, not both" -- "$bench" "${model[@]}" \
  --input_shape=1,3,32,32 --backend=cpu --valid_targets=host
expect cpu_fp16 2 "fp32 CPU kernels only" -- "$bench" "${model[@]}" --input_shape=1,3,32,32 --cpu_precision=fp16
expect int_input_to_float_model 1 "must be float, got int32" -- "$bench" "${model[@]}" \
  --input_shape=1,3,32,32 --input_data_type=int32 --repeats=1
expect short_text_input 1 "holds 3 numbers; the shape needs 3072" -- "$bench" "${model[@]}" \
  --input_shape=1,3,32,32 --input_data_path=<(echo 1 2 3) --repeats=1

# --- errors
expect no_model 2 "give --model_dir, --model_file or --optimized_model_file" -- "$bench" --threads=1
expect help_without_arguments 0 "--input_shape  input shapes" -- "$bench"
expect no_shape 2 "give --input_shape" -- "$bench" "${model[@]}"
expect bad_shape 1 "bad --input_shape dimension 'x'" -- "$bench" "${model[@]}" --input_shape=1,x,32,32
expect zero_dim 1 "bad --input_shape dimension '0'" -- "$bench" "${model[@]}" --input_shape=1,3,0,32
expect shape_count 2 "give 1 shapes" -- "$bench" "${model[@]}" --input_shape=1,3,32,32:1,2
expect wrong_channels 1 "conv2d" -- "$bench" "${model[@]}" --input_shape=1,4,32,32
expect input_file_size 1 "has 0 bytes" -- "$bench" "${model[@]}" --input_shape=1,3,32,32 --input_file=/dev/null
expect input_file_missing 1 "cannot open input file '$work/nope.f32'" -- "$bench" "${model[@]}" \
  --input_shape=1,3,32,32 --input_file="$work/nope.f32"
expect input_file_count 2 "give one --input_file per input" -- "$bench" "${model[@]}" \
  --input_shape=1,3,32,32 --input_file="$work/in.f32,$work/in.f32"
expect output_file_bad 1 "cannot write output file '$work/no/dir/o.f32'" -- "$bench" "${model[@]}" \
  --input_shape=1,3,32,32 --repeats=1 --output_file="$work/no/dir/o.f32"
expect bad_target 1 "unknown target 'gpu'" -- "$bench" "${model[@]}" --input_shape=1,3,32,32 --valid_targets=gpu
expect zero_repeats 2 "--repeats must be >= 1" -- "$bench" "${model[@]}" --input_shape=1,3,32,32 --repeats=0
expect bad_threads 2 "--threads must be >= 1" -- "$bench" "${model[@]}" --input_shape=1,3,32,32 --threads=0
expect missing_dir 1 "missing model dir" -- "$bench" --model_dir="$work/nope" --input_shape=1,3,32,32
expect nb_missing 1 "$work/nope.nb" -- "$bench" --optimized_model_file="$work/nope.nb" --input_shape=1,3,32,32
expect positional 2 "unexpected argument 'extra'" -- "$bench" "${model[@]}" --input_shape=1,3,32,32 extra
expect unknown_flag 1 "unknown command line flag" -- "$bench" --no_such_flag=1

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
