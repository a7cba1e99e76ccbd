#!/usr/bin/env bash
# write_arm_nb.sh <opt> <out dir>: the build machine's opt writes every shared model
# (tools/shared_model_dirs.sh: dirs with a MANIFEST.txt, also under next/, and the models of
# incoming/ whose issue landed) as <out dir>/<model>.nb for ARM (--valid_targets=arm) and
# as <out dir>/<model>.fp16.nb planned in fp16 (--enable_fp16, with the model's
# --keep_fp32_ops from fp16_keep_fp32_ops.txt), for arm_models_test and arm_fp16_models_test
# to run on the device (qemu). Without the shared models it writes nothing and the tests skip
# loudly.
set -euo pipefail
opt=$1
out=$2
source_dir=$(cd "$(dirname "$0")/../../.." && pwd)
models=${PLITE_MODELS_DIR:-$source_dir/../shared/models}
mkdir -p "$out"
while read -r dir <&3; do
  name=$(basename "$dir")
  if [ -f "$dir/__model__" ] || [ -f "$dir/inference.json" ]; then
    model=(--model_dir="$dir")
  else
    programs=("$dir"/*.pdmodel)
    params=("$dir"/*.pdiparams)
    if [ ${#programs[@]} -ne 1 ] || [ ${#params[@]} -ne 1 ]; then
      echo "write_arm_nb: $dir needs one .pdmodel and one .pdiparams"
      exit 1
    fi
    model=(--model_file="${programs[0]}" --param_file="${params[0]}")
  fi
  "$opt" "${model[@]}" --valid_targets=arm --optimize_out="$out/$name" >/dev/null
  keep=$(awk -v m="$name" '$1 == m { print $2 }' "$(dirname "$0")/fp16_keep_fp32_ops.txt")
  "$opt" "${model[@]}" --valid_targets=arm --enable_fp16 ${keep:+--keep_fp32_ops="$keep"} \
    --optimize_out="$out/$name.fp16" >/dev/null
  echo "write_arm_nb: $out/$name.nb, $out/$name.fp16.nb"
done 3< <(bash "$source_dir/tools/shared_model_dirs.sh" "$models")
