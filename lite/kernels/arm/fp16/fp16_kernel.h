// How an ARM fp16 kernel source compiles (beside lite/kernels/arm/arm_kernel.h, which it
// follows). fp16 kernels run on the fp16 math (lite/backends/arm/math/fp16), which an ARM
// build has only with LITE_WITH_ARM_FP16. So lite/kernels/arm/CMakeLists.txt compiles these
// sources in exactly two places: fp16 ARM builds (code and registrations) and the
// signature builds for opt (registrations only, PLITE_KERNEL_SIGNATURES_ONLY), where opt
// must see them to plan fp16 models for a device. An armv8.0 ARM build leaves them out, so
// the generated USE list never names a kernel it lacks.
// The kernels themselves are built for armv8.0 and call the fp16 math through plain
// declarations; each registration requires the CPU feature "fp16" (PLITE_ARM_FP16_CPU), so
// the optimizer never picks one where the CPU lacks half-precision arithmetic.
#pragma once

#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#ifndef PLITE_WITH_ARM_FP16
#error "ARM fp16 kernels are built only with LITE_WITH_ARM_FP16 (lite/kernels/arm/CMakeLists.txt)"
#endif
#include "lite/backends/arm/cpu_info.h"
#endif

#define PLITE_ARM_FP16_CPU PLITE_ARM_CPU_CHECK(paddle::lite::arm::CpuHasFp16Arith)
#define PLITE_ARM_FP16_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFP16), DATALAYOUT(kNCHW))
#define PLITE_ARM_FP16_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

// Where an fp16 kernel that converts its float weights once applies: input `weight` is a
// weight of rank `rank`, and Bias, when bound, is one too.
inline bool Fp16WeightsApply(const KernelOpView& op, const char* weight, size_t rank) {
  const Tensor* w = op.WeightOf(weight);
  if (!w || w->dims().size() != rank) return false;
  return op.Input("Bias").empty() || op.WeightOf("Bias") != nullptr;
}

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
