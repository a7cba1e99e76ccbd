// AVX2 tiles of the NCHW16c direct convolution (nchwc_conv.h): one block of 16 output
// channels (2 ymm) x 6 pixels, 12 ymm accumulators. Built with -mavx2 -mfma.
#include <immintrin.h>

#include <type_traits>
#include <utility>

#include "lite/backends/x86/math/nchwc_conv.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

#include "lite/backends/x86/math/vec_avx2.inc"

using V = VecAvx2;
constexpr int kMaxTileBlocks = 1;
constexpr int TilePixels(int) { return 6; }
constexpr int kMaxTilePixels = 6;

#include "lite/backends/x86/math/nchwc_activation.inc"
#include "lite/backends/x86/math/nchwc_conv_kernel.inc"

}  // namespace

namespace nchwc_internal {

void NchwcConvAvx2(const NchwcConvShape& s, const float* in, const float* packed,
                   const GemmEpilogue& epilogue, int block_begin, int block_end, int row_begin,
                   int row_end, float* out) {
  Run(s, in, packed, epilogue, block_begin, block_end, row_begin, row_end, out);
}

}  // namespace nchwc_internal

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
