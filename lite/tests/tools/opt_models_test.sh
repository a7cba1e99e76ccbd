#!/usr/bin/env bash
# opt --print_model_ops on every shared real model (tools/shared_model_dirs.sh: also those
# under next/, and the models of incoming/ whose issue landed): the op types and counts must equal the
# ones its MANIFEST.txt states (written by the tooling that collected the models, not by
# plite; for a Paddle 3 model, its PIR op types, which opt lists with what each became), and
# every op must show a target with a kernel. Each model is also optimized into a .nb file and
# a graph that Graphviz renders.
#   opt_models_test.sh <opt> <source dir>
# Models: $PLITE_MODELS_DIR, else <source dir>/../shared/models; exit 77 (skipped) when absent.
set -uo pipefail
opt=$1
models=${PLITE_MODELS_DIR:-$2/../shared/models}
if [ ! -d "$models" ]; then
  echo "SKIPPED: no shared models at $models (set PLITE_MODELS_DIR)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
tested=0

# manifest_files MANIFEST: "model_file param_file" (param empty for separate params). The
# "Files:" section lists the shipped files; a "Load with model X + params Y." line overrides.
manifest_files() {
  awk '
    /^Files:/ { files = 1; next }
    files && /^  [^ ]/ {
      if ($1 == "__model__" || $1 ~ /\.pdmodel$/ || $1 ~ /\.json$/) model = $1
      if ($1 ~ /\.pdiparams$/) params = $1
      next
    }
    files { files = 0 }
    /^Load with model / { model = $4; params = $7; sub(/\.$/, "", params) }
    END { print model, params }' "$1"
}

# manifest_ops MANIFEST: "name count" lines of its "Op types (count):" section, sorted.
manifest_ops() {
  awk '/^Op types \(count\):/ { on = 1; next }
       on && /^  [A-Za-z0-9_.]+: [0-9]+$/ { sub(/:$/, "", $1); print $1, $2; next }
       on { on = 0 }' "$1" | sort
}

