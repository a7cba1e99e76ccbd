#include "lite/backends/x86/math/vec/fake_quantize_avx2.h"

#include <immintrin.h>

#include <algorithm>
#include <cmath>

#include "lite/backends/host/math/fake_quantize.h"
#include "lite/backends/x86/math/vec/round_avx2.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

#include "lite/backends/x86/math/vec/vec_avx2.inc"

struct VecAvx2Rounding : VecAvx2 {
  static T RoundHalfAway(T x) { return math::RoundHalfAway(x); }
};

#include "lite/backends/simd/fake_quantize_kernel.inc"

}  // namespace

void FakeQuantizeAvx2(const float* x, long long n, float s, int bin_cnt, bool ties_to_even,
                      bool dequantize, float* out) {
  FakeQuantizeVec<VecAvx2Rounding>(x, n, s, bin_cnt, ties_to_even, dequantize, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
