// A CPU backend's packed SGEMM (lite/backends/<target>/math/gemm/sgemm.h: PackedASize,
// PackA, SgemmPacked, with its GemmEpilogue and SgemmOptions) as the conv drivers the
// backends share call it (gemm_conv.h, gemm_conv_transpose.h). Each backend names its entry
// points once, e.g. on x86
//   constexpr host::PackedSgemm<math::GemmEpilogue, math::SgemmOptions> kSgemm{
//       "x86", math::PackedASize, math::PackA, math::SgemmPacked, SgemmOptionsFor};
// The drivers call them once per GEMM (a block of a convolution), never per tile.
#pragma once

#include <cstddef>

#include "lite/core/context.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename Epilogue, typename Options>
struct PackedSgemm {
  const char* backend;  // whose kernel, in errors: "x86", "ARM"
  size_t (*packed_a_size)(int m, int k);
  void (*pack_a)(int m, int k, const float* a, int lda, float* packed, float alpha);
  void (*sgemm_packed)(int m, int n, int k, const float* packed_a, const float* b, int ldb,
                       float beta, float* c, int ldc, const Epilogue& epilogue,
                       const Options& options);
  // Options splitting one GEMM over the context's pool (single thread without one).
  Options (*options_for)(const KernelContext& ctx);
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
