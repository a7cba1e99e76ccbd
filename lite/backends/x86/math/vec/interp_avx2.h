// Row kernels of the x86 interpolate kernel with AVX2/FMA: 8 outputs per ymm, source
// columns fetched with gathers. Declarations only: the intrinsics live in interp_avx2.cc
// (built with -mavx2 -mfma); call only when lite::x86::CpuHasAvx2Fma() is true.
#pragma once

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// out[x] = src[idx[x]] for x < n.
void GatherRowAvx2(const float* src, const int* idx, int n, float* out);

// out[x] = src[lo[x]] * (1 - w_hi[x]) + src[hi[x]] * w_hi[x] for x < n.
void LinearBlendGatherAvx2(const float* src, const int* lo, const int* hi, const float* w_hi,
                           int n, float* out);

// out[x] = top[x] * (1 - w_hi) + bottom[x] * w_hi for x < n.
void LinearBlendRowsAvx2(const float* top, const float* bottom, float w_hi, int n, float* out);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
