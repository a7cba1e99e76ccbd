// pool2d on channel-blocked tensors (NCHW16c, lite/core/blocked_layout.h): a channel block
// is [in_h][in_w][16], so one window tap is one 16-channel vector (one zmm, two ymm) and a
// max pool is one vector max per tap per 16 outputs, with no shuffles.
//
// The caller describes every output position's window along each axis (the input range it
// reads and its share of the avg divisor; the x86 kernel takes them from the host kernel's
// pool_window.h so both pool the same inputs). Output rows whose window reads 1-3 input rows
// run fixed-size loops where the window columns are 2 or 3 wide at stride 1 or 2: each
// input column is reduced over the window's rows once (for two output rows at a time where
// both windows are full, so the rows they share are loaded once) and kept in registers for
// the neighbouring windows along the row that also cover it; the few windows at the row's
// ends are reduced column by column. A window covering the whole plane sums (or maxes) the
// plane in several chains. Every other window is walked tap by tap. The windows are already
// clipped to the input, so no loop checks bounds.
//
// Max gives exactly the host kernel's results (lowest as the starting value, so NaN inputs
// are skipped and -inf gives lowest, whatever the order). Avg adds in another order and
// multiplies by 1 / divisor, so it differs by rounding only. Windows reading no input give 0.
//
// NchwcPool is declared with the other targets' blocked math (nchwc_math.h). Dispatch is
// plain C++ (nchwc_pool.cc); the loops live in nchwc_pool_avx2.cc / _avx512.cc
// (built with their ISA flags, sharing lite/backends/simd/nchwc/nchwc_pool_kernel.inc).
// Needs AVX2+FMA (lite::x86::CpuHasAvx2Fma()).
#pragma once

#include "lite/backends/x86/math/nchwc/nchwc_math.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// Whether NchwcPool uses AVX-512 on this CPU (and not forced off).
bool NchwcPoolUsesAvx512();
// Tests force the AVX2 path (false) or allow AVX-512 again (true, the default).
void NchwcPoolAllowAvx512(bool allow);

// The ISA variants behind NchwcPool.
void NchwcPoolAvx2(const float* in, const NchwcPoolPlan& plan, int64_t blocks, int row_begin,
                   int row_end, float* out);
void NchwcPoolAvx512(const float* in, const NchwcPoolPlan& plan, int64_t blocks, int row_begin,
                     int row_end, float* out);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
