// Scratch geometry and ISA dispatch of the direct depthwise kernel (baseline flags).
#include "lite/backends/x86/math/depthwise_conv.h"

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

bool DepthwiseDirectSupports(int kernel_h, int kernel_w, int stride_h, int stride_w,
                             int dilation_h, int dilation_w) {
  return kernel_h == kernel_w && (kernel_h == 3 || kernel_h == 5) && stride_h == stride_w &&
         (stride_h == 1 || stride_h == 2) && dilation_h == 1 && dilation_w == 1;
}

bool DepthwiseUsesAvx512() {
  return CpuHasAvx512f() && allow_avx512.load(std::memory_order_relaxed);
}

void DepthwiseAllowAvx512(bool allow) { allow_avx512.store(allow, std::memory_order_relaxed); }

void DepthwiseConvPlane(const float* in, const float* filter, float bias,
                        const DepthwisePlane& p, const DepthwiseEpilogue& epilogue,
                        float* out) {
  if (VectorWidth(p) == 16) {
    DepthwiseConvPlaneAvx512(in, filter, bias, p, epilogue, out);
  } else {
    DepthwiseConvPlaneAvx2(in, filter, bias, p, epilogue, out);
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
