// fc marked enable_int8 (int8_quantize_pass turns a quantized mul / matmul / matmul_v2 by a
// weight matrix into it; fc_fuse_pass then folds its bias add in), on AVX512_VNNI CPUs: the
// float input [M, K] quantized per tensor, then C^T = W^T X^T with the int8 GEMM (igemm.h:
// W^T [N, K] packed once as its A, the quantized rows of X as its B columns), scaled back
// per output column (input scale x that column's weight scale), bias and the fused
// activation in its epilogue. One row (a classifier's batch of one) is a column of B and
// its C^T column is the output row; more rows go through transposes in scratch.
#include <algorithm>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm_int8/igemm.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace xm = lite::x86::math;

class FcInt8Compute : public KernelLite<TargetType::kX86, PrecisionType::kInt8> {
 public:
  void PrepareForRun() override {
    auto& param = Param<operators::FcParam>();
    const DDim& w = param.w->dims();
    const int k = static_cast<int>(w[0]), n = static_cast<int>(w[1]);
    const int8_t* weight = param.w->data<int8_t>();
    std::vector<int8_t> transposed(static_cast<size_t>(n) * k);
    for (int i = 0; i < k; ++i) {
      for (int j = 0; j < n; ++j) transposed[static_cast<size_t>(j) * k + i] = weight[i * n + j];
    }
    packed_ = xm::PackedInt8A(n, k, transposed.data(), k);
    scales_.resize(n);
    for (int j = 0; j < n; ++j) scales_[j] = param.int8.input * param.int8.weight[j];
  }

  void Run() override {
    auto& param = Param<operators::FcParam>();
    const DDim& in = param.input->dims();
    const int k = packed_.k(), n = packed_.m();
    const int64_t rows = in.count(0, param.in_num_col_dims);
    PLITE_CHECK(in.count(param.in_num_col_dims, in.size()) == k, "fc (x86 int8): Input ", in,
                " does not have the ", k, " columns W takes");
    const int m = static_cast<int>(rows);
    ResizeScratch(&quantized_, static_cast<size_t>(m) * k, "the quantized input");
    xm::QuantizeToInt8(param.input->data<float>(), static_cast<long long>(m) * k,
                       1.f / param.int8.input, param.int8.round_type == 0, quantized_.data());
    // B = X^T (K x M): X itself for one row.
    const int8_t* b = quantized_.data();
    if (m > 1) {
      ResizeScratch(&columns_, static_cast<size_t>(m) * k, "the transposed input");
      for (int r = 0; r < m; ++r) {
        for (int c = 0; c < k; ++c) columns_[static_cast<size_t>(c) * m + r] = quantized_[r * k + c];
      }
      b = columns_.data();
    }
    xm::Int8Epilogue ep;
    ep.scale = scales_.data();
    ep.bias = param.bias ? param.bias->data<float>() : nullptr;
    ep.act = param.act;
    xm::IgemmOptions options;
    const auto sgemm_options = SgemmOptionsFor(ctx());
    options.threads = sgemm_options.threads;
    options.parallel_for = sgemm_options.parallel_for;
    float* out = param.output->mutable_data<float>();
    if (m == 1) {
      xm::Igemm(1, packed_, b, 1, out, 1, ep, options);
      return;
    }
    ResizeScratch(&result_, static_cast<size_t>(n) * m, "the transposed output");
    xm::Igemm(m, packed_, b, m, result_.data(), m, ep, options);
    for (int r = 0; r < m; ++r) {
      for (int j = 0; j < n; ++j) out[static_cast<size_t>(r) * n + j] = result_[j * m + r];
    }
  }

 private:
  xm::PackedInt8A packed_;         // W^T
  std::vector<float> scales_;      // per output column: input x weight scale
  std::vector<int8_t> quantized_;  // the input, quantized, [M, K]
  std::vector<int8_t> columns_;    // its transpose [K, M] (M > 1)
  std::vector<float> result_;      // C^T [N, M] (M > 1)
};

bool IsInt8Fc(const KernelOpView& op) { return op.desc().GetAttrOr<bool>("enable_int8", false); }

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(fc, kX86, kInt8, kNCHW, paddle::lite::kernels::x86::FcInt8Compute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("W", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kInt8))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx512_vnni", paddle::lite::x86::CpuHasAvx512Vnni)
    .Applies(paddle::lite::kernels::x86::IsInt8Fc)
    .Finalize();
