// The USE macros of paddle_use_ops.h, paddle_use_kernels.h and paddle_use_passes.h (the
// build generates those lists from what it compiled). Each line calls the `touch_*`
// function that the registration defines, so a static link keeps that op, kernel or pass,
// and a build without it fails at link time naming it. The shared libraries export the
// touch functions, so the lists link against them too.
#pragma once

#define USE_LITE_OP(op_type__)                                     \
  extern int touch_op_##op_type__();                               \
  [[maybe_unused]] static int plite_use_op_##op_type__ = touch_op_##op_type__()

#define USE_LITE_KERNEL(op__, target__, precision__, layout__, alias__)                      \
  extern int touch_kernel_##op__##_##target__##_##precision__##_##layout__##_##alias__();    \
  [[maybe_unused]] static int                                                                \
      plite_use_kernel_##op__##_##target__##_##precision__##_##layout__##_##alias__ =        \
          touch_kernel_##op__##_##target__##_##precision__##_##layout__##_##alias__()

#define USE_MIR_PASS(name__)            \
  extern int touch_mir_pass_##name__(); \
  [[maybe_unused]] static int plite_use_pass_##name__ = touch_mir_pass_##name__()
