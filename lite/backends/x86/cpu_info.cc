#include "lite/backends/x86/cpu_info.h"

#include <cpuid.h>

#include <cstdint>

namespace paddle {
namespace lite {
namespace x86 {

namespace {
bool DetectAvx2Fma() {
  // __builtin_cpu_supports also checks that the OS saves the ymm state (XGETBV).
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

// XCR0, the state components the OS saves on a context switch. Inline asm rather than
// _xgetbv so this baseline-compiled file needs no -mxsave.
uint64_t ReadXcr0() {
  uint32_t lo = 0, hi = 0;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (static_cast<uint64_t>(hi) << 32) | lo;
}

bool DetectAvx512f() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
  const bool osxsave = (ecx >> 27) & 1;
  if (!osxsave) return false;
  // SSE (1), AVX (2), opmask (5), upper halves of zmm0-15 (6), zmm16-31 (7).
  constexpr uint64_t kZmmState = (1u << 1) | (1u << 2) | (1u << 5) | (1u << 6) | (1u << 7);
  if ((ReadXcr0() & kZmmState) != kZmmState) return false;
  if (__get_cpuid_max(0, nullptr) < 7) return false;
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  const bool avx512f = (ebx >> 16) & 1;
  return avx512f && DetectAvx2Fma();
}
// CPUID leaf 7 sub-leaf 0: EBX bit 30 AVX512BW, ECX bit 11 AVX512_VNNI; sub-leaf 1: EAX
// bit 4 AVX-VNNI.
bool DetectAvx512Vnni() {
  if (!DetectAvx512f()) return false;
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  return ((ebx >> 30) & 1) && ((ecx >> 11) & 1);
}

bool DetectAvxVnni() {
  if (!DetectAvx2Fma() || __get_cpuid_max(0, nullptr) < 7) return false;
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  __cpuid_count(7, 1, eax, ebx, ecx, edx);
  return (eax >> 4) & 1;
}
}  // namespace

bool CpuHasAvx512Vnni() {
  static const bool has = kWithAvx512 && DetectAvx512Vnni();
  return has;
}

bool CpuHasAvxVnni() {
  static const bool has = DetectAvxVnni();
  return has;
}

bool CpuHasAvx2Fma() {
  static const bool has = DetectAvx2Fma();
  return has;
}

bool CpuHasAvx512f() {
  static const bool has = kWithAvx512 && DetectAvx512f();
  return has;
}

}  // namespace x86
}  // namespace lite
}  // namespace paddle
