// fp16 products of a few rows by a weight matrix stored as it is (fc on fp16 values): each
// row of x streams w once, 32 columns at a time in 4 fp16 registers, with the bias and the
// activation applied as the row is stored. (See convert_fp16.h for why these headers hold
// declarations only.)
#pragma once

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {

struct float16;

namespace arm {
namespace math {

// y[i][j] = act(sum_p x[i][p] * w[p][j] + bias[j]) for i < m, j < n, in fp16 with fp16
// accumulation; x is m x k (row stride ldx), w k x n (row stride ldw), y m x n (row stride
// ldy); bias (n values) may be null. `act` must be supported (ActivationSupported).
void GemvFp16(int m, int n, int k, const float16* x, int ldx, const float16* w, int ldw,
              const float16* bias, const Activation& act, float16* y, int ldy);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
