// AVX2/FMA loops of the NCHW16c depthwise convolution (see nchwc_depthwise.h): a block is
// two ymm of 8 channels. Built with -mavx2 -mfma.
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

#include "lite/backends/x86/math/vec/vec_avx2.inc"
#include "lite/backends/simd/activation_vec.inc"

using V = VecAvx2;
constexpr int kBlock = kNchwcBlock;

#include "lite/backends/simd/nchwc/nchwc_depthwise_kernel.inc"

}  // namespace

void NchwcDepthwiseRowsAvx2(const NchwcDepthwiseShape& s, const float* in, const float* filter,
                            const float* bias, const Activation& act, int oy0, int oy1,
                            float* out) {
  Rows(s, in, filter, bias, act, oy0, oy1, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
