// elementwise_add/sub/mul/div (float) on x86: Out = act(X op Y) with the host kernel's
// broadcasting (operators::ElementwiseBroadcast). The aligned shapes are collapsed into
// runs of dims where X and Y each either both vary or stay put, so any broadcast becomes
// an outer loop over contiguous rows of the innermost run, where X and Y each step by 1 or
// stay at one element: same-shape operands are one flat row, [N, C, H, W] op [C] is N*C
// rows of H*W against one Y value each. Those row loops are plain C++ the compiler
// vectorizes (baseline flags), with the fused activation applied in the same loop. Pieces of
// rows are split over the predictor's pool when the tensor is big enough
// (copy_threads.h). Registered with the x86 kernels for CPUs with AVX2+FMA; the host kernel
// is the reference.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/kernels/x86/nchw16c_layout.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/kernels/x86/copy_threads.h"
#include "lite/operators/elementwise_ops.h"
#include "lite/utils/activation_ref.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

struct AddOp {
  static constexpr const char* kName = "elementwise_add";
  float operator()(float a, float b) const { return a + b; }
};
struct SubOp {
  static constexpr const char* kName = "elementwise_sub";
  float operator()(float a, float b) const { return a - b; }
};
struct MulOp {
  static constexpr const char* kName = "elementwise_mul";
  float operator()(float a, float b) const { return a * b; }
};
struct DivOp {
  static constexpr const char* kName = "elementwise_div";
  float operator()(float a, float b) const { return a / b; }
};

namespace {

// A run of merged output dims: its size and whether X / Y advance along it (false: that
// operand is broadcast there).
struct Run {
  int64_t size;
  bool x_moves;
  bool y_moves;
};

// The fused activations as functors, so Row applies op and activation in one vectorized
// loop. Comparisons instead of fmin/fmax (which the compiler keeps scalar for their NaN
// rules), ordered so NaN stays NaN; each equals ApplyActivation. The kinds that need exp,
// tanh or erf run the reference formula element by element (AnyAct).
struct NoAct {
  float operator()(float v) const { return v; }
};
struct Relu {
  float operator()(float v) const { return v < 0.f ? 0.f : v; }
};
struct Relu6 {
  float t;
  float operator()(float v) const {
    v = v < 0.f ? 0.f : v;
    return t < v ? t : v;
  }
};
struct LeakyRelu {
  float alpha;
  float operator()(float v) const { return v > 0.f ? v : v * alpha; }
};
struct Abs {
  float operator()(float v) const { return std::fabs(v); }
};
struct HardSwish {
  float offset, t, scale;
  float operator()(float v) const {
    float c = v + offset;
    c = c < 0.f ? 0.f : c;
    c = t < c ? t : c;
    return v * c / scale;
  }
};
struct HardSigmoid {
  float slope, offset;
  float operator()(float v) const {
    v = slope * v + offset;
    v = v < 0.f ? 0.f : v;
    return 1.f < v ? 1.f : v;
  }
};
struct AnyAct {
  Activation act;
  float operator()(float v) const { return ApplyActivation(v, act); }
};

template <typename Op, typename Act>
void Row(int64_t n, const float* x, bool x_moves, const float* y, bool y_moves, float* out,
         Act act) {
  Op op;
  if (x_moves && y_moves) {
    for (int64_t i = 0; i < n; ++i) out[i] = act(op(x[i], y[i]));
  } else if (x_moves) {
    const float yv = *y;
    for (int64_t i = 0; i < n; ++i) out[i] = act(op(x[i], yv));
  } else if (y_moves) {
    const float xv = *x;
    for (int64_t i = 0; i < n; ++i) out[i] = act(op(xv, y[i]));
  } else {
    const float v = act(op(*x, *y));
    for (int64_t i = 0; i < n; ++i) out[i] = v;
  }
}

template <typename Op>
void RowWithActivation(int64_t n, const float* x, bool x_moves, const float* y, bool y_moves,
                       float* out, const Activation& a) {
  switch (a.kind) {
    case ActivationType::kNone:
      return Row<Op>(n, x, x_moves, y, y_moves, out, NoAct{});
    case ActivationType::kRelu:
      return Row<Op>(n, x, x_moves, y, y_moves, out, Relu{});
    case ActivationType::kRelu6:
      return Row<Op>(n, x, x_moves, y, y_moves, out, Relu6{a.relu6_threshold});
    case ActivationType::kLeakyRelu:
      return Row<Op>(n, x, x_moves, y, y_moves, out, LeakyRelu{a.leaky_relu_alpha});
    case ActivationType::kAbs:
      return Row<Op>(n, x, x_moves, y, y_moves, out, Abs{});
    case ActivationType::kHardSwish:
      return Row<Op>(n, x, x_moves, y, y_moves, out,
                     HardSwish{a.hard_swish_offset, a.hard_swish_threshold, a.hard_swish_scale});
    case ActivationType::kHardSigmoid:
      return Row<Op>(n, x, x_moves, y, y_moves, out,
                     HardSigmoid{a.hard_sigmoid_slope, a.hard_sigmoid_offset});
    default:
      return Row<Op>(n, x, x_moves, y, y_moves, out, AnyAct{a});
  }
}

// Rows are cut into pieces of at most this many elements, so a single big row (same-shape
// operands) still splits over threads.
constexpr int64_t kPiece = 4096;

using RowFn = void (*)(int64_t n, const float* x, bool x_moves, const float* y, bool y_moves,
                       float* out, const Activation& act);

// The row loop of the op type a kernel was created for.
RowFn RowOf(const std::string& op_type) {
  if (op_type == AddOp::kName) return RowWithActivation<AddOp>;
  if (op_type == SubOp::kName) return RowWithActivation<SubOp>;
  if (op_type == MulOp::kName) return RowWithActivation<MulOp>;
  if (op_type == DivOp::kName) return RowWithActivation<DivOp>;
  PLITE_THROW("x86 elementwise kernel: no row loop for op type '", op_type, "'");
}

}  // namespace

