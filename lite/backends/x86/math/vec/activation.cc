// ISA dispatch of the array activations (baseline flags).
#include "lite/backends/x86/math/vec/activation.h"

#include <atomic>

#include "lite/backends/x86/cpu_info.h"
#include "lite/utils/check.h"
#include "lite/utils/place.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {
std::atomic<bool> allow_avx512{true};
}  // namespace

bool ActivateUsesAvx512() {
  return CpuHasAvx512f() && allow_avx512.load(std::memory_order_relaxed);
}

void ActivateAllowAvx512(bool allow) { allow_avx512.store(allow, std::memory_order_relaxed); }

void Activate(const float* x, const float* bias, float* out, long long n,
              const Activation& act) {
  PLITE_CHECK(ActivationSupported(act.kind), "Activate: activation ",
              lite_api::ActivationTypeToStr(act.kind), " (", static_cast<int>(act.kind),
              ") is not supported");
  if constexpr (kWithAvx512) {
    if (ActivateUsesAvx512()) {
      ActivateAvx512(x, bias, out, n, act);
      return;
    }
  }
  ActivateAvx2(x, bias, out, n, act);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
