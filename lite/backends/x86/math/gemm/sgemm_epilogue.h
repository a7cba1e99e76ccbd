// Internal to sgemm.cc / gemv.cc (baseline-compiled only): the epilogue in the kernels' form.
#pragma once

#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/backends/x86/math/gemm/sgemm_kernel.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace sgemm_internal {

// The activation and its parameters as the kernels take them (bias copied as is); throws
// on an unknown activation.
TileEpilogue ToTileEpilogue(const GemmEpilogue& epilogue);
// One element, with operators::ApplyActivation's formulas (portable paths and edges).
float ActivateScalar(float v, const TileEpilogue& ep);

}  // namespace sgemm_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
