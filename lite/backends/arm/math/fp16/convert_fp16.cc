#include "lite/backends/arm/math/fp16/convert_fp16.h"

#include <arm_neon.h>

namespace paddle {
namespace lite {
namespace arm {
namespace math {

void FloatToFp16(const float* x, float16* out, long long n) {
  auto* dst = reinterpret_cast<float16_t*>(out);
  long long i = 0;
  for (; i + 8 <= n; i += 8) {
    const float16x4_t lo = vcvt_f16_f32(vld1q_f32(x + i));
    vst1q_f16(dst + i, vcvt_high_f16_f32(lo, vld1q_f32(x + i + 4)));
  }
  for (; i < n; ++i) dst[i] = static_cast<float16_t>(x[i]);
}

void Fp16ToFloat(const float16* x, float* out, long long n) {
  const auto* src = reinterpret_cast<const float16_t*>(x);
  long long i = 0;
  for (; i + 8 <= n; i += 8) {
    const float16x8_t v = vld1q_f16(src + i);
    vst1q_f32(out + i, vcvt_f32_f16(vget_low_f16(v)));
    vst1q_f32(out + i + 4, vcvt_high_f32_f16(v));
  }
  for (; i < n; ++i) out[i] = static_cast<float>(src[i]);
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