// One kernel class for the op types of the family; the row loop is picked once per kernel.
class ElementwiseCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void PrepareForRun() override { row_ = RowOf(op_type()); }

  void Run() override {
    auto& param = Param<operators::ElementwiseParam>();
    const operators::BroadcastShape shape = operators::ElementwiseBroadcast(
        param.x->dims(), param.y->dims(), param.axis, op_type().c_str());
    std::vector<struct Run> runs;
    for (size_t d = 0; d < shape.out_dims.size(); ++d) {
      if (shape.out_dims[d] == 1) continue;
      const bool xm = shape.x_dims[d] != 1, ym = shape.y_dims[d] != 1;
      if (!runs.empty() && runs.back().x_moves == xm && runs.back().y_moves == ym) {
        runs.back().size *= shape.out_dims[d];
      } else {
        runs.push_back({shape.out_dims[d], xm, ym});
      }
    }
    if (runs.empty()) runs.push_back({1, true, true});

    // Element strides of each run in X and Y (0 where broadcast).
    const size_t rank = runs.size();
    std::vector<int64_t> x_stride(rank), y_stride(rank);
    int64_t xs = 1, ys = 1;
    for (size_t i = rank; i-- > 0;) {
      x_stride[i] = runs[i].x_moves ? xs : 0;
      y_stride[i] = runs[i].y_moves ? ys : 0;
      if (runs[i].x_moves) xs *= runs[i].size;
      if (runs[i].y_moves) ys *= runs[i].size;
    }

    const float* x = param.x->template data<float>();
    const float* y = param.y->template data<float>();
    float* out = param.out->template mutable_data<float>();
    const struct Run& inner = runs.back();
    const int64_t numel = param.out->numel();
    if (numel == 0) return;
    const int64_t rows = numel / inner.size;
    const int64_t pieces_per_row = (inner.size + kPiece - 1) / kPiece;
    const int64_t pieces = rows * pieces_per_row;
    const int tasks = CopyThreads(ctx(), 3 * numel * static_cast<int64_t>(sizeof(float)), pieces);
    ParallelTasks(ctx(), tasks, [&](int t) {
      int64_t begin, end;
      TaskRange(pieces, t, tasks, &begin, &end);
      for (int64_t p = begin; p < end; ++p) {
        const int64_t r = p / pieces_per_row;
        const int64_t start = p % pieces_per_row * kPiece;
        const int64_t n = std::min(kPiece, inner.size - start);
        int64_t xo = inner.x_moves ? start : 0, yo = inner.y_moves ? start : 0;
        int64_t rest = r;  // row r's multi-index over the outer runs, last fastest
        for (size_t i = rank - 1; i-- > 0;) {
          const int64_t idx = rest % runs[i].size;
          rest /= runs[i].size;
          xo += idx * x_stride[i];
          yo += idx * y_stride[i];
        }
        float* dst = out + r * inner.size + start;
        row_(n, x + xo, inner.x_moves, y + yo, inner.y_moves, dst, param.act);
      }
    });
  }

 private:
  RowFn row_ = nullptr;
};

