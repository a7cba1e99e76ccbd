// Binary element-wise rows with NEON and a fused activation: the loops of the ARM
// elementwise kernel, which reduces every broadcast to rows where each operand either steps
// by one element or repeats one value.
#pragma once

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

// The binary ops, with the host kernel's semantics (max / min: a > b ? a : b and
// a < b ? a : b, so a NaN in y is returned and one in x is not).
enum class BinaryOp { kAdd, kSub, kMul, kDiv, kMax, kMin };

// out[i] = act(x[i] op y[i]) for i < n, where an operand that does not move (x_moves or
// y_moves false) is the one value *x or *y for every i. `act` must be supported
// (ActivationSupported). out may equal a moving operand.
void BinaryRow(BinaryOp op, const float* x, bool x_moves, const float* y, bool y_moves,
               float* out, long long n, const Activation& act);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
