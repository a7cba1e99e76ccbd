# Cross build for 64-bit ARM Linux with Debian's g++-aarch64-linux-gnu. Libraries come from
# Debian multiarch (dpkg --add-architecture arm64; libprotobuf-dev:arm64, libflatbuffers-dev:arm64,
# libgtest-dev:arm64); build-time tools (protoc, flatc) are the build machine's. ctest runs
# the cross-built tests through qemu-aarch64 (tools/setup_debian.sh --arm installs all this).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

# Headers and libraries from the target's sysroot and multiarch dirs, programs from the host.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /usr/lib/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(Protobuf_PROTOC_EXECUTABLE /usr/bin/protoc CACHE FILEPATH "host protoc")

# qemu must take the dynamic loader and libc from one glibc: the multiarch one (libc6:arm64,
# which the arm64 -dev packages pull in) when installed, else the cross toolchain's. The
# cross loader with the multiarch libc hangs in the first pthread_create.
find_program(_plite_qemu qemu-aarch64)
if(_plite_qemu)
  if(EXISTS /usr/lib/aarch64-linux-gnu/libc.so.6)
    set(CMAKE_CROSSCOMPILING_EMULATOR ${_plite_qemu} -L /)
  else()
    set(CMAKE_CROSSCOMPILING_EMULATOR ${_plite_qemu} -L /usr/aarch64-linux-gnu)
  endif()
endif()
