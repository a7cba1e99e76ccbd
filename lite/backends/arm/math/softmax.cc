#include "lite/backends/arm/math/softmax.h"

#include <arm_neon.h>

#include <algorithm>
#include <limits>

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {
#include "lite/backends/arm/math/vec_neon.inc"
#include "lite/backends/simd/activation_vec.inc"

using V = VecNeon;

constexpr float kInf = std::numeric_limits<float>::infinity();

V::T Exp(V::T x) { return VecMath<V>::Exp(x); }

// The first n (< 4) floats of p, `fill` in the other lanes.
V::T LoadFirstOr(const float* p, long long n, float fill) {
  float lanes[4] = {fill, fill, fill, fill};
  for (long long i = 0; i < n; ++i) lanes[i] = p[i];
  return V::Load(lanes);
}

}  // namespace

void SoftmaxRow(const float* x, float* out, long long n) {
  if (n <= 0) return;
  V::T vmax = V::Set1(-kInf);
  long long i = 0;
  for (; i + V::kW <= n; i += V::kW) vmax = vmaxq_f32(vmax, V::Load(x + i));
  if (i < n) vmax = vmaxq_f32(vmax, LoadFirstOr(x + i, n - i, -kInf));
  const V::T shift = V::Set1(vmaxvq_f32(vmax));

  V::T vsum = V::Set1(0.f);
  for (i = 0; i + V::kW <= n; i += V::kW) {
    const V::T e = Exp(V::Sub(V::Load(x + i), shift));
    V::Store(out + i, e);
    vsum = V::Add(vsum, e);
  }
  if (i < n) {  // the other lanes hold -inf - max: exp gives 0 and adds nothing
    const V::T e = Exp(V::Sub(LoadFirstOr(x + i, n - i, -kInf), shift));
    V::StoreFirst(out + i, e, static_cast<int>(n - i));
    vsum = V::Add(vsum, e);
  }
  const float scale = 1.f / vaddvq_f32(vsum);
  const V::T vscale = V::Set1(scale);
  for (i = 0; i + V::kW <= n; i += V::kW) V::Store(out + i, V::Mul(V::Load(out + i), vscale));
  for (; i < n; ++i) out[i] *= scale;
}

void SoftmaxColumns(const float* x, float* out, long long n, long long columns,
                    long long stride) {
  if (n <= 0) return;
  // Columns in chunks of kChunk: each pass streams kChunk contiguous floats per row (whole
  // cache lines) against running max / sum rows kept in L1.
  constexpr long long kChunk = 256;
  float max_row[kChunk];
  float sum_row[kChunk];
  for (long long c0 = 0; c0 < columns; c0 += kChunk) {
    const long long width = std::min(kChunk, columns - c0);
    const long long full = width / V::kW * V::kW;
    const int rest = static_cast<int>(width - full);
    std::copy(x + c0, x + c0 + width, max_row);
    for (long long k = 1; k < n; ++k) {
      const float* row = x + k * stride + c0;
      for (long long c = 0; c < full; c += V::kW) {
        V::Store(max_row + c, vmaxq_f32(V::Load(max_row + c), V::Load(row + c)));
      }
      if (rest > 0) {
        V::StoreFirst(max_row + full,
                      vmaxq_f32(V::LoadFirst(max_row + full, rest), V::LoadFirst(row + full, rest)),
                      rest);
      }
    }
    std::fill(sum_row, sum_row + width, 0.f);
    for (long long k = 0; k < n; ++k) {
      const float* row = x + k * stride + c0;
      float* dst = out + k * stride + c0;
      for (long long c = 0; c < full; c += V::kW) {
        const V::T e = Exp(V::Sub(V::Load(row + c), V::Load(max_row + c)));
        V::Store(dst + c, e);
        V::Store(sum_row + c, V::Add(V::Load(sum_row + c), e));
      }
      if (rest > 0) {
        const V::T e =
            Exp(V::Sub(V::LoadFirst(row + full, rest), V::LoadFirst(max_row + full, rest)));
        V::StoreFirst(dst + full, e, rest);
        V::StoreFirst(sum_row + full, V::Add(V::LoadFirst(sum_row + full, rest), e), rest);
      }
    }
    for (long long c = 0; c < width; ++c) sum_row[c] = 1.f / sum_row[c];
    for (long long k = 0; k < n; ++k) {
      float* dst = out + k * stride + c0;
      for (long long c = 0; c < full; c += V::kW) {
        V::Store(dst + c, V::Mul(V::Load(dst + c), V::Load(sum_row + c)));
      }
      for (long long c = full; c < width; ++c) dst[c] *= sum_row[c];
    }
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
