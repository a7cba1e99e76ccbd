// fc for the backends with a packed SGEMM and a few-row GEMV (x86, ARM):
// Out[M, N] = act(X[M, K] * W[K, N] + bias[N]), X the 2-D view of Input at in_num_col_dims.
// - M <= M::kGemvRows (the classifier at batch 1): Gemv streams W once where it is stored,
//   vectorized along N, with bias and activation fused: W is used once per run, so packing
//   it (per run, or a packed copy made once) would only add traffic; the SGEMM's register
//   tiles would be mostly idle.
// - larger M: one SGEMM with W read as B. The bias runs along N, not along the GEMM
//   epilogue's rows, so bias and the fused activation are one vector pass over each row
//   afterwards, rows split over the predictor's pool.
// M names the backend: kTarget, kName (in errors), kGemvRows, its math's GemmEpilogue and
// SgemmOptions types, and Gemv, Sgemm, Activate and OptionsFor (lite/backends/<target>/math).
#pragma once

#include <algorithm>
#include <cstdint>

#include "lite/core/kernel.h"
#include "lite/core/parallel_ranges.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename M>
class GemmFcCompute : public KernelLite<M::kTarget, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::FcParam>();
    const DDim& in = param.input->dims();
    const DDim& w_dims = param.w->dims();
    PLITE_CHECK(w_dims.size() == 2, "fc (", M::kName, "): W must be 2-D, got ", w_dims);
    const int m = static_cast<int>(in.count(0, param.in_num_col_dims));
    const int k = static_cast<int>(in.count(param.in_num_col_dims, in.size()));
    const int n = static_cast<int>(w_dims[1]);
    PLITE_CHECK(w_dims[0] == k, "fc (", M::kName, "): W has ", w_dims[0],
                " rows, Input gives K = ", k);
    const float* x = param.input->template data<float>();
    const float* w = param.w->template data<float>();
    const float* bias = param.bias ? param.bias->template data<float>() : nullptr;
    float* out = param.output->template mutable_data<float>();

    const typename M::SgemmOptions options = M::OptionsFor(this->ctx());
    if (m <= M::kGemvRows) {
      typename M::GemmEpilogue epilogue;
      epilogue.bias = bias;
      epilogue.act = param.act;
      M::Gemv(m, n, k, x, k, w, n, out, n, epilogue, options);
      return;
    }
    M::Sgemm(m, n, k, 1.f, x, k, w, n, 0.f, out, n, typename M::GemmEpilogue{}, options);
    if (!bias && param.act.kind == ActivationType::kNone) return;
    // Rows in parallel, each task at least ~16 K floats (a task switch costs more below).
    ParallelRanges(this->ctx(), m, std::max(1, (1 << 14) / std::max(n, 1)),
                   [&](int64_t i0, int64_t i1) {
                     for (int64_t i = i0; i < i1; ++i) {
                       float* row = out + i * n;
                       M::Activate(row, bias, row, n, param.act);
                     }
                   });
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
