#!/usr/bin/env bash
# compare_precision: help, flag errors (exit 2) and model errors (exit 1) on the sample
# model, its table when nothing runs in int8, and on the QAT classifier of the shared models
# (where this CPU runs x86 int8 convs) a table with int8 rows whose cosines stay near 1.
#   compare_precision_cli_test.sh <compare_precision> <make_sample_model> <source dir>
set -uo pipefail
tool=$1
maker=$2
source=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$maker" "$work/model" >/dev/null || { echo "FAIL: make_sample_model"; exit 1; }
failures=0
checks=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
expect() {
  local name=$1 code=$2 needle=$3
  shift 4
  checks=$((checks + 1))
  out=$("$@" 2>&1)
  local got=$?
  if [ "$got" -ne "$code" ] || ! grep -qF -- "$needle" <<<"$out"; then
    fail "$name: exit $got (want $code, output containing '$needle'), output:"; echo "$out"
  else
    pass "$name"
  fi
}

expect help 0 "compare a model's int8 / fp16 plan with its float plan" -- "$tool"
expect no_shape 2 "give --input_shape" -- "$tool" --model_dir="$work/model"
expect stray_argument 2 "unexpected argument 'extra'" -- "$tool" --model_dir="$work/model" extra
expect missing_model 1 "error:" -- "$tool" --model_dir="$work/none" --input_shape=1,3,32,32
expect bad_shape 1 "error:" -- "$tool" --model_dir="$work/model" --input_shape=1,3,32
# The sample model's convs are too narrow for int8: its plans are the same, every cosine 1.
expect sample_table 0 "written by int8/fp16 kernels; worst first:" -- "$tool" \
  --model_dir="$work/model" --input_shape=1,3,32,32
checks=$((checks + 1))
if grep -qF " 0 written by int8/fp16 kernels" <<<"$out" &&
   ! awk 'NR > 2 && $NF + 0 < 0.9999999 {bad = 1} END {exit !bad}' <<<"$out"; then
  pass "sample_cosines_one"
else
  fail "sample_cosines_one"; echo "$out"
fi

models=${PLITE_MODELS_DIR:-$source/../shared/models}
cls=$models/incoming/ch_ppocr_mobile_v2.0_cls_slim
if [ ! -d "$cls" ]; then
  echo "SKIPPED (LOUDLY): no $cls; the int8 comparison was not checked"
elif ! grep -qw avx512_vnni /proc/cpuinfo || ! grep -qw avx512bw /proc/cpuinfo; then
  echo "SKIPPED (LOUDLY): this CPU lacks AVX512_VNNI; the int8 comparison was not checked"
else
  expect qat_table 0 "worst first:" -- "$tool" --model_file="$cls/inference.pdmodel" \
    --param_file="$cls/inference.pdiparams" --input_shape=1,3,48,192 \
    --input_file="$cls/reference/textline_up_1x3x48x192.input.f32" --rows=500
  int8=$(sed -n 's/.*, \([0-9]*\) written by int8\/fp16 kernels.*/\1/p' <<<"$out")
  worst=$(awk 'NR == 3 {print $NF}' <<<"$out")
  checks=$((checks + 1))
  # The int8 plan computes the float simulation's arithmetic: only float32's rounding flips
  # (MANIFEST: a few per layer) separate them.
  if [ "${int8:-0}" -gt 10 ] && awk -v w="$worst" 'BEGIN {exit !(w > 0.99)}' &&
     grep -qE '^[^ ]+ +conv2d \*' <<<"$out"; then
    pass "qat_int8_rows ($int8 int8 outputs, worst cosine $worst)"
  else
    fail "qat_int8_rows: $int8 int8 outputs, worst cosine $worst"; echo "$out"
  fi
fi
echo "$((checks - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
