#include "lite/backends/arm/math/fp16/activation_fp16.h"

#include <arm_neon.h>

#include "lite/backends/arm/math/activation.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {
#include "lite/backends/arm/math/fp16/act_fp16.inc"

// The fp32 kinds: chunks converted to fp32 on the stack, activated, converted back.
void ActivateThroughFloat(const float16_t* x, float16_t* out, long long n,
                          const Activation& act) {
  constexpr long long kChunk = 256;
  float chunk[kChunk];
  for (long long start = 0; start < n; start += kChunk) {
    const long long len = n - start < kChunk ? n - start : kChunk;
    long long i = 0;
    for (; i + 4 <= len; i += 4) vst1q_f32(chunk + i, vcvt_f32_f16(vld1_f16(x + start + i)));
    for (; i < len; ++i) chunk[i] = static_cast<float>(x[start + i]);
    Activate(chunk, nullptr, chunk, len, act);
    for (i = 0; i + 4 <= len; i += 4) vst1_f16(out + start + i, vcvt_f16_f32(vld1q_f32(chunk + i)));
    for (; i < len; ++i) out[start + i] = static_cast<float16_t>(chunk[i]);
  }
}
}  // namespace

bool ActivatesInFp16Registers(ActivationType kind) { return InFp16Registers(kind); }

void ActivateFp16(const float16* x, float16* out, long long n, const Activation& act) {
  const auto* src = reinterpret_cast<const float16_t*>(x);
  auto* dst = reinterpret_cast<float16_t*>(out);
  if (!InFp16Registers(act.kind)) {
    ActivateThroughFloat(src, dst, n, act);
    return;
  }
  const ActFp16 a = MakeActFp16(act);
  long long i = 0;
  for (; i + 8 <= n; i += 8) vst1q_f16(dst + i, ApplyActFp16(vld1q_f16(src + i), a));
  if (i < n) {  // the tail through one padded vector
    float16_t lanes[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (long long j = i; j < n; ++j) lanes[j - i] = src[j];
    vst1q_f16(lanes, ApplyActFp16(vld1q_f16(lanes), a));
    for (long long j = i; j < n; ++j) dst[j] = lanes[j - i];
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
