// AVX-512 loops of the NCHW16c depthwise convolution (see nchwc_depthwise.h): a block is one
// zmm. Built with -mavx512f -mavx2 -mfma; called only when the CPU has AVX-512F
// (nchwc_depthwise.cc).
// GCC 12 reports _mm512_undefined_ps() inside max/min as maybe-uninitialized (a false
// positive of its own headers).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include <cstddef>
#include <type_traits>
#include <utility>

#include "lite/backends/x86/math/nchwc/nchwc_depthwise.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

#include "lite/backends/x86/math/vec/vec_avx512.inc"
#include "lite/backends/simd/activation_vec.inc"

using V = VecAvx512;
constexpr int kBlock = kNchwcBlock;

#include "lite/backends/simd/nchwc/nchwc_depthwise_kernel.inc"

}  // namespace

void NchwcDepthwiseRowsAvx512(const NchwcDepthwiseShape& s, const float* in,
                              const float* filter, const float* bias,
                              const Activation& act, int oy0, int oy1, float* out) {
  Rows(s, in, filter, bias, act, oy0, oy1, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
