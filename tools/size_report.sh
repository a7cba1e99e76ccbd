#!/usr/bin/env bash
# size_report.sh MAP_FILE [LIBRARY]: where the bytes of a linked library go, from the GNU ld
# map its link wrote (-Wl,-Map=...; tools/build_tailored_lib.sh asks for one). Sums the
# allocated input sections the link kept (code, read-only data, data, unwind tables) by the
# object they came from, grouped as: each kernel source (kernel <file>), each
# backend's math (backend <name>), core, optimizer, operators, model loader, api, utils, and
# the toolchain's runtime objects (C++ runtime). With LIBRARY, the rest of the file is two
# more lines: the bytes between its sections (alignment padding, from readelf) and the ELF
# headers, dynamic symbols and relocations. Prints bytes, share, group.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: size_report.sh MAP_FILE [LIBRARY]" >&2
  echo "  MAP_FILE: the linker map of LIBRARY's link (-Wl,-Map=FILE)" >&2
  exit 2
fi
map=$1
[ -r "$map" ] || { echo "size_report: cannot read $map" >&2; exit 1; }
grep -q '^Linker script and memory map' "$map" ||
  { echo "size_report: $map is not a GNU ld map (no 'Linker script and memory map')" >&2; exit 1; }
file_bytes=
padding=0
if [ $# -eq 2 ]; then
  readelf -h "$2" >/dev/null 2>&1 || { echo "size_report: $2 is not an ELF file" >&2; exit 1; }
  file_bytes=$(stat -L -c %s "$2")
  # The file's ranges (ELF and program headers, sections with contents, section header
  # table) sorted by offset; what lies between them is padding.
  padding=$(LC_ALL=C readelf -hSW "$2" | awk -v size="$file_bytes" '
    function dec(h,   i, v) { v = 0; h = tolower(h); for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1; return v }
    /Size of this header:/ { eh = $5 }
    /Size of program headers:/ { ph = $5 }
    /Number of program headers:/ { np = $5 }
    /Start of section headers:/ { sh = $5 }
    /Size of section headers:/ { shs = $5 }
    /Number of section headers:/ { ns = $5 }
    /^ *\[ *[0-9]+\] / {
      line = $0
      sub(/^ *\[ *[0-9]+\] +/, "", line)
      split(line, f, / +/)
      if (f[2] != "NOBITS" && f[2] != "NULL") { n++; start[n] = dec(f[4]); end[n] = dec(f[4]) + dec(f[5]) }
    }
    END {
      n++; start[n] = 0; end[n] = eh + ph * np
      n++; start[n] = sh; end[n] = sh + shs * ns
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (start[j] < start[i]) {
        t = start[i]; start[i] = start[j]; start[j] = t; t = end[i]; end[i] = end[j]; end[j] = t }
      covered = 0; gap = 0
      for (i = 1; i <= n; i++) { if (start[i] > covered) gap += start[i] - covered; if (end[i] > covered) covered = end[i] }
      if (size > covered) gap += size - covered
      print gap
    }')
fi

awk -v file_bytes="$file_bytes" -v padding="$padding" '
function hex(s,   i, c, v) {  # mawk has no strtonum
  v = 0
  s = tolower(substr(s, 3))
  for (i = 1; i <= length(s); i++) {
    c = index("0123456789abcdef", substr(s, i, 1)) - 1
    v = v * 16 + c
  }
  return v
}
function allocated(sec) {
  return sec ~ /^\.(text|rodata|data|bss|tdata|tbss|eh_frame|gcc_except_table|init_array|fini_array)([.]|$)/
}
function group(obj,   p, a, n, parts) {
  # A member of one of the project'"'"'s static libraries: "[path/]liblite_NAME.a(file.cc.o)".
  if (match(obj, /liblite_[a-z0-9_]+\.a\(/)) {
    a = substr(obj, RSTART + 8, RLENGTH - 11)
    p = substr(obj, RSTART + RLENGTH)
    sub(/\)$/, "", p)
    sub(/\.o$/, "", p)
    if (a == "kernels") return "kernel " p
    if (a ~ /^backends_/) return "backend " substr(a, 10)
    if (a == "backends") return "backend (shared)"
    if (a == "ops" || a == "op_helpers") return "operators"
    if (a ~ /^model_parser/) return "model loader"
    if (a == "core" || a == "utils" || a == "optimizer") return a
    return "lib " a
  }
  # An object linked directly: "CMakeFiles/TARGET.dir/lite/DIR/file.cc.o".
  if (obj ~ /lite\/kernels\//) {
    p = obj
    sub(/.*lite\/kernels\//, "", p)
    sub(/\.o$/, "", p)
    return "kernel " p
  }
  if (obj ~ /lite\/backends\//) {
    p = obj
    sub(/.*lite\/backends\//, "", p)
    n = split(p, parts, "/")
    return "backend " parts[1]
  }
  if (obj ~ /lite\/core\//) return "core"
  if (obj ~ /lite\/operators\//) return "operators"
  if (obj ~ /lite\/model_parser\//) return "model loader"
  if (obj ~ /lite\/api\//) return "api"
  if (obj ~ /lite\/utils\//) return "utils"
  if (obj ~ /(libstdc\+\+|libgcc|libsupc\+\+|crt[^\/]*\.o|libc_nonshared)/) return "C++ runtime"
  p = obj
  sub(/.*\//, "", p)
  return "other " p
}
function add(sec, size, obj) {
  if (!allocated(sec) || size == 0) return
  bytes[group(obj)] += size
  total += size
}
/^Linker script and memory map/ { inmap = 1; next }
!inmap { next }
# An input section: " .text.name 0xADDR 0xSIZE object", or its name alone on a line with
# address, size and object on the next.
/^ [.][^ ]+$/ { pending = $1; next }
/^ [.][^ ]+ +0x[0-9a-fA-F]+ +0x[0-9a-fA-F]+ +[^ ]/ { add($1, hex($3), $4); pending = ""; next }
/^ +0x[0-9a-fA-F]+ +0x[0-9a-fA-F]+ +[^ ]/ { if (pending != "") add(pending, hex($2), $3); pending = ""; next }
{ pending = "" }
END {
  if (total == 0) { print "size_report: no allocated input sections in the map" > "/dev/stderr"; exit 1 }
  whole = total
  if (file_bytes != "" && file_bytes > total) {
    if (padding > 0) bytes["alignment padding"] = padding
    bytes["ELF headers, symbols, relocations"] = file_bytes - total - padding
    whole = file_bytes
  }
  for (g in bytes) printf "%10d %5.1f%%  %s\n", bytes[g], 100 * bytes[g] / whole, g
}' "$map" | sort -k1,1nr
