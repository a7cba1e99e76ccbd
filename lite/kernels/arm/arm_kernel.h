// How an ARM kernel source compiles. Each source holds its kernels' code between
// `#if PLITE_ARM_CODE` and `#endif`, and its registrations after, naming the kernel class as
// PLITE_ARM_KERNEL(Class):
//
//   #if PLITE_ARM_CODE
//   namespace paddle::lite::kernels::arm { class PoolCompute ... }
//   #endif
//   REGISTER_LITE_KERNEL(pool2d, kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(PoolCompute), def)
//       .BindInput(...) ... .Finalize();
//
// In an ARM build that is the kernel itself. On another machine opt compiles the same
// sources with PLITE_KERNEL_SIGNATURES_ONLY: the code is left out and every registration
// binds SignatureOnlyKernel, so opt knows each ARM kernel's declared types, conditions and
// place, and writes models that the ARM library runs (cmake/lite.cmake, add_kernel).
// Conditions given to .Applies() stay outside the #if: opt evaluates them.
#pragma once

#include "lite/core/op_registry.h"

#ifdef PLITE_KERNEL_SIGNATURES_ONLY
#define PLITE_ARM_CODE 0
#define PLITE_ARM_KERNEL(Class) ::paddle::lite::SignatureOnlyKernel
// The device's CPU is checked where the model runs, not on the machine that plans it.
#define PLITE_ARM_CPU_CHECK(has_feature) nullptr
#else
#define PLITE_ARM_CODE 1
#define PLITE_ARM_KERNEL(Class) ::paddle::lite::kernels::arm::Class
#define PLITE_ARM_CPU_CHECK(has_feature) has_feature
#endif
