#!/usr/bin/env bash
# build.sh [build-dir] [extra cmake args...]: configure and build plite (Release, Ninja).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift || true
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$build" -- -j"$(nproc)"
