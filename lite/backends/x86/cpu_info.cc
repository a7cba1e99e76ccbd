#include "lite/backends/x86/cpu_info.h"

namespace paddle {
namespace lite {
namespace x86 {

namespace {
bool DetectAvx2Fma() {
  // __builtin_cpu_supports also checks that the OS saves the ymm state (XGETBV).
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
}  // namespace

bool CpuHasAvx2Fma() {
  static const bool has = DetectAvx2Fma();
  return has;
}

}  // namespace x86
}  // namespace lite
}  // namespace paddle
