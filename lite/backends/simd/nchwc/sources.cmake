# The plain-C++ halves of the channel-blocked math (shapes, filter packing, pool windows,
# argument checks), built with baseline flags into each target's math library next to that
# target's loops (x86 NCHW16c, ARM NCHW4c).
set(PLITE_SIMD_NCHWC_PLAN_SRCS
  ${CMAKE_CURRENT_LIST_DIR}/nchwc_conv_plan.cc
  ${CMAKE_CURRENT_LIST_DIR}/nchwc_depthwise_plan.cc
  ${CMAKE_CURRENT_LIST_DIR}/nchwc_pool_plan.cc)
