// matmul / matmul_v2 on ARM: one NEON SGEMM per broadcast batch index (the host kernel's
// geometry: operators::ComputeMatMulGeometry, MatMulBatchOffset). The SGEMM takes row-major
// operands, so a transposed X or Y is first copied transposed into scratch (one pass over
// the operand, against k passes of the product). Products of at most kGemvRows rows with Y
// not transposed (matrix x vector) stream Y once through Gemv, with alpha folded into a copy
// of X (m x k, small). Many batches (at least one per thread) run in parallel, one
// single-threaded product each; otherwise each product splits over the pool. The host
// kernel is the reference.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include <algorithm>
#include <cstdint>

#include "lite/backends/arm/math/gemm/gemv.h"
#include "lite/backends/arm/math/gemm/sgemm.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/arm/sgemm_options.h"
#include "lite/operators/matmul_op.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace math = lite::arm::math;

namespace {

// dst (cols x rows) = scale * transpose of src (rows x cols), in 8x8 blocks to stay in cache.
void Transpose(const float* src, int rows, int cols, float scale, float* dst) {
  constexpr int kBlock = 8;
  for (int r0 = 0; r0 < rows; r0 += kBlock) {
    const int r1 = std::min(rows, r0 + kBlock);
    for (int c0 = 0; c0 < cols; c0 += kBlock) {
      const int c1 = std::min(cols, c0 + kBlock);
      for (int r = r0; r < r1; ++r) {
        for (int c = c0; c < c1; ++c) {
          dst[static_cast<int64_t>(c) * rows + r] = scale * src[static_cast<int64_t>(r) * cols + c];
        }
      }
    }
  }
}

}  // namespace

class MatMulCompute : public KernelLite<TargetType::kARM, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::MatMulParam>();
    const operators::MatMulGeometry g = operators::ComputeMatMulGeometry(
        op_type(), param.x->dims(), param.y->dims(), param.transpose_x, param.transpose_y);
    // Below, g's transposes: matmul_v2 ignores the attributes on 1-D operands.
    const int m = static_cast<int>(g.m), n = static_cast<int>(g.n), k = static_cast<int>(g.k);
    int64_t batch_count = 1;
    for (int64_t d : g.batch) batch_count *= d;
    const float* x = param.x->data<float>();
    const float* y = param.y->data<float>();
    float* out = param.out->mutable_data<float>();
    if (batch_count == 0 || m == 0 || n == 0) return;

    const int threads = ctx().pool != nullptr ? ctx().pool->threads() : 1;
    const bool batch_parallel = threads > 1 && batch_count >= threads;
    const int tasks = batch_parallel ? threads : 1;
    const bool few_rows = m <= math::kGemvRows && !g.transpose_y;
    // Gemv reads alpha * op(X) from scratch; the SGEMM packs alpha in, and needs op(X) in
    // scratch only when X is transposed, op(Y) when Y is.
    const size_t a_size = few_rows || g.transpose_x ? static_cast<size_t>(m) * k : 0;
    const size_t b_size = g.transpose_y ? static_cast<size_t>(k) * n : 0;
    ResizeScratch(&scratch_, static_cast<size_t>(tasks) * (a_size + b_size),
                  "transposed operands");
    const math::SgemmOptions options =
        batch_parallel ? math::SgemmOptions() : SgemmOptionsFor(ctx());

    auto run_batches = [&](int task) {
      float* a_buf = scratch_.data() + static_cast<size_t>(task) * (a_size + b_size);
      float* b_buf = a_buf + a_size;
      for (int64_t b = batch_count * task / tasks; b < batch_count * (task + 1) / tasks; ++b) {
        const float* a = x + operators::MatMulBatchOffset(b, g.batch, g.x_batch) * m * k;
        const float* bm = y + operators::MatMulBatchOffset(b, g.batch, g.y_batch) * k * n;
        float* c = out + b * m * n;
        if (few_rows) {
          if (g.transpose_x) {  // stored k x m
            Transpose(a, k, m, param.alpha, a_buf);
          } else {
            for (size_t i = 0; i < a_size; ++i) a_buf[i] = param.alpha * a[i];
          }
          math::Gemv(m, n, k, a_buf, std::max(k, 1), bm, n, c, n, {}, options);
          continue;
        }
        if (g.transpose_x) {
          Transpose(a, k, m, 1.f, a_buf);
          a = a_buf;
        }
        if (g.transpose_y) {  // stored n x k
          Transpose(bm, n, k, 1.f, b_buf);
          bm = b_buf;
        }
        math::Sgemm(m, n, k, param.alpha, a, std::max(k, 1), bm, n, 0.f, c, n, {}, options);
      }
    };
    if (batch_parallel) {
      ParallelTasks(ctx(), tasks, run_batches);
    } else {
      run_batches(0);
    }
  }

 private:
  AlignedVector<float> scratch_;  // scaled or transposed operands, one slice per task
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
REGISTER_LITE_KERNELS((matmul, matmul_v2), kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(MatMulCompute), def)
    .BindInput("X", {PLITE_ARM_FLOAT_TY})
    .BindInput("Y", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Out", {PLITE_ARM_FLOAT_TY})
    .Finalize();
