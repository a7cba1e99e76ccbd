#!/usr/bin/env bash
# gen_twins.sh OUTDIR: generates the twin models of ../shared/tools/twins with ONNX Runtime's
# outputs into OUTDIR. Exits 0 with a loud message, generating nothing, when the twins tool
# or its dependencies are unavailable (the twins test then skips).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$1
twins=${PLITE_TWINS_TOOL:-$root/../shared/tools/twins}
if [ ! -f "$twins/make_twins.py" ]; then
  echo "gen_twins: SKIPPED: $twins/make_twins.py not found"
  exit 0
fi
ort=${PLITE_CACHE:-/tmp/plite_cache}/ortnode
if [ ! -d "$ort/node_modules/onnxruntime-node" ]; then
  mkdir -p "$ort"
  npm install --prefix "$ort" onnxruntime-node --ignore-scripts --no-audit --no-fund >/dev/null 2>&1 ||
    echo "gen_twins: WARNING: npm install onnxruntime-node failed; twins will have no ORT output"
fi
export ORT_NODE_MODULES=$ort/node_modules
if ! /usr/bin/python3 "$twins/make_twins.py" "$out" >"$out.log" 2>&1; then
  echo "gen_twins: SKIPPED: make_twins.py failed (see $out.log)"
  tail -5 "$out.log"
  exit 0
fi
echo "gen_twins: twins written to $out"
