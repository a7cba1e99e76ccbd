// matmul / matmul_v2 on host: one GEMM per broadcast batch index.
#include <vector>

#include "lite/backends/host/math/gemm.h"
#include "lite/core/op_registry.h"
#include "lite/operators/matmul_op.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class MatMulCompute : public KernelLite<TargetType::kHost, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::MatMulParam>();
    const operators::MatMulGeometry g = operators::ComputeMatMulGeometry(
        op_type(), param.x->dims(), param.y->dims(), param.transpose_x, param.transpose_y);
    const int m = static_cast<int>(g.m), n = static_cast<int>(g.n), k = static_cast<int>(g.k);
    // Row-major leading dims of the stored (untransposed) matrices.
    const int lda = g.transpose_x ? m : k;
    const int ldb = g.transpose_y ? k : n;
    int64_t batch_count = 1;
    for (int64_t d : g.batch) batch_count *= d;

    const float* x = param.x->data<float>();
    const float* y = param.y->data<float>();
    float* out = param.out->mutable_data<float>();
    for (int64_t b = 0; b < batch_count; ++b) {
      const float* x_b = x + operators::MatMulBatchOffset(b, g.batch, g.x_batch) * m * k;
      const float* y_b = y + operators::MatMulBatchOffset(b, g.batch, g.y_batch) * k * n;
      lite::host::math::Gemm(g.transpose_x, g.transpose_y, m, n, k, param.alpha, x_b,
                             lda, y_b, ldb, 0.f, out + b * m * n, n);
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS((matmul, matmul_v2), kHost, kFloat, kNCHW, paddle::lite::kernels::host::MatMulCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindInput("Y", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .Finalize();
