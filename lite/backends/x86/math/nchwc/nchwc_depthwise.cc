// Weight packing and ISA dispatch of the NCHW16c depthwise convolution (baseline flags; the
// loops are in nchwc_depthwise_avx2.cc / _avx512.cc).
#include "lite/backends/x86/math/nchwc/nchwc_depthwise.h"

#include <atomic>

#include "lite/backends/x86/cpu_info.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {
std::atomic<bool> allow_avx512{true};

size_t Blocks(int channels) {
  return static_cast<size_t>((channels + kNchwcLanes - 1) / kNchwcLanes);
}
}  // namespace

size_t NchwcDepthwiseFilterSize(int channels, int kernel_h, int kernel_w) {
  return Blocks(channels) * kernel_h * kernel_w * kNchwcLanes;
}

size_t NchwcDepthwiseBiasSize(int channels) { return Blocks(channels) * kNchwcLanes; }

void NchwcDepthwisePackFilter(const float* filter, int channels, int kernel_h, int kernel_w,
                              float* packed) {
  const size_t taps = static_cast<size_t>(kernel_h) * kernel_w;
  const int padded = static_cast<int>(Blocks(channels)) * kNchwcLanes;
  for (int c = 0; c < padded; ++c) {
    float* block = packed + (c / kNchwcLanes) * taps * kNchwcLanes + c % kNchwcLanes;
    for (size_t t = 0; t < taps; ++t) {
      block[t * kNchwcLanes] = c < channels ? filter[c * taps + t] : 0.f;
    }
  }
}

void NchwcDepthwisePackBias(const float* bias, int channels, float* packed) {
  const int padded = static_cast<int>(Blocks(channels)) * kNchwcLanes;
  for (int c = 0; c < padded; ++c) packed[c] = bias != nullptr && c < channels ? bias[c] : 0.f;
}

bool NchwcDepthwiseTiled(const NchwcDepthwiseShape& s) {
  return s.kernel_h == s.kernel_w && (s.kernel_h == 3 || s.kernel_h == 5) &&
         s.stride_h == s.stride_w && (s.stride_h == 1 || s.stride_h == 2) &&
         s.dilation_h == 1 && s.dilation_w == 1;
}

bool NchwcDepthwiseUsesAvx512() {
  return CpuHasAvx512f() && allow_avx512.load(std::memory_order_relaxed);
}

void NchwcDepthwiseAllowAvx512(bool allow) {
  allow_avx512.store(allow, std::memory_order_relaxed);
}

void NchwcDepthwiseRows(const NchwcDepthwiseShape& s, const float* in, const float* filter,
                        const float* bias, const Activation& act, int oy0, int oy1,
                        float* out) {
  if (NchwcDepthwiseUsesAvx512()) {
    NchwcDepthwiseRowsAvx512(s, in, filter, bias, act, oy0, oy1, out);
  } else {
    NchwcDepthwiseRowsAvx2(s, in, filter, bias, act, oy0, oy1, out);
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
