#!/usr/bin/env bash
# build_arm_demo.sh: one command from a Paddle model to an ARM device app, run under qemu.
#
#   bash tools/build_arm_demo.sh N,C,H,W MODEL_DIR OUT_DIR
#   bash tools/build_arm_demo.sh N,C,H,W MODEL_FILE PARAMS_FILE OUT_DIR
#
# 1. tools/build_tailored_lib.sh --arm: this machine's opt writes OUT_DIR/model.nb for the
#    ARM kernels with its tailoring lists, and the aarch64 light library holding only what
#    the model runs is cross-built and installed into OUT_DIR (lib/, include/)
# 2. examples/arm_demo/arm_demo.cc is cross-compiled against OUT_DIR/include and the
#    tailored libpaddle_light_api_shared.so alone: OUT_DIR/arm_demo
# 3. the demo runs the model on an input of shape N,C,H,W under qemu-aarch64 (on a device:
#    copy OUT_DIR/arm_demo, OUT_DIR/lib and OUT_DIR/model.nb, run ./arm_demo model.nb N,C,H,W)
# Needs tools/setup_debian.sh's ARM packages.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 3 ] || [ $# -gt 4 ]; then
  echo "usage: build_arm_demo.sh N,C,H,W MODEL_DIR OUT_DIR" >&2
  echo "       build_arm_demo.sh N,C,H,W MODEL_FILE PARAMS_FILE OUT_DIR" >&2
  exit 2
fi
shape=$1
shift
out=${*: -1}
bash "$root/tools/build_tailored_lib.sh" --arm "$@"
out=$(cd "$out" && pwd)

echo "== build_arm_demo: cross-compiling $out/arm_demo"
aarch64-linux-gnu-g++ -std=c++17 -O2 "$root/examples/arm_demo/arm_demo.cc" -I"$out/include" \
  -L"$out/lib" -lpaddle_light_api_shared -Wl,-rpath,'$ORIGIN/lib' -o "$out/arm_demo"

# qemu takes loader and libc from one glibc (cmake/toolchains/aarch64-linux-gnu.cmake).
sysroot=/usr/aarch64-linux-gnu
[ -f /usr/lib/aarch64-linux-gnu/libc.so.6 ] && sysroot=/
echo "== build_arm_demo: qemu-aarch64 $out/arm_demo model.nb $shape"
qemu-aarch64 -L "$sysroot" "$out/arm_demo" "$out/model.nb" "$shape" 3
