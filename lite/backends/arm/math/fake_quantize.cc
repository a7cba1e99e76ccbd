#include "lite/backends/arm/math/fake_quantize.h"

#include <arm_neon.h>

#include <algorithm>
#include <cmath>

#include "lite/backends/host/math/fake_quantize.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {

#include "lite/backends/arm/math/vec_neon.inc"

struct VecNeonRounding : VecNeon {
  static T RoundHalfAway(T x) { return vrndaq_f32(x); }  // frinta
};

#include "lite/backends/simd/fake_quantize_kernel.inc"

}  // namespace

void FakeQuantize(const float* x, long long n, float s, int bin_cnt, bool ties_to_even,
                  bool dequantize, float* out) {
  FakeQuantizeVec<VecNeonRounding>(x, n, s, bin_cnt, ties_to_even, dequantize, out);
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
