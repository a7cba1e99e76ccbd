// matmul / matmul_v2 on x86: one x86 SGEMM per broadcast batch index (the host kernel's
// geometry: operators::ComputeMatMulGeometry, MatMulBatchOffset). The SGEMM takes
// row-major operands, so a transposed X or Y is first copied transposed into scratch (its
// cost is one pass over the operand, against k passes of the product). Products with at most
// 4 rows (matrix x vector) skip the SGEMM's packing of Y and stream Y once
// (small_gemm_avx2.h), transposed or not. Many batches (at least one per thread) run in
// parallel, one single-threaded product each; otherwise each product splits over the pool. Registered for CPUs with AVX2+FMA; the host
// kernel is the reference.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/backends/x86/math/gemm/small_gemm_avx2.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/kernels/x86/parallel_ranges.h"
#include "lite/operators/matmul_op.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace {

// dst (cols x rows) = transpose of src (rows x cols), in 8x8 blocks to stay in cache.
void Transpose(const float* src, int rows, int cols, float* dst) {
  constexpr int kBlock = 8;
  for (int r0 = 0; r0 < rows; r0 += kBlock) {
    const int r1 = std::min(rows, r0 + kBlock);
    for (int c0 = 0; c0 < cols; c0 += kBlock) {
      const int c1 = std::min(cols, c0 + kBlock);
      for (int r = r0; r < r1; ++r) {
        for (int c = c0; c < c1; ++c) {
          dst[static_cast<int64_t>(c) * rows + r] = src[static_cast<int64_t>(r) * cols + c];
        }
      }
    }
  }
}

}  // namespace

class MatMulCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::MatMulParam>();
    const operators::MatMulGeometry g = operators::ComputeMatMulGeometry(
        op_type(), param.x->dims(), param.y->dims(), param.transpose_x, param.transpose_y);
    // Below, g's transposes: matmul_v2 ignores the attributes on 1-D operands.
    const int m = static_cast<int>(g.m), n = static_cast<int>(g.n), k = static_cast<int>(g.k);
    int64_t batch_count = 1;
    for (int64_t d : g.batch) batch_count *= d;
    const float* x = param.x->template data<float>();
    const float* y = param.y->template data<float>();
    float* out = param.out->template mutable_data<float>();
    if (batch_count == 0 || m == 0 || n == 0) return;

    const int threads = ctx().pool != nullptr ? ctx().pool->threads() : 1;
    const bool batch_parallel = threads > 1 && batch_count >= threads;
    const int tasks = batch_parallel ? threads : 1;
    const size_t a_size = g.transpose_x ? static_cast<size_t>(m) * k : 0;
    const bool small = m <= lite::x86::math::kSmallGemmMaxRows && k > 0;
    const size_t b_size = g.transpose_y && !small ? static_cast<size_t>(k) * n : 0;
    ResizeScratch(&scratch_, static_cast<size_t>(tasks) * (a_size + b_size), "transposed operands");
    const lite::x86::math::SgemmOptions options =
        batch_parallel ? lite::x86::math::SgemmOptions() : SgemmOptionsFor(ctx());

    auto run_batches = [&](int task) {
      float* a_buf = scratch_.data() + static_cast<size_t>(task) * (a_size + b_size);
      float* b_buf = a_buf + a_size;
      for (int64_t b = batch_count * task / tasks; b < batch_count * (task + 1) / tasks; ++b) {
        const float* a = x + operators::MatMulBatchOffset(b, g.batch, g.x_batch) * m * k;
        const float* bm = y + operators::MatMulBatchOffset(b, g.batch, g.y_batch) * k * n;
        if (g.transpose_x) {  // stored k x m
          Transpose(a, k, m, a_buf);
          a = a_buf;
        }
        float* c = out + b * m * n;
        if (small) {
          SmallProduct(m, n, k, param.alpha, a, bm, g.transpose_y, c, !batch_parallel);
          continue;
        }
        if (g.transpose_y) {  // stored n x k
          Transpose(bm, n, k, b_buf);
          bm = b_buf;
        }
        lite::x86::math::Sgemm(m, n, k, param.alpha, a, k, bm, n, 0.f, c, n, {}, options);
      }
    };
    if (batch_parallel) {
      ParallelTasks(ctx(), tasks, run_batches);
    } else {
      run_batches(0);
    }
  }

 private:
  // C = alpha * A * op(B) for m <= kSmallGemmMaxRows, the columns of C split over the pool
  // when `parallel` (B stored k x n, or n x k when transposed).
  void SmallProduct(int m, int n, int k, float alpha, const float* a, const float* b,
                    bool b_transposed, float* c, bool parallel) {
    auto columns = [&](int64_t j0, int64_t j1) {
      const float* b_cols = b_transposed ? b + j0 * k : b + j0;
      lite::x86::math::SmallGemmAvx2(m, static_cast<int>(j1 - j0), k, alpha, a, k, b_cols,
                                     b_transposed ? k : n, b_transposed, c + j0, n);
    };
    if (parallel) {
      ParallelRanges(ctx(), n, std::max<int64_t>(16, (1 << 16) / k), columns);
    } else {
      columns(0, n);
    }
  }

  AlignedVector<float> scratch_;  // transposed operands, one slice per task
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_X86_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW))

REGISTER_LITE_KERNELS((matmul, matmul_v2), kX86, kFloat, kNCHW, paddle::lite::kernels::x86::MatMulCompute, def)
    .BindInput("X", {PLITE_X86_FLOAT_TY})
    .BindInput("Y", {PLITE_X86_FLOAT_TY})
    .BindOutput("Out", {PLITE_X86_FLOAT_TY})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
