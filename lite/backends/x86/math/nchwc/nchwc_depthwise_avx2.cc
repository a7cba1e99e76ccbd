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

struct V : VecAvx2 {
  // Measured best with 16 ymm: 4 x 2 accumulators for 3x3 (some of the 9 weights then
  // come from L1), 2 x 2 for 5x5.
  template <int K>
  static constexpr int kTilePixels = K == 3 ? 4 : 2;
};

constexpr int kBlock = kNchwcLanes;

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
