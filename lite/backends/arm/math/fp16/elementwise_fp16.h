// Binary element-wise rows in fp16 (ARMv8.2 half arithmetic), the rows of the ARM fp16
// elementwise kernel (the float kernel's broadcasting, lite/kernels/arm/binary_rows.h).
// (See convert_fp16.h for why these headers hold declarations only.)
#pragma once

#include "lite/backends/arm/math/elementwise.h"
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {

struct float16;

namespace arm {
namespace math {

// out[i] = act(x[i] op y[i]) for i < n in fp16, where an operand that does not move
// (x_moves or y_moves false) is the one value *x or *y for every i; BinaryOp's semantics
// (max / min return y where either is NaN). `act` must be supported (ActivationSupported).
// out may equal a moving operand.
void BinaryRowFp16(BinaryOp op, const float16* x, bool x_moves, const float16* y, bool y_moves,
                   float16* out, long long n, const Activation& act);

// out[i] = (x[i] - *mean) * *gain + *bias for i < n in fp16: a channel of an inference batch
// norm (the mean subtracted first, as the host kernel, for values near a large mean).
// out may equal x.
void NormalizeRowFp16(const float16* x, const float16* mean, const float16* gain,
                      const float16* bias, float16* out, long long n);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