while read -r dir <&3; do
  manifest=$dir/MANIFEST.txt
  name=$(basename "$dir")
  read -r model_file param_file < <(manifest_files "$manifest")
  if [ -z "$model_file" ]; then
    echo "FAIL: $name: its MANIFEST names no model file"; failures=$((failures + 1)); continue
  fi
  args=(--model_file="$dir/$model_file")
  [ -n "$param_file" ] && args+=(--param_file="$dir/$param_file")
  want=$(manifest_ops "$manifest")
  if [ -z "$want" ]; then
    echo "FAIL: $name: its MANIFEST lists no op types"; failures=$((failures + 1)); continue
  fi
  tested=$((tested + 1))

  out=$("$opt" "${args[@]}" --print_model_ops --valid_targets=arm 2>&1)
  code=$?
  rows=$(awk '/^op_type/{on=1; next} on && NF==0{on=0} on{print}' <<<"$out")
  got=$(awk '{print $1, $2}' <<<"$rows" | sort)
  # A Paddle 3 program: its MANIFEST counts the PIR ops, which opt's first table lists.
  pir_rows=$(awk '/^pir_op/{on=1; next} on && NF==0{on=0} on{print}' <<<"$out")
  [ -n "$pir_rows" ] && got=$(awk '{print $1, $2}' <<<"$pir_rows" | sort)
  # A row shows a target when one of its target cells (after name and count) is "Y".
  no_target=$(awk '{y = 0; for (i = 3; i <= 6; i++) if ($i == "Y") y = 1; if (!y || /<-/) print $1}' <<<"$rows")
  if [ "$code" -ne 0 ] || [ "$got" != "$want" ] || [ -n "$no_target" ]; then
    echo "FAIL: $name ($model_file${param_file:+ + $param_file}): exit $code"
    [ "$got" != "$want" ] && diff <(echo "$want") <(echo "$got") | sed 's/^/  manifest< >opt: /'
    [ -n "$no_target" ] && echo "  ops without a kernel on arm/host:" $no_target
    echo "$out"
    failures=$((failures + 1))
    continue
  fi
  echo "ok: $name: $(wc -l <<<"$got") op types as its MANIFEST states, each with a kernel"

  # Optimize it (weights needed: skipped when the manifest ships none).
  if [ -z "$param_file" ] && [ "$model_file" != "__model__" ]; then continue; fi
  out=$("$opt" "${args[@]}" --valid_targets=host --optimize_out="$work/$name" \
        --visualization_file_output_path="$work/$name.viz" 2>&1)
  code=$?
  dot_file=$(ls "$work/$name.viz"/*.dot 2>/dev/null | head -1)
  magic=$(head -c 8 "$work/$name.nb" 2>/dev/null | od -An -tx1 | tr -d ' \n')
  if [ "$code" -ne 0 ] || [ -z "$dot_file" ] || [ "$magic" != 89504c4e420d0a1a ]; then
    echo "FAIL: $name: optimizing exit $code, .dot '$dot_file', .nb magic '$magic'"; echo "$out"
    failures=$((failures + 1)); continue
  fi
  echo "ok: $name: wrote $name.nb ($(stat -c %s "$work/$name.nb") bytes)"
  if command -v dot >/dev/null; then
    if dot -Tsvg "$dot_file" -o "$work/$name.svg" && grep -qF "<svg" "$work/$name.svg"; then
      echo "ok: $name: $(basename "$dot_file") renders ($(grep -c ' -> ' "$dot_file") edges)"
    else
      echo "FAIL: $name: dot cannot render $dot_file"; failures=$((failures + 1))
    fi
  else
    echo "SKIPPED (LOUDLY): Graphviz 'dot' is not on PATH; $name's graph was not rendered"
  fi
done 3< <(bash "$2/tools/shared_model_dirs.sh" "$models")

if [ "$tested" -eq 0 ]; then
  echo "SKIPPED: no model with a MANIFEST.txt in $models"
  exit 77
fi

# Post-training quantization of the float PP-OCRv3 detector (opt --quant_model): calibrated
# on three small images, its convs planned in int8 where this CPU runs x86 int8 kernels.
det=$models/next/ch_PP-OCRv3_det
if [ ! -d "$det" ]; then
  echo "SKIPPED (LOUDLY): no $det; post-training quantization not checked"
elif ! grep -qw avx512_vnni /proc/cpuinfo || ! grep -qw avx512bw /proc/cpuinfo; then
  echo "SKIPPED (LOUDLY): this CPU lacks AVX512_VNNI; post-training quantization not checked"
else
  mkdir -p "$work/calib" "$work/calib_bad"
  python3 -c 'import struct,math
for k in range(3):
    values = [math.sin((0.05 + 0.1 * k) * i) for i in range(12288)]
    open("'"$work"'/calib/in%d.f32" % k, "wb").write(struct.pack("<12288f", *values))'
  head -c 12 /dev/zero >"$work/calib_bad/short.f32"
  ptq=(--model_dir="$det" --quant_model --quant_type=QUANT_INT8 --input_shape=1,3,64,64)
  for method in abs_max kl; do
    tested=$((tested + 1))
    out=$("$opt" "${ptq[@]}" --calibration_data="$work/calib" --calibration_method=$method \
          --optimize_out="$work/det_ptq_$method" 2>&1)
    code=$?
    n=$(sed -n 's/^quantized: \([0-9]*\) layers run in int8.*/\1/p' <<<"$out")
    if [ "$code" -ne 0 ] || [ "${n:-0}" -lt 20 ] || ! grep -qF "3/3 inputs" <<<"$out" ||
       [ ! -s "$work/det_ptq_$method.nb" ]; then
      echo "FAIL: ch_PP-OCRv3_det PTQ ($method): exit $code, ${n:-no} int8 convs"; echo "$out"
      failures=$((failures + 1))
    else
      size=$(stat -c %s "$work/det_ptq_$method.nb")
      echo "ok: ch_PP-OCRv3_det PTQ ($method): $n convs in int8, $size bytes"
    fi
  done
  # --quant_keep_threshold: a threshold no conv exceeds keeps none in float; a tiny one
  # keeps some, named, and fewer layers run in int8.
  for threshold in 1 1e-9; do
    tested=$((tested + 1))
    out=$("$opt" "${ptq[@]}" --calibration_data="$work/calib" --quant_keep_threshold=$threshold \
          --optimize_out="$work/det_keep" 2>&1)
    code=$?
    kept=$(sed -n "s/^kept in float (--quant_keep_threshold [^)]*): //p" <<<"$out")
    m=$(sed -n 's/^quantized: \([0-9]*\) layers run in int8.*/\1/p' <<<"$out")
    if [ "$threshold" = 1 ]; then
      [ "$kept" = none ]; good=$?
    else
      [ -n "$kept" ] && [ "$kept" != none ] && [ "${m:-0}" -lt "$n" ]; good=$?
    fi
    if [ "$code" -ne 0 ] || [ "$good" -ne 0 ]; then
      echo "FAIL: PTQ --quant_keep_threshold=$threshold: exit $code, kept '$kept', $m int8 convs"
      echo "$out"; failures=$((failures + 1))
    else
      echo "ok: PTQ --quant_keep_threshold=$threshold: kept ${kept:0:80}..., $m convs in int8"
    fi
  done
  tested=$((tested + 1))
  out=$("$opt" "${ptq[@]}" --calibration_data="$work/calib_bad" --optimize_out="$work/bad" 2>&1)
  if [ $? -ne 1 ] || ! grep -qF "short.f32' has 12 bytes; shape needs 49152" <<<"$out"; then
    echo "FAIL: PTQ with a short calibration file:"; echo "$out"; failures=$((failures + 1))
  else
    echo "ok: PTQ names a calibration file of the wrong size"
  fi
fi
echo "$tested models checked, $failures failed"
[ "$failures" -eq 0 ]
