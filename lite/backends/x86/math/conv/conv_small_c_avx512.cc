// AVX-512 tiles of the small-channel convolution (see conv_small_c.h): 8 output channels x
// 3 zmm of 16 columns. Built with -mavx512f -mavx2 -mfma; called only when the CPU has
// AVX-512F (conv_small_c.cc).
// GCC 12 reports _mm512_undefined_ps() inside max/min as maybe-uninitialized (a false
// positive of its own headers).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include "lite/backends/x86/math/conv/conv_small_c.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

#include "lite/backends/x86/math/vec/vec_avx512.inc"
#include "lite/backends/simd/activation_vec.inc"

struct V : VecAvx512 {
  static constexpr int kOcb = 8;
  static constexpr int kNv = 3;
};

#include "lite/backends/x86/math/conv/conv_small_c_kernel.inc"

}  // namespace

void SmallCConvChunkAvx512(const SmallCConvShape& s, const float* in, int iy0, int in_rows,
                           const SmallCChunk& chunk, const float* packed,
                           const Activation& act, float* out) {
  ConvChunk(s, in, iy0, in_rows, chunk, packed, act, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
