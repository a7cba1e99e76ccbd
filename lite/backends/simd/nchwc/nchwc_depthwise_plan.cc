#include "lite/backends/simd/nchwc/nchwc_depthwise_plan.h"

namespace paddle {
namespace lite {
namespace simd {

namespace {
size_t Blocks(int channels, int block) {
  return static_cast<size_t>((channels + block - 1) / block);
}
}  // namespace

size_t NchwcDepthwiseFilterSize(int channels, int kernel_h, int kernel_w, int block) {
  return Blocks(channels, block) * kernel_h * kernel_w * block;
}

size_t NchwcDepthwiseBiasSize(int channels, int block) { return Blocks(channels, block) * block; }

void NchwcDepthwisePackFilter(const float* filter, int channels, int kernel_h, int kernel_w,
                              int block, float* packed) {
  const size_t taps = static_cast<size_t>(kernel_h) * kernel_w;
  const int padded = static_cast<int>(Blocks(channels, block)) * block;
  for (int c = 0; c < padded; ++c) {
    float* dst = packed + (c / block) * taps * block + c % block;
    for (size_t t = 0; t < taps; ++t) dst[t * block] = c < channels ? filter[c * taps + t] : 0.f;
  }
}

void NchwcDepthwisePackBias(const float* bias, int channels, int block, float* packed) {
  const int padded = static_cast<int>(Blocks(channels, block)) * block;
  for (int c = 0; c < padded; ++c) packed[c] = bias != nullptr && c < channels ? bias[c] : 0.f;
}

bool NchwcDepthwiseTiled(const NchwcDepthwiseShape& s) {
  return s.kernel_h == s.kernel_w && s.stride_h == s.stride_w && s.dilation_h == 1 &&
         s.dilation_w == 1 && MathKept(NchwcDepthwiseSpecialization(s.kernel_h, s.stride_h));
}

}  // namespace simd
}  // namespace lite
}  // namespace paddle
