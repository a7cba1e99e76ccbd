#!/usr/bin/env bash
# model_runner on the sample model, and its errors for bad flags: each must fail with a clear
# message and a non-zero exit, never a crash.
set -uo pipefail
runner=$1
maker=$2
opt=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$maker" "$work/model" >/dev/null || { echo "FAIL: make_sample_model"; exit 1; }
failures=0

expect() {  # expect NAME EXIT_CODE NEEDLE -- command...
  local name=$1 code=$2 needle=$3
  shift 4
  local out
  out=$("$@" 2>&1)
  local got=$?
  if [ "$got" -ne "$code" ] || ! grep -qF -- "$needle" <<<"$out"; then
    echo "FAIL: $name: exit $got (want $code), output:"; echo "$out"
    failures=$((failures + 1))
  else
    echo "ok: $name"
  fi
}

expect runs 0 "median_ms:" -- "$runner" --model_dir="$work/model" --input_shape=1,3,32,32 --repeats=3
# A Paddle 3 model (inference.json): the dir, and the files by name.
"$maker" "$work/pir" --pir >/dev/null || { echo "FAIL: make_sample_model --pir"; exit 1; }
expect pir_dir_runs 0 "output probs shape [1, 10] float:" -- "$runner" --model_dir="$work/pir" \
  --input_shape=1,3,32,32 --repeats=2
expect pir_files_run 0 "median_ms:" -- "$runner" --model_file="$work/pir/inference.json" \
  --param_file="$work/pir/inference.pdiparams" --input_shape=1,3,32,32 --repeats=2
expect no_model 2 "give --model_dir, --model_file or --optimized_model_file" -- "$runner" --threads=1
expect help_without_arguments 0 "--valid_targets  targets for kernels" -- "$runner"
"$opt" --model_dir="$work/model" --optimize_out="$work/sample" >/dev/null 2>&1 ||
  { echo "FAIL: opt"; exit 1; }
expect nb_runs 0 "load_median_ms:" -- "$runner" --optimized_model_file="$work/sample.nb" \
  --input_shape=1,3,32,32 --repeats=2 --load_repeats=3
expect nb_missing 1 "$work/nope.nb" -- "$runner" --optimized_model_file="$work/nope.nb" \
  --input_shape=1,3,32,32
expect missing_dir 1 "missing model dir" -- "$runner" --model_dir="$work/nope" --input_shape=1,3,32,32
expect bad_shape 1 "bad --input_shape dimension 'x'" -- "$runner" --model_dir="$work/model" --input_shape=1,x,32,32
expect wrong_channels 1 "conv2d" -- "$runner" --model_dir="$work/model" --input_shape=1,4,32,32
expect shape_count 2 "give 1 shapes" -- "$runner" --model_dir="$work/model" --input_shape=1,3,32,32:1,2
expect input_file_size 1 "has 0 bytes" -- "$runner" --model_dir="$work/model" --input_shape=1,3,32,32 --input_file=/dev/null
expect unknown_flag 1 "unknown command line flag" -- "$runner" --no_such_flag=1

echo "$((8 - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
