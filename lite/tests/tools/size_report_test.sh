#!/usr/bin/env bash
# size_report_test.sh PROJECT_SOURCE_DIR: tools/size_report.sh on a small hand-written GNU ld
# map (both input-section line forms, a discarded section, debug and symbol lines) against
# sums worked out by hand; its errors for no arguments and for a file that is not a map.
set -euo pipefail
root=$1
report=$root/tools/size_report.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat > "$work/lib.map" <<'MAP'
Archive member included to satisfy reference by file (symbol)

Discarded input sections

 .text._ZN6unused       0x0000000000000000     0x4000 liblite_kernels.a(conv_compute.cc.o)

Memory Configuration

Linker script and memory map

.text           0x0000000000001000     0x2000
 *(.text .text.*)
 .text._ZN6paddle4lite4arm4convEv
                0x0000000000001000      0x100 lite/kernels/liblite_kernels.a(conv_compute.cc.o)
                0x0000000000001000                _ZN6paddle4lite4arm4convEv
 .text          0x0000000000001100       0x40 liblite_kernels.a(conv_compute.cc.o)
 .text.gemm     0x0000000000001140      0x200 lite/backends/arm/liblite_backends_arm.a(gemm.cc.o)
 .text.run      0x0000000000001340       0x80 liblite_core.a(program.cc.o)
 .text.api      0x00000000000013c0       0x30 CMakeFiles/paddle_light_api_shared.dir/lite/api/light_api.cc.o
 *fill*         0x00000000000013f0       0x10
.rodata         0x0000000000004000      0x100
 .rodata.tab    0x0000000000004000       0x20 liblite_backends_arm.a(gemm.cc.o)
 .rodata        0x0000000000004020        0x8 /usr/lib/gcc/aarch64-linux-gnu/12/libgcc.a(lse.o)
.debug_info     0x0000000000000000     0x9000
 .debug_info    0x0000000000000000     0x9000 liblite_core.a(program.cc.o)
MAP

# conv_compute: 0x100 + 0x40 = 320; arm backend: 0x200 + 0x20 = 544; core 0x80 = 128;
# api 0x30 = 48; C++ runtime 8; total 1048. A 2048-byte library leaves 1000 for the rest.
printf '%02048d' 0 > "$work/lib.so"
got=$(bash "$report" "$work/lib.map" "$work/lib.so")
want=$(printf '%s\n' \
  "      1000  48.8%  ELF headers, symbols, relocations" \
  "       544  26.6%  backend arm" \
  "       320  15.6%  kernel conv_compute.cc" \
  "       128   6.2%  core" \
  "        48   2.3%  api" \
  "         8   0.4%  C++ runtime")
if [ "$got" != "$want" ]; then
  echo "size_report output differs"; echo "got:"; echo "$got"; echo "want:"; echo "$want"
  exit 1
fi

# Without the library: the sections alone.
got=$(bash "$report" "$work/lib.map" | head -1)
[ "$got" = "       544  51.9%  backend arm" ] || { echo "map only: got '$got'"; exit 1; }

# No arguments: usage, exit 2; a file that is not a map: the reason, exit 1.
set +e
out=$(bash "$report" 2>&1); rc=$?
[ $rc -eq 2 ] && [[ $out == *"usage: size_report.sh MAP_FILE"* ]] || { echo "no args: rc $rc: $out"; exit 1; }
echo "not a map" > "$work/bad.map"
out=$(bash "$report" "$work/bad.map" 2>&1); rc=$?
[ $rc -eq 1 ] && [[ $out == *"is not a GNU ld map"* ]] || { echo "bad map: rc $rc: $out"; exit 1; }
echo "size_report_test: ok"
