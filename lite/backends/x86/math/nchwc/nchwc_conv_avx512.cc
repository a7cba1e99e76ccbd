// AVX-512 tiles of the NCHW16c direct convolution (nchwc_conv.h): up to 4 blocks of 16
// output channels x 6..12 pixels, 24 zmm accumulators. Built with -mavx512f -mavx2 -mfma;
// called only when the CPU has AVX-512F (nchwc_conv.cc).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"  // _mm512_undefined_ps in GCC 12's max/min
#endif
#include <immintrin.h>

#include <type_traits>
#include <utility>

#include "lite/backends/x86/math/nchwc/nchwc_conv.h"
#include "lite/backends/x86/math/nchwc/nchwc_winograd.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

#include "lite/backends/x86/math/vec/vec_avx512.inc"
#include "lite/backends/simd/activation_vec.inc"

using V = VecAvx512;
constexpr int kBlock = kNchwcBlock;

#include "lite/backends/simd/nchwc/nchwc_conv_kernel.inc"
#include "lite/backends/simd/nchwc/nchwc_winograd_kernel.inc"

}  // namespace

namespace nchwc_internal {

void NchwcConvAvx512(const NchwcConvShape& s, const float* in, const float* packed,
                     const Activation& act, int block_begin, int block_end,
                     int row_begin, int row_end, float* out) {
  Run(s, in, packed, act, block_begin, block_end, row_begin, row_end, out);
}

void NchwcWinogradInputAvx512(const NchwcConvShape& s, const float* in, int tile_begin,
                              int tile_end, int in_block_begin, int in_block_end, float* v) {
  InputTransform(MakeBlock(s, tile_begin, tile_end), in, in_block_begin, in_block_end, v);
}

void NchwcWinogradOutputAvx512(const NchwcConvShape& s, const float* v,
                               const float* packed, const Activation& act, int tile_begin,
                               int tile_end, int out_block_begin, int out_block_end, float* m,
                               float* out) {
  ProductsAndOutput(MakeBlock(s, tile_begin, tile_end), v, packed, act, out_block_begin,
                    out_block_end, m, out);
}

}  // namespace nchwc_internal

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
