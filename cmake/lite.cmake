# Build helpers: add_operator / add_kernel collect sources (skipping what a tailored build
# does not need); lite_finalize_registrations builds them into libraries and generates the
# USE_LITE_OP / USE_LITE_KERNEL list from the registrations the sources contain.

set_property(GLOBAL PROPERTY LITE_OP_SRCS "")
set_property(GLOBAL PROPERTY LITE_KERNEL_SRCS "")

# Names the tailored build keeps (from the lists opt --record_tailoring_info writes).
function(_lite_tailor_keeps kind name out)
  set(keep ON)
  if(LITE_BUILD_TAILOR)
    set(list_file "${LITE_OPTMODEL_DIR}/.tailored_${kind}s_source_list")
    if(NOT EXISTS "${list_file}")
      message(FATAL_ERROR "LITE_BUILD_TAILOR: ${list_file} not found; run opt --record_tailoring_info")
    endif()
    file(STRINGS "${list_file}" kept)
    if(NOT "${name}" IN_LIST kept)
      set(keep OFF)
    endif()
  endif()
  set(${out} ${keep} PARENT_SCOPE)
endfunction()

# add_operator(conv_op SRCS conv_op.cc)
function(add_operator name)
  cmake_parse_arguments(ARG "" "" "SRCS" ${ARGN})
  _lite_tailor_keeps(op ${name} keep)
  if(keep)
    foreach(src ${ARG_SRCS})
      get_filename_component(abs ${src} ABSOLUTE)
      set_property(GLOBAL APPEND PROPERTY LITE_OP_SRCS ${abs})
    endforeach()
  endif()
endfunction()

# add_kernel(conv_compute_host TARGET host SRCS conv_compute.cc)
function(add_kernel name)
  cmake_parse_arguments(ARG "" "TARGET" "SRCS" ${ARGN})
  _lite_tailor_keeps(kernel ${name} keep)
  if(keep)
    foreach(src ${ARG_SRCS})
      get_filename_component(abs ${src} ABSOLUTE)
      set_property(GLOBAL APPEND PROPERTY LITE_KERNEL_SRCS ${abs})
    endforeach()
  endif()
endfunction()

function(lite_finalize_registrations)
  get_property(op_srcs GLOBAL PROPERTY LITE_OP_SRCS)
  get_property(kernel_srcs GLOBAL PROPERTY LITE_KERNEL_SRCS)
  add_library(lite_ops STATIC ${op_srcs})
  target_link_libraries(lite_ops PUBLIC lite_core)
  add_library(lite_kernels STATIC ${kernel_srcs})
  target_link_libraries(lite_kernels PUBLIC lite_ops lite_backends)

  # The USE lists are regenerated at build time whenever a registering source changes.
  set(gen ${PROJECT_BINARY_DIR}/lite/gen)
  file(MAKE_DIRECTORY ${gen})
  foreach(kind op kernel)
    set(list_file ${gen}/${kind}_sources.txt)
    string(REPLACE ";" "\n" content "${${kind}_srcs}")
    file(GENERATE OUTPUT ${list_file} CONTENT "${content}\n")
    add_custom_command(
      OUTPUT ${gen}/paddle_use_${kind}s.h
      COMMAND ${CMAKE_COMMAND} -DKIND=${kind} -DSRCS_FILE=${list_file}
              -DOUT=${gen}/paddle_use_${kind}s.h -P ${PROJECT_SOURCE_DIR}/cmake/gen_use_list.cmake
      DEPENDS ${${kind}_srcs} ${list_file} ${PROJECT_SOURCE_DIR}/cmake/gen_use_list.cmake
      COMMENT "Generating paddle_use_${kind}s.h")
  endforeach()
  add_custom_target(lite_use_lists DEPENDS ${gen}/paddle_use_ops.h ${gen}/paddle_use_kernels.h)
endfunction()

# lite_cc_test(test_name SRCS a.cc DEPS lib ... [SKIPPABLE]): a gtest binary registered with
# ctest. SKIPPABLE marks tests that skip when shared data (real models, twins) is absent:
# ctest then reports them as skipped rather than passed.
function(lite_cc_test name)
  cmake_parse_arguments(ARG "SKIPPABLE" "" "SRCS;DEPS;ARGS" ${ARGN})
  add_executable(${name} ${ARG_SRCS})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} GTest::gtest GTest::gtest_main)
  add_test(NAME ${name} COMMAND ${name} ${ARG_ARGS})
  if(ARG_SKIPPABLE)
    set_tests_properties(${name} PROPERTIES SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
  endif()
endfunction()
