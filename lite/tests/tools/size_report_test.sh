#!/usr/bin/env bash
# size_report_test.sh PROJECT_SOURCE_DIR: tools/size_report.sh on a small hand-written GNU ld
# map (both input-section line forms, a discarded section, debug and symbol lines) against
# sums worked out by hand, with a hand-made ELF file for the padding; its errors for no arguments and for a file that is not a map.
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
# api 0x30 = 48; C++ runtime 8; total 1048.
# The library: a 4096-byte ELF64 file laid out by hand. ELF header [0, 64), .text
# [64, 1600), .bss (no contents), .shstrtab [1600, 1622), section headers [3584, 3840).
# Padding: [1622, 3584) + [3840, 4096) = 1962 + 256 = 2218; headers and the rest:
# 4096 - 1048 - 2218 = 830.
python3 - "$work/lib.so" <<'ELF'
import struct, sys
names = b"\0.text\0.bss\0.shstrtab\0"
data = bytearray(4096)
# e_ident, e_type DYN, e_machine x86-64, version, entry, phoff, shoff, flags, ehsize,
# phentsize, phnum, shentsize, shnum, shstrndx
data[0:64] = (b"\x7fELF\x02\x01\x01" + bytes(9) +
              struct.pack("<HHIQQQIHHHHHH", 3, 62, 1, 0, 0, 3584, 0, 64, 56, 0, 64, 4, 3))
data[1600:1600 + len(names)] = names
def section(name, kind, flags, offset, size):
    return struct.pack("<IIQQQQIIQQ", name, kind, flags, 0, offset, size, 0, 0, 1, 0)
headers = (section(0, 0, 0, 0, 0) + section(1, 1, 6, 64, 1536) + section(7, 8, 3, 1600, 8192) +
           section(12, 3, 0, 1600, len(names)))
data[3584:3584 + len(headers)] = headers
open(sys.argv[1], "wb").write(data)
ELF
got=$(bash "$report" "$work/lib.map" "$work/lib.so")
want=$(printf '%s\n' \
  "      2218  54.2%  alignment padding" \
  "       830  20.3%  ELF headers, symbols, relocations" \
  "       544  13.3%  backend arm" \
  "       320   7.8%  kernel conv_compute.cc" \
  "       128   3.1%  core" \
  "        48   1.2%  api" \
  "         8   0.2%  C++ runtime")
if [ "$got" != "$want" ]; then
  echo "size_report output differs"; echo "got:"; echo "$got"; echo "want:"; echo "$want"
  exit 1
fi

# Without the library: the sections alone.
got=$(bash "$report" "$work/lib.map" | head -1)
[ "$got" = "       544  51.9%  backend arm" ] || { echo "map only: got '$got'"; exit 1; }

# No arguments: usage, exit 2; a file that is not a map, or not ELF: the reason, exit 1.
set +e
out=$(bash "$report" 2>&1); rc=$?
[ $rc -eq 2 ] && [[ $out == *"usage: size_report.sh MAP_FILE"* ]] || { echo "no args: rc $rc: $out"; exit 1; }
echo "not a map" > "$work/bad.map"
out=$(bash "$report" "$work/bad.map" 2>&1); rc=$?
[ $rc -eq 1 ] && [[ $out == *"is not a GNU ld map"* ]] || { echo "bad map: rc $rc: $out"; exit 1; }
out=$(bash "$report" "$work/lib.map" "$work/bad.map" 2>&1); rc=$?
[ $rc -eq 1 ] && [[ $out == *"is not an ELF file"* ]] || { echo "bad library: rc $rc: $out"; exit 1; }
echo "size_report_test: ok"
