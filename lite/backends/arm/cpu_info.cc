#include "lite/backends/arm/cpu_info.h"

#if defined(__linux__)
#include <sys/auxv.h>
#endif

namespace paddle {
namespace lite {
namespace arm {

namespace {

bool QueryFp16Arith() {
#if defined(__linux__) && defined(__aarch64__)
  // arch/arm64/include/uapi/asm/hwcap.h
  constexpr unsigned long kHwcapFphp = 1UL << 9;
  constexpr unsigned long kHwcapAsimdhp = 1UL << 10;
  const unsigned long hwcap = getauxval(AT_HWCAP);
  return (hwcap & kHwcapFphp) && (hwcap & kHwcapAsimdhp);
#else
  return false;
#endif
}

bool QueryDotProd() {
#if defined(__linux__) && defined(__aarch64__)
  constexpr unsigned long kHwcapAsimddp = 1UL << 20;  // arch/arm64/include/uapi/asm/hwcap.h
  return (getauxval(AT_HWCAP) & kHwcapAsimddp) != 0;
#else
  return false;
#endif
}

}  // namespace

bool CpuHasDotProd() {
  static const bool has = QueryDotProd();
  return has;
}

bool CpuHasFp16Arith() {
  static const bool has = QueryFp16Arith();
  return has;
}

bool BuiltWithFp16() {
#ifdef PLITE_WITH_ARM_FP16
  return true;
#else
  return false;
#endif
}

}  // namespace arm
}  // namespace lite
}  // namespace paddle
