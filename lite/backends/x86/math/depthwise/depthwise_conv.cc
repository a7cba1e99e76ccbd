// Scratch geometry and ISA dispatch of the direct depthwise kernel (baseline flags).
#include "lite/backends/x86/math/depthwise/depthwise_conv.h"

#include <atomic>

#include "lite/backends/x86/cpu_info.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {
std::atomic<bool> allow_avx512{true};

// 16-column zmm blocks pay off once a row has more than 8 outputs; narrower rows would
// leave most lanes idle.
int VectorWidth(const DepthwisePlane& p) { return DepthwiseUsesAvx512() && p.out_w > 8 ? 16 : 8; }
}  // namespace

bool DepthwiseUsesAvx512() {
  return CpuHasAvx512f() && allow_avx512.load(std::memory_order_relaxed);
}

void DepthwiseAllowAvx512(bool allow) { allow_avx512.store(allow, std::memory_order_relaxed); }

void DepthwiseConvPlane(const float* in, const float* filter, float bias,
                        const DepthwisePlane& p, const Activation& act,
                        float* out) {
  simd::CheckDepthwiseDirectSupports(p, "DepthwiseConvPlane");
  if constexpr (kWithAvx512) {
    if (VectorWidth(p) == 16) {
      DepthwiseConvPlaneAvx512(in, filter, bias, p, act, out);
      return;
    }
  }
  DepthwiseConvPlaneAvx2(in, filter, bias, p, act, out);
}

bool DepthwiseFlatFits(const DepthwisePlane& p) {
  if (p.stride_h != 1 || p.stride_w != 1 || !MathKept(DepthwiseFlatSpecialization(p.kernel))) {
    return false;
  }
  // Rows of up to 8 outputs: wider ones run 16-lane row blocks, faster than this kernel's
  // one load per tap from 14 columns on.
  if (p.out_h <= 0 || p.out_w <= 0 || p.out_w > 8 || p.in_w != p.out_w) return false;
  return p.out_h * p.out_w <= kFlatMaxVectors * 16;
}

void DepthwiseConvPlanes(const float* in, const float* filters, const float* biases,
                         int channels, int begin, int end, const DepthwisePlane& p,
                         const Activation& act, float* out) {
  if (begin >= end) return;
  simd::CheckDepthwiseDirectSupports(p, "DepthwiseConvPlanes");
  if constexpr (kWithAvx512) {
    if (DepthwiseUsesAvx512() && DepthwiseFlatFits(p)) {
      DepthwiseConvPlanesFlatAvx512(in, filters, biases, channels, begin, end, p, act, out);
      return;
    }
  }
  const size_t in_plane = static_cast<size_t>(p.in_h) * p.in_w;
  const size_t out_plane = static_cast<size_t>(p.out_h) * p.out_w;
  const int kk = p.kernel * p.kernel;
  for (int i = begin, c = begin % channels; i < end; ++i, c = c + 1 == channels ? 0 : c + 1) {
    DepthwiseConvPlane(in + i * in_plane, filters + static_cast<size_t>(c) * kk,
                       biases ? biases[c] : 0.f, p, act, out + i * out_plane);
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
