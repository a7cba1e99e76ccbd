#!/usr/bin/env bash
# Installs what plite needs to build and test on Debian 12 (run as root). Idempotent:
# packages already present are left alone, and apt-get update runs only when needed.
set -euo pipefail

build_packages=(build-essential cmake ninja-build pkg-config
  libprotobuf-dev protobuf-compiler libflatbuffers-dev flatbuffers-compiler
  libgflags-dev libgoogle-glog-dev libgtest-dev libgmock-dev libbenchmark-dev
  rapidjson-dev)
# For the fuzzers (tools/run_fuzzers.sh): clang and its runtimes (libclang_rt.fuzzer, asan).
build_packages+=(clang libclang-rt-dev)
# For the twin models (../shared/tools/twins) that tests compare against ONNX Runtime.
twin_packages=(python3 python3-numpy python3-onnx python3-protobuf)
# Graphviz `dot` renders the graphs opt --visualization_file_output_path writes (tests check it).
tool_packages=(graphviz)
# OpenCL: the headers, the loader, and PoCL's CPU device (the GPU path's tests run on it).
opencl_packages=(pocl-opencl-icd ocl-icd-opencl-dev opencl-headers opencl-clhpp-headers clinfo)

# The aarch64 cross build and its tests under qemu (cmake/toolchains/aarch64-linux-gnu.cmake):
# the cross compiler, qemu-user, and the arm64 libraries from Debian multiarch.
arm_packages=(g++-aarch64-linux-gnu qemu-user
  libgtest-dev:arm64 libgmock-dev:arm64 libflatbuffers-dev:arm64 libprotobuf-dev:arm64)

need_update=0
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
  dpkg --add-architecture arm64
  need_update=1
fi

missing=()
for p in "${build_packages[@]}" "${twin_packages[@]}" "${tool_packages[@]}" "${opencl_packages[@]}" \
  "${arm_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js and npm for onnxruntime-node: keep an existing node (which may bundle npm).
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)

if [ ${#missing[@]} -gt 0 ] || [ "$need_update" = 1 ]; then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
