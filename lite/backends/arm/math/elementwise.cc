#include "lite/backends/arm/math/elementwise.h"

#include <arm_neon.h>

#include <algorithm>

#include "lite/backends/arm/math/activation.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {
#include "lite/backends/arm/math/vec_neon.inc"
#include "lite/backends/simd/activation_vec.inc"

using V = VecNeon;
using Clamp = VectorActivation<V>::Clamp;

struct AddOp {
  static V::T Apply(V::T a, V::T b) { return V::Add(a, b); }
};
struct SubOp {
  static V::T Apply(V::T a, V::T b) { return V::Sub(a, b); }
};
struct MulOp {
  static V::T Apply(V::T a, V::T b) { return V::Mul(a, b); }
};
struct DivOp {
  static V::T Apply(V::T a, V::T b) { return V::Div(a, b); }
};
struct MaxOp {  // V::Max(a, b) is a > b ? a : b, the host's
  static V::T Apply(V::T a, V::T b) { return V::Max(a, b); }
};
struct MinOp {
  static V::T Apply(V::T a, V::T b) { return V::Min(a, b); }
};

// out = clamp(x op y) over n floats; an operand that does not move is one value broadcast.
// The clamp is the activation's for none / relu / relu6 and the identity otherwise.
template <typename Op, bool kXMoves, bool kYMoves>
void ClampedRow(const float* x, const float* y, float* out, long long n, Clamp clamp) {
  const V::T x_fixed = kXMoves ? V::T() : V::Set1(*x);
  const V::T y_fixed = kYMoves ? V::T() : V::Set1(*y);
  long long i = 0;
  for (; i + V::kW <= n; i += V::kW) {
    const V::T a = kXMoves ? V::Load(x + i) : x_fixed;
    const V::T b = kYMoves ? V::Load(y + i) : y_fixed;
    V::Store(out + i, clamp(Op::Apply(a, b)));
  }
  if (i < n) {
    const int rest = static_cast<int>(n - i);
    const V::T a = kXMoves ? V::LoadFirst(x + i, rest) : x_fixed;
    const V::T b = kYMoves ? V::LoadFirst(y + i, rest) : y_fixed;
    V::StoreFirst(out + i, clamp(Op::Apply(a, b)), rest);
  }
}

template <typename Op>
void ClampedRowOf(const float* x, bool x_moves, const float* y, bool y_moves, float* out,
                  long long n, Clamp clamp) {
  if (x_moves && y_moves) return ClampedRow<Op, true, true>(x, y, out, n, clamp);
  if (x_moves) return ClampedRow<Op, true, false>(x, y, out, n, clamp);
  if (y_moves) return ClampedRow<Op, false, true>(x, y, out, n, clamp);
  ClampedRow<Op, false, false>(x, y, out, n, clamp);
}

using ClampedRowFn = void (*)(const float*, bool, const float*, bool, float*, long long, Clamp);

ClampedRowFn ClampedRowFor(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd: return ClampedRowOf<AddOp>;
    case BinaryOp::kSub: return ClampedRowOf<SubOp>;
    case BinaryOp::kMul: return ClampedRowOf<MulOp>;
    case BinaryOp::kDiv: return ClampedRowOf<DivOp>;
    case BinaryOp::kMax: return ClampedRowOf<MaxOp>;
    default: return ClampedRowOf<MinOp>;
  }
}

}  // namespace

void BinaryRow(BinaryOp op, const float* x, bool x_moves, const float* y, bool y_moves,
               float* out, long long n, const Activation& act) {
  const VectorActivation<V> vector_act(act);
  const ClampedRowFn row = ClampedRowFor(op);
  if (vector_act.clamps) {
    row(x, x_moves, y, y_moves, out, n, vector_act.ClampOnly());
    return;
  }
  // The other kinds go over each block again while it is in L1: one loop per op and one per
  // activation, instead of one per pair.
  constexpr long long kBlock = 1024;
  for (long long b = 0; b < n; b += kBlock) {
    const long long len = std::min(kBlock, n - b);
    row(x + (x_moves ? b : 0), x_moves, y + (y_moves ? b : 0), y_moves, out + b, len,
        vector_act.ClampOnly());
    Activate(out + b, nullptr, out + b, len, act);
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