// Two NCHW16c operands of one shape (the registration applies to only those): element for
// element over the blocked buffers, padding lanes included (finite, so they stay so).
class ElementwiseBlockedCompute
    : public KernelLite<TargetType::kX86, PrecisionType::kFloat, DataLayoutType::kNCHW16c> {
 public:
  void PrepareForRun() override { row_ = RowOf(op_type()); }

  void Run() override {
    const operators::ElementwiseParam& param = Param<operators::ElementwiseParam>();
    const std::string who = op_type() + " (x86 NCHW16c)";
    const float* x = BlockedData(*param.x, who.c_str());
    const float* y = BlockedData(*param.y, who.c_str());
    PLITE_CHECK(param.x->dims() == param.y->dims(), who, ": X ", param.x->dims(), " and Y ",
                param.y->dims(), " differ; blocked operands must have one shape");
    param.out->Resize(param.x->dims());
    float* out = MutableBlockedData(param.out, TargetType::kX86);
    const int64_t numel = BlockedNumel(param.x->dims());
    const int64_t pieces = (numel + kPiece - 1) / kPiece;
    const int tasks = CopyThreads(ctx(), 3 * numel * static_cast<int64_t>(sizeof(float)), pieces);
    ParallelTasks(ctx(), tasks, [&](int t) {
      int64_t begin, end;
      TaskRange(pieces, t, tasks, &begin, &end);
      const int64_t first = begin * kPiece, last = std::min(numel, end * kPiece);
      row_(last - first, x + first, true, y + first, true, out + first, param.act);
    });
  }

 private:
  RowFn row_ = nullptr;
};

// Where the blocked kernel applies: X and Y of one known 4-D shape (the batch aside). A
// division needs whole blocks: padding lanes hold zeros (a convolution's padded filter
// rows), and 0 / 0 would put NaN where the next convolution's zero weights read it.
bool AppliesToBlockedOperands(const KernelOpView& op) {
  const std::vector<int64_t> x = op.Dims(op.Input("X")), y = op.Dims(op.Input("Y"));
  if (x.size() != 4 || y.size() != 4) return false;
  for (size_t i = 1; i < 4; ++i) {
    if (x[i] != y[i]) return false;
  }
  return op.desc().Type() != DivOp::kName || op.Channels(op.Input("X")) % kChannelBlock == 0;
}

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_X86_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW))
#define PLITE_X86_BLOCKED_TY \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW16c))

REGISTER_LITE_KERNELS((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div), kX86, kFloat, kNCHW, paddle::lite::kernels::x86::ElementwiseCompute, def)
    .BindInput("X", {PLITE_X86_FLOAT_TY})
    .BindInput("Y", {PLITE_X86_FLOAT_TY})
    .BindOutput("Out", {PLITE_X86_FLOAT_TY})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
REGISTER_LITE_KERNELS((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div), kX86, kFloat, kNCHW16c, paddle::lite::kernels::x86::ElementwiseBlockedCompute, def)
    .BindInput("X", {PLITE_X86_BLOCKED_TY})
    .BindInput("Y", {PLITE_X86_BLOCKED_TY})
    .BindOutput("Out", {PLITE_X86_BLOCKED_TY})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Applies(paddle::lite::kernels::x86::AppliesToBlockedOperands)
    .Finalize();
