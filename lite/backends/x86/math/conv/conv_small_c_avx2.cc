// AVX2/FMA tiles of the small-channel convolution (see conv_small_c.h): 4 output channels x
// 3 ymm of 8 columns (12 of the 16 ymm registers accumulate). Built with -mavx2 -mfma.
#include <immintrin.h>

#include "lite/backends/x86/math/conv/conv_small_c.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

#include "lite/backends/x86/math/vec/vec_avx2.inc"
#include "lite/backends/simd/activation_vec.inc"

struct V : VecAvx2 {
  static constexpr int kOcb = 4;
  static constexpr int kNv = 3;
};

#include "lite/backends/x86/math/conv/conv_small_c_kernel.inc"

}  // namespace

void SmallCConvChunkAvx2(const SmallCConvShape& s, const float* in, int iy0, int in_rows,
                         const SmallCChunk& chunk, const float* packed,
                         const Activation& act, float* out) {
  ConvChunk(s, in, iy0, in_rows, chunk, packed, act, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
