// The ARM elementwise kernels' broadcasting (float and fp16): the aligned dims of
// operators::ElementwiseBroadcast are merged into runs along which X and Y each either both
// step or stay put, so every broadcast becomes rows of the innermost run where each operand
// steps by one element or repeats one value:
//   same shapes            one flat row;
//   per channel, [C] at 1  N*C rows of H*W against one Y value each;
//   anything else          rows of the innermost run, each row's operand offsets from its
//                          index over the outer runs.
// Rows are cut into pieces so one long row still splits over the predictor's pool.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "lite/backends/arm/math/elementwise.h"
#include "lite/core/kernel.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/arm/element_task_size.h"
#include "lite/operators/broadcast_shape.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

// The output as rows of its innermost run, with where each row starts in X and Y.
class BroadcastRows {
 public:
  explicit BroadcastRows(const operators::BroadcastShape& shape) {
    for (size_t d = 0; d < shape.out_dims.size(); ++d) {
      if (shape.out_dims[d] == 1) continue;
      const bool x_moves = shape.x_dims[d] != 1, y_moves = shape.y_dims[d] != 1;
      if (!runs_.empty() && runs_.back().x_moves == x_moves && runs_.back().y_moves == y_moves) {
        runs_.back().size *= shape.out_dims[d];
      } else {
        runs_.push_back({shape.out_dims[d], x_moves, y_moves, 0, 0});
      }
    }
    if (runs_.empty()) runs_.push_back({1, true, true, 0, 0});
    int64_t x_size = 1, y_size = 1;
    for (size_t i = runs_.size(); i-- > 0;) {
      Run& run = runs_[i];
      run.x_stride = run.x_moves ? x_size : 0;
      run.y_stride = run.y_moves ? y_size : 0;
      if (run.x_moves) x_size *= run.size;
      if (run.y_moves) y_size *= run.size;
    }
  }

  int64_t row_length() const { return runs_.back().size; }
  bool x_moves() const { return runs_.back().x_moves; }
  bool y_moves() const { return runs_.back().y_moves; }

  // Where row r starts in X and in Y (its multi-index over the outer runs, last fastest).
  void RowStart(int64_t r, int64_t* x_offset, int64_t* y_offset) const {
    *x_offset = 0;
    *y_offset = 0;
    for (size_t i = runs_.size() - 1; i-- > 0 && r > 0;) {
      const int64_t index = r % runs_[i].size;
      r /= runs_[i].size;
      *x_offset += index * runs_[i].x_stride;
      *y_offset += index * runs_[i].y_stride;
    }
  }

 private:
  // Merged output dims: the size, whether X / Y step along them (false: broadcast there), and
  // their element strides (0 where broadcast).
  struct Run {
    int64_t size;
    bool x_moves, y_moves;
    int64_t x_stride, y_stride;
  };
  std::vector<Run> runs_;
};

inline lite::arm::math::BinaryOp BinaryOpOf(const std::string& op_type) {
  using lite::arm::math::BinaryOp;
  if (op_type == "elementwise_add") return BinaryOp::kAdd;
  if (op_type == "elementwise_sub") return BinaryOp::kSub;
  if (op_type == "elementwise_mul") return BinaryOp::kMul;
  if (op_type == "elementwise_div") return BinaryOp::kDiv;
  if (op_type == "elementwise_max") return BinaryOp::kMax;
  if (op_type == "elementwise_min") return BinaryOp::kMin;
  PLITE_THROW("ARM elementwise kernel: no loop for op type '", op_type, "'");
}

// Out = act(X op Y) of param (element type T) through `row(x, x_moves, y, y_moves, out, n)`,
// one call per piece of a row, the pieces split over ctx's pool.
template <typename T, typename Row>
void RunBinaryRows(const KernelContext& ctx, const std::string& op_type,
                   const operators::ElementwiseParam& param, const Row& row) {
  const BroadcastRows rows(
      operators::ElementwiseBroadcast(param.x->dims(), param.y->dims(), param.axis, op_type));
  const T* x = param.x->data<T>();
  const T* y = param.y->data<T>();
  T* out = param.out->mutable_data<T>();
  const int64_t numel = param.out->numel();
  if (numel == 0) return;
  constexpr int64_t kPiece = 4096;
  const int64_t length = rows.row_length();
  const int64_t pieces_per_row = (length + kPiece - 1) / kPiece;
  const int64_t piece_length = std::min(kPiece, length);
  ParallelRanges(ctx, numel / length * pieces_per_row,
                 std::max<int64_t>(1, MinElementsPerTask(param.act.kind) / piece_length),
                 [&](int64_t begin, int64_t end) {
                   for (int64_t p = begin; p < end; ++p) {
                     const int64_t r = p / pieces_per_row;
                     const int64_t start = p % pieces_per_row * kPiece;
                     int64_t xo, yo;
                     rows.RowStart(r, &xo, &yo);
                     if (rows.x_moves()) xo += start;
                     if (rows.y_moves()) yo += start;
                     row(x + xo, rows.x_moves(), y + yo, rows.y_moves(), out + r * length + start,
                         std::min(kPiece, length - start));
                   }
                 });
}

// The elementwise kernel of one precision: the op picked once per kernel, each row
// kRow(op, x, x_moves, y, y_moves, out, n, act) (the float and fp16 row loops).
template <PrecisionType kPrecision, typename T,
          void (*kRow)(lite::arm::math::BinaryOp, const T*, bool, const T*, bool, T*, long long,
                       const Activation&)>
class ElementwiseRowsCompute : public KernelLite<TargetType::kARM, kPrecision> {
 public:
  void PrepareForRun() override { op_ = BinaryOpOf(this->op_type()); }

  void Run() override {
    auto& param = this->template Param<operators::ElementwiseParam>();
    RunBinaryRows<T>(this->ctx(), this->op_type(), param,
                     [&](const T* x, bool x_moves, const T* y, bool y_moves, T* out, int64_t n) {
                       kRow(op_, x, x_moves, y, y_moves, out, n, param.act);
                     });
  }

 private:
  lite::arm::math::BinaryOp op_{lite::arm::math::BinaryOp::kAdd};
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
