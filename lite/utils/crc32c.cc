#include "lite/utils/crc32c.h"

#include <array>
#include <cstring>

// The library is built for the baseline CPU: the x86 instruction is compiled for this one
// function (target attribute) and used only when cpuid reports SSE4.2.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <nmmintrin.h>
#define PLITE_CRC32C_X86 1
#elif defined(__aarch64__) && defined(__GNUC__) && defined(__linux__)
#include <arm_acle.h>
#include <sys/auxv.h>
#define PLITE_CRC32C_ARM 1
#endif

namespace paddle {
namespace lite {
namespace crc32c_internal {

namespace {

constexpr uint32_t kReflectedPolynomial = 0x82F63B78u;

// kTables[0] is the classic byte-at-a-time table; kTables[k][b] is the CRC of byte b
// followed by k zero bytes, so eight table lookups advance the CRC by eight bytes.
// One byte at a time: the loop for CPUs without the instruction (x86-64 before SSE4.2,
// ARMv8.0 cores without the optional CRC extension), with a 1 KB table.
using Table = std::array<uint32_t, 256>;

constexpr Table MakeTable() {
  Table t{};
  for (uint32_t b = 0; b < 256; ++b) {
    uint32_t crc = b;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ ((crc & 1) ? kReflectedPolynomial : 0);
    t[b] = crc;
  }
  return t;
}

constexpr Table kTable = MakeTable();

#if PLITE_CRC32C_X86
__attribute__((target("sse4.2"))) uint32_t HardwareX86(const uint8_t* p, size_t n,
                                                         uint32_t crc) {
  uint64_t c = crc;
  for (; n > 0 && reinterpret_cast<uintptr_t>(p) % 8 != 0; ++p, --n) {
    c = _mm_crc32_u8(static_cast<uint32_t>(c), *p);
  }
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    c = _mm_crc32_u64(c, word);
  }
  for (; n > 0; ++p, --n) c = _mm_crc32_u8(static_cast<uint32_t>(c), *p);
  return static_cast<uint32_t>(c);
}

bool DetectSse42() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("sse4.2");
}
#endif

#if PLITE_CRC32C_ARM
// Built for armv8-a without +crc: the instructions are enabled for this function only and
// run where the kernel reports the extension (HWCAP_CRC32).
__attribute__((target("+crc"))) uint32_t HardwareArm(const uint8_t* p, size_t n, uint32_t c) {
  for (; n > 0 && reinterpret_cast<uintptr_t>(p) % 8 != 0; ++p, --n) c = __crc32cb(c, *p);
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    c = __crc32cd(c, word);
  }
  for (; n > 0; ++p, --n) c = __crc32cb(c, *p);
  return c;
}
#endif

}  // namespace

uint32_t Portable(const void* data, size_t n, uint32_t crc) {
  const auto* p = static_cast<const uint8_t*>(data);
  uint32_t c = ~crc;
  for (; n > 0; ++p, --n) c = kTable[(c ^ *p) & 0xff] ^ (c >> 8);
  return ~c;
}

bool HasHardware() {
#if PLITE_CRC32C_X86
  static const bool has = DetectSse42();
  return has;
#elif PLITE_CRC32C_ARM
  static const bool has = (getauxval(AT_HWCAP) & HWCAP_CRC32) != 0;
  return has;
#else
  return false;
#endif
}

uint32_t Hardware(const void* data, size_t size, uint32_t crc) {
  const auto* p = static_cast<const uint8_t*>(data);
#if PLITE_CRC32C_X86
  return ~HardwareX86(p, size, ~crc);
#elif PLITE_CRC32C_ARM
  return ~HardwareArm(p, size, ~crc);
#else
  (void)p;
  return Portable(data, size, crc);
#endif
}

}  // namespace crc32c_internal

uint32_t Crc32c(const void* data, size_t size, uint32_t crc) {
  return crc32c_internal::HasHardware() ? crc32c_internal::Hardware(data, size, crc)
                                        : crc32c_internal::Portable(data, size, crc);
}

}  // namespace lite
}  // namespace paddle
