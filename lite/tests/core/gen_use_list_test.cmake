# cmake -DSOURCE_DIR=<project root> -DWORK=<scratch dir> -P gen_use_list_test.cmake
# Runs cmake/gen_use_list.cmake on registrations of every form and checks the use lines it
# writes against the lines written out here by hand.
file(MAKE_DIRECTORY ${WORK})
file(WRITE ${WORK}/regs.cc [=[
REGISTER_LITE_OP(softmax, SoftmaxOp);
REGISTER_LITE_OPS((relu, relu6, sigmoid), ActivationOp);
REGISTER_LITE_KERNEL(softmax, kHost, kFloat, kNCHW, host::SoftmaxCompute, def)
    .Finalize();
REGISTER_LITE_KERNELS((relu, relu6, sigmoid), kX86, kFloat, kNCHW16c, x86::Act<true>, def)
    .Finalize();
REGISTER_LITE_KERNELS((layout,layout_once), kX86, kFloat, kNCHW, x86::FromBlocked, nchw16c_to_nchw)
    .Finalize();
REGISTER_LITE_KERNELS_FLOAT_AND_FP16((pool2d, max_pool2d), kOpenCL, kImageDefault, PoolImage, image)
    .Finalize();
  REGISTER_LITE_KERNEL(not_at_line_start, kHost, kFloat, kNCHW, K, def)
// REGISTER_LITE_KERNEL(commented_out, kHost, kFloat, kNCHW, K, def)
]=])
file(WRITE ${WORK}/srcs.txt "${WORK}/regs.cc\n")
foreach(kind op kernel)
  execute_process(COMMAND ${CMAKE_COMMAND} -DKIND=${kind} -DSRCS_FILE=${WORK}/srcs.txt
                          -DOUT=${WORK}/use_${kind}s.h -P ${SOURCE_DIR}/cmake/gen_use_list.cmake
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gen_use_list.cmake KIND=${kind} failed")
  endif()
  file(READ ${WORK}/use_${kind}s.h got)
  string(REGEX REPLACE "^.*#include[^\n]*\n" "" got "${got}")  # the lines after the header
  set(want_op "USE_LITE_OP(softmax);\nUSE_LITE_OP(relu);\nUSE_LITE_OP(relu6);\nUSE_LITE_OP(sigmoid);\n")
  string(CONCAT want_kernel
         "USE_LITE_KERNEL(softmax, kHost, kFloat, kNCHW, def);\n"
         "USE_LITE_KERNEL(relu, kX86, kFloat, kNCHW16c, def);\n"
         "USE_LITE_KERNEL(relu6, kX86, kFloat, kNCHW16c, def);\n"
         "USE_LITE_KERNEL(sigmoid, kX86, kFloat, kNCHW16c, def);\n"
         "USE_LITE_KERNEL(layout, kX86, kFloat, kNCHW, nchw16c_to_nchw);\n"
         "USE_LITE_KERNEL(layout_once, kX86, kFloat, kNCHW, nchw16c_to_nchw);\n"
         "USE_LITE_KERNEL(pool2d, kOpenCL, kFloat, kImageDefault, image);\n"
         "USE_LITE_KERNEL(pool2d, kOpenCL, kFP16, kImageDefault, image);\n"
         "USE_LITE_KERNEL(max_pool2d, kOpenCL, kFloat, kImageDefault, image);\n"
         "USE_LITE_KERNEL(max_pool2d, kOpenCL, kFP16, kImageDefault, image);\n")
  if(NOT "${got}" STREQUAL "${want_${kind}}")
    message(FATAL_ERROR "use list for ${kind}s:\ngot:\n${got}want:\n${want_${kind}}")
  endif()
endforeach()
message(STATUS "gen_use_list: op and kernel use lists as expected")
