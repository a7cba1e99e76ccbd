// AVX2 NCHW16c pool loops (see nchwc_pool.h): a 16-channel block is two ymm. Built with
// -mavx2 -mfma.
#include <immintrin.h>

#include <cfloat>

#include "lite/backends/x86/math/nchwc/nchwc_pool.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

#include "lite/backends/x86/math/vec/vec_avx2.inc"

using V = VecAvx2;
constexpr int kBlock = kNchwcBlock;

#include "lite/backends/simd/nchwc/nchwc_pool_kernel.inc"

}  // namespace

void NchwcPoolAvx2(const float* in, const NchwcPoolPlan& plan, int64_t blocks, int row_begin,
                   int row_end, float* out) {
  Pool(in, plan, blocks, row_begin, row_end, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
