// ISA dispatch of the NCHW16c direct convolution (baseline flags; the tiles are in
// nchwc_conv_avx2.cc / _avx512.cc, the packing and checks in lite/backends/simd/nchwc).
#include "lite/backends/x86/math/nchwc/nchwc_conv.h"

#include <atomic>

#include "lite/backends/x86/cpu_info.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {
std::atomic<bool> allow_avx512{true};
}  // namespace

bool NchwcConvUsesAvx512() { return allow_avx512 && CpuHasAvx512f(); }
void NchwcConvAllowAvx512(bool allow) { allow_avx512 = allow; }

void NchwcConv(const NchwcConvShape& s, const float* in, const float* packed,
               const Activation& act, int block_begin, int block_end, int row_begin,
               int row_end, float* out) {
  simd::CheckNchwcConvCall(s, kNchwcBlock, block_begin, block_end, row_begin, row_end,
                          "NchwcConv");
  PLITE_CHECK(CpuHasAvx2Fma(), "NchwcConv: this CPU lacks AVX2/FMA");
  if (block_begin >= block_end || row_begin >= row_end) return;
  if constexpr (kWithAvx512) {
    if (NchwcConvUsesAvx512()) {
      nchwc_internal::NchwcConvAvx512(s, in, packed, act, block_begin, block_end, row_begin,
                                      row_end, out);
      return;
    }
  }
  nchwc_internal::NchwcConvAvx2(s, in, packed, act, block_begin, block_end, row_begin, row_end,
                                out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
