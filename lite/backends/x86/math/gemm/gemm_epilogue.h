// The fused epilogue of the x86 GEMM and GEMV: a per-row (GEMM) or per-column (GEMV) bias
// and an activation, applied where results are stored. No standard header: the ISA-flagged
// kernel files include it (see sgemm_kernel.h on why they include none).
#pragma once

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// Applied per output row when C is stored: c[m][n] = act(c[m][n] + bias[m]).
struct GemmEpilogue {
  const float* bias = nullptr;  // M values, or nullptr for no bias
  Activation act;               // any kind lite/utils/activation.h describes; none by default
};

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
