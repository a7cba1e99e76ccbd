// AVX-512 NCHW16c pool loops (see nchwc_pool.h): a 16-channel block is one zmm. Built with
// -mavx512f -mavx2 -mfma; called only when the CPU has AVX-512F (nchwc_pool.cc).
// GCC 12 reports _mm512_undefined_ps() inside max/min as maybe-uninitialized (a false
// positive of its own headers).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>

#include <cfloat>

#include "lite/backends/x86/math/nchwc/nchwc_pool.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

#include "lite/backends/x86/math/vec/vec_avx512.inc"

using V = VecAvx512;
constexpr int kBlock = kNchwcBlock;

#include "lite/backends/simd/nchwc/nchwc_pool_kernel.inc"

}  // namespace

void NchwcPoolAvx512(const float* in, const NchwcPoolPlan& plan, int64_t blocks,
                     int row_begin, int row_end, float* out) {
  Pool(in, plan, blocks, row_begin, row_end, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
