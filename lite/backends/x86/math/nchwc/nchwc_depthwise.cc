// ISA dispatch of the NCHW16c depthwise convolution (baseline flags; the loops are in
// nchwc_depthwise_avx2.cc / _avx512.cc).
#include "lite/backends/x86/math/nchwc/nchwc_depthwise.h"

#include <atomic>

#include "lite/backends/x86/cpu_info.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {
std::atomic<bool> allow_avx512{true};
}  // namespace

bool NchwcDepthwiseUsesAvx512() {
  return CpuHasAvx512f() && allow_avx512.load(std::memory_order_relaxed);
}

void NchwcDepthwiseAllowAvx512(bool allow) {
  allow_avx512.store(allow, std::memory_order_relaxed);
}

void NchwcDepthwiseRows(const NchwcDepthwiseShape& s, const float* in, const float* filter,
                        const float* bias, const Activation& act, int oy0, int oy1,
                        float* out) {
  if constexpr (kWithAvx512) {
    if (NchwcDepthwiseUsesAvx512()) {
      NchwcDepthwiseRowsAvx512(s, in, filter, bias, act, oy0, oy1, out);
      return;
    }
  }
  NchwcDepthwiseRowsAvx2(s, in, filter, bias, act, oy0, oy1, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
