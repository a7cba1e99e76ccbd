#include "lite/backends/arm/math/layer_norm.h"

#include <arm_neon.h>

#include <algorithm>
#include <cmath>

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {

// Four float lanes sum a chunk of kChunk values before its total joins a double: a row of
// any length keeps about the host's (double) precision at float's speed.
constexpr long long kChunk = 1024;

// The sum of f(x[i]) for i < n, f a float32x4_t -> float32x4_t map applied lane-wise.
template <typename F>
double ChunkedSum(const float* x, long long n, F f) {
  const long long whole = n / 4 * 4;
  double total = 0;
  long long i = 0;
  while (i < whole) {
    const long long end = std::min(whole, i + kChunk);
    float32x4_t acc = vdupq_n_f32(0.f);
    for (; i < end; i += 4) acc = vaddq_f32(acc, f(vld1q_f32(x + i)));
    total += vaddvq_f32(acc);
  }
  for (; i < n; ++i) total += vgetq_lane_f32(f(vdupq_n_f32(x[i])), 0);
  return total;
}

}  // namespace

void LayerNormRow(const float* x, const float* scale, const float* bias, float* out,
                  long long n, float epsilon, float* mean, float* var) {
  if (n <= 0) {
    *mean = 0.f;
    *var = 0.f;
    return;
  }
  const double sum = ChunkedSum(x, n, [](float32x4_t v) { return v; });
  const float m = static_cast<float>(sum / n);
  const float32x4_t vm = vdupq_n_f32(m);
  const double squares = ChunkedSum(x, n, [vm](float32x4_t v) {
    const float32x4_t d = vsubq_f32(v, vm);
    return vmulq_f32(d, d);
  });
  const double v = squares / n;
  const float inv_std = static_cast<float>(1.0 / std::sqrt(v + epsilon));

  const float32x4_t vinv = vdupq_n_f32(inv_std);
  long long i = 0;
  for (; i + 4 <= n; i += 4) {
    float32x4_t y = vmulq_f32(vsubq_f32(vld1q_f32(x + i), vm), vinv);
    if (scale) y = vmulq_f32(y, vld1q_f32(scale + i));
    if (bias) y = vaddq_f32(y, vld1q_f32(bias + i));
    vst1q_f32(out + i, y);
  }
  for (; i < n; ++i) {
    float y = (x[i] - m) * inv_std;
    if (scale) y *= scale[i];
    if (bias) y += bias[i];
    out[i] = y;
  }
  *mean = m;
  *var = static_cast<float>(v);
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
