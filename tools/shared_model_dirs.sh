#!/usr/bin/env bash
# shared_model_dirs.sh <models dir>: the shared model dirs the model walks read, one a line:
# every dir with a MANIFEST.txt, also under next/ (models whose ops are being added), and
# the dirs of incoming/ (the models of open issues) that lite/tests/models/incoming_models.txt
# names. Nothing (and exit 0) when the models dir is absent.
set -euo pipefail
models=${1:?usage: shared_model_dirs.sh <models dir>}
list=$(cd "$(dirname "$0")/.." && pwd)/lite/tests/models/incoming_models.txt
[ -d "$models" ] || exit 0
for manifest in "$models"/*/MANIFEST.txt "$models"/next/*/MANIFEST.txt; do
  [ -f "$manifest" ] && dirname "$manifest"
done
grep -v '^#' "$list" | while read -r name; do
  [ -n "$name" ] && [ -f "$models/incoming/$name/MANIFEST.txt" ] && echo "$models/incoming/$name"
done
exit 0
