#!/usr/bin/env bash
# write_arm_nb.sh <opt> <out dir>: the build machine's opt writes every shared model (dirs with
# a MANIFEST.txt, also under next/) as <out dir>/<model>.nb for ARM (--valid_targets=arm), for
# arm_models_test to run on the device (qemu). Without the shared models it writes nothing
# and the test skips loudly.
set -euo pipefail
opt=$1
out=$2
models=${PLITE_MODELS_DIR:-$(cd "$(dirname "$0")/../../.." && pwd)/../shared/models}
mkdir -p "$out"
for manifest in "$models"/*/MANIFEST.txt "$models"/next/*/MANIFEST.txt; do
  [ -f "$manifest" ] || continue
  dir=$(dirname "$manifest")
  name=$(basename "$dir")
  if [ -f "$dir/__model__" ]; then
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
  echo "write_arm_nb: $out/$name.nb"
done
