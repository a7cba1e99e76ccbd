// ISA dispatch of the NCHW16c pool (baseline flags; the loops are in
// nchwc_pool_avx2.cc / _avx512.cc).
#include "lite/backends/x86/math/nchwc/nchwc_pool.h"

#include <atomic>

#include "lite/backends/x86/cpu_info.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {
std::atomic<bool> allow_avx512{true};
}  // namespace

bool NchwcPoolUsesAvx512() {
  return CpuHasAvx512f() && allow_avx512.load(std::memory_order_relaxed);
}

void NchwcPoolAllowAvx512(bool allow) { allow_avx512.store(allow, std::memory_order_relaxed); }

void NchwcPool(const float* in, const NchwcPoolPlan& plan, int64_t blocks, int row_begin,
               int row_end, float* out) {
  if constexpr (kWithAvx512) {
    if (NchwcPoolUsesAvx512()) {
      NchwcPoolAvx512(in, plan, blocks, row_begin, row_end, out);
      return;
    }
  }
  NchwcPoolAvx2(in, plan, blocks, row_begin, row_end, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
