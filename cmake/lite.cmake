# Build helpers: add_operator / add_kernel collect sources (skipping what a tailored build
# does not need); lite_finalize_registrations builds them into libraries and generates the
# USE_LITE_OP / USE_LITE_KERNEL list from the registrations the sources contain.

set_property(GLOBAL PROPERTY LITE_OP_SRCS "")
set_property(GLOBAL PROPERTY LITE_KERNEL_SRCS "")

# Tailoring: a group (one add_operator/add_kernel call) is kept when any of its sources,
# relative to the project root, is in the list opt --record_tailoring_info wrote
# (${LITE_OPTMODEL_DIR}/.tailored_{ops,kernels}_source_list). Sources are never rewritten:
# a kept file keeps every registration it holds.
function(_lite_tailor_list kind out)
  set(list_file "${LITE_OPTMODEL_DIR}/.tailored_${kind}s_source_list")
  if(NOT EXISTS "${list_file}")
    message(FATAL_ERROR "LITE_BUILD_TAILOR: ${list_file} not found; run "
                        "opt --record_tailoring_info --optimize_out=<dir>/model and pass "
                        "-DLITE_OPTMODEL_DIR=<dir>")
  endif()
  file(STRINGS "${list_file}" kept)
  set(${out} ${kept} PARENT_SCOPE)
endfunction()

function(_lite_tailor_keeps kind srcs out)
  set(keep ON)
  if(LITE_BUILD_TAILOR)
    _lite_tailor_list(${kind} kept)
    set(keep OFF)
    foreach(src ${srcs})
      get_filename_component(abs ${src} ABSOLUTE)
      file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${abs})
      set_property(GLOBAL APPEND PROPERTY LITE_TAILOR_KNOWN_${kind}_SRCS ${rel})
      if("${rel}" IN_LIST kept)
        set(keep ON)
      endif()
    endforeach()
  endif()
  set(${out} ${keep} PARENT_SCOPE)
endfunction()

# A source the list names that no add_operator/add_kernel compiles would leave the tailored
# library unable to run the model: say so at configure time.
function(_lite_tailor_check_lists)
  foreach(kind op kernel)
    _lite_tailor_list(${kind} kept)
    # New lists (another model) reconfigure the build.
    set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
                 "${LITE_OPTMODEL_DIR}/.tailored_${kind}s_source_list")
    get_property(known GLOBAL PROPERTY LITE_TAILOR_KNOWN_${kind}_SRCS)
    set(unknown "")
    foreach(rel ${kept})
      if(NOT "${rel}" STREQUAL "" AND NOT "${rel}" IN_LIST known)
        list(APPEND unknown ${rel})
      endif()
    endforeach()
    if(unknown)
      message(FATAL_ERROR "LITE_BUILD_TAILOR: ${LITE_OPTMODEL_DIR}/.tailored_${kind}s_source_list "
                          "names sources this configuration does not build: ${unknown}")
    endif()
  endforeach()
endfunction()

# add_operator(conv_op SRCS conv_op.cc): sources that register ops (REGISTER_LITE_OP).
# Helpers that register nothing belong in an always-built library (lite_op_helpers).
function(add_operator name)
  cmake_parse_arguments(ARG "" "" "SRCS" ${ARGN})
  _lite_tailor_keeps(op "${ARG_SRCS}" keep)
  if(keep)
    foreach(src ${ARG_SRCS})
      get_filename_component(abs ${src} ABSOLUTE)
      set_property(GLOBAL APPEND PROPERTY LITE_OP_SRCS ${abs})
    endforeach()
  endif()
endfunction()

# add_kernel(conv_compute_host TARGET host SRCS conv_compute.cc)
# ARM kernels in a build without ARM go to opt as signatures (lite/kernels/arm/arm_kernel.h):
# the build machine's opt plans models for the device.
function(add_kernel name)
  cmake_parse_arguments(ARG "" "TARGET" "SRCS" ${ARGN})
  if(ARG_TARGET STREQUAL "arm" AND NOT LITE_WITH_ARM)
    if(LITE_WITH_TOOLS AND NOT LITE_BUILD_TAILOR)
      foreach(src ${ARG_SRCS})
        get_filename_component(abs ${src} ABSOLUTE)
        set_property(GLOBAL APPEND PROPERTY LITE_SIGNATURE_KERNEL_SRCS ${abs})
      endforeach()
    endif()
    return()
  endif()
  _lite_tailor_keeps(kernel "${ARG_SRCS}" keep)
  if(keep)
    foreach(src ${ARG_SRCS})
      get_filename_component(abs ${src} ABSOLUTE)
      set_property(GLOBAL APPEND PROPERTY LITE_KERNEL_SRCS ${abs})
    endforeach()
  endif()
endfunction()

# lite_gen_use_list(op|kernel|pass src...): lite/gen/paddle_use_{ops,kernels,passes}.h, the
# USE lines of every registration in the sources, regenerated at build time whenever one
# changes. The lists include paddle_lite_factory_helper.h, copied beside them as installed.
function(lite_gen_use_list kind)
  set(gen ${PROJECT_BINARY_DIR}/lite/gen)
  file(MAKE_DIRECTORY ${gen})
  configure_file(${PROJECT_SOURCE_DIR}/lite/utils/paddle_lite_factory_helper.h
                 ${gen}/paddle_lite_factory_helper.h COPYONLY)
  set(header ${gen}/paddle_use_${kind}s.h)
  if(kind STREQUAL "pass")
    set(header ${gen}/paddle_use_passes.h)
  endif()
  set(list_file ${gen}/${kind}_sources.txt)
  string(REPLACE ";" "\n" content "${ARGN}")
  file(GENERATE OUTPUT ${list_file} CONTENT "${content}\n")
  add_custom_command(
    OUTPUT ${header}
    COMMAND ${CMAKE_COMMAND} -DKIND=${kind} -DSRCS_FILE=${list_file} -DOUT=${header}
            -P ${PROJECT_SOURCE_DIR}/cmake/gen_use_list.cmake
    DEPENDS ${ARGN} ${list_file} ${PROJECT_SOURCE_DIR}/cmake/gen_use_list.cmake
    COMMENT "Generating ${header}")
endfunction()

# lite_bundle_archive(name archive...): lib<name>.a in this directory, the archives merged
# into one with an `ar -M` script (cmake/bundle_archive.cmake), built by default and
# installed in lib/.
function(lite_bundle_archive name)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/lib${name}.a)
  set(mri "CREATE ${out}\n")
  foreach(lib ${ARGN})
    string(APPEND mri "ADDLIB $<TARGET_FILE:${lib}>\n")
  endforeach()
  string(APPEND mri "SAVE\nEND\n")
  file(GENERATE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${name}.mri CONTENT "${mri}")
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DAR=${CMAKE_AR} -DOUT=${out} -DMRI=${CMAKE_CURRENT_BINARY_DIR}/${name}.mri
            -P ${PROJECT_SOURCE_DIR}/cmake/bundle_archive.cmake
    DEPENDS ${ARGN} ${CMAKE_CURRENT_BINARY_DIR}/${name}.mri
            ${PROJECT_SOURCE_DIR}/cmake/bundle_archive.cmake
    COMMENT "Bundling lib${name}.a")
  add_custom_target(${name} ALL DEPENDS ${out})
  install(FILES ${out} DESTINATION lib)
endfunction()

# lite/gen/tailored_registrations.inc, read by lite/core/tailoring.h and
# lite/utils/tailored_math.h: in a tailored build the op types and kernel keys of the lists
# (.tailored_ops_list, .tailored_kernels_list), which the registration macros keep, and the
# math specializations of .tailored_math_list (lists without that file keep every one);
# elsewhere PLITE_TAILORED 0 and PLITE_TAILORED_MATH 0 (everything kept).
function(_lite_write_tailored_registrations)
  set(out ${PROJECT_BINARY_DIR}/lite/gen/tailored_registrations.inc)
  set(text "// Generated by cmake/lite.cmake: the registrations this build keeps.\n")
  set(math_list "${LITE_OPTMODEL_DIR}/.tailored_math_list")
  if(LITE_BUILD_TAILOR AND EXISTS "${math_list}")
    string(APPEND text "#define PLITE_TAILORED_MATH 1\n#define PLITE_KEPT_MATH")
    file(STRINGS "${math_list}" names)
    foreach(name ${names})
      if(NOT name MATCHES "^[a-z0-9_]+$")
        message(FATAL_ERROR "LITE_BUILD_TAILOR: '${name}' in ${math_list} is not a math "
                            "specialization name (lower case, digits, _)")
      endif()
      string(APPEND text " \\\n  \"${name}\",")
    endforeach()
    string(APPEND text "\n")
    set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
                 "${math_list}")
  else()
    if(LITE_BUILD_TAILOR)
      message(STATUS "LITE_BUILD_TAILOR: no ${math_list}; keeping every math specialization")
    endif()
    string(APPEND text "#define PLITE_TAILORED_MATH 0\n")
  endif()
  if(NOT LITE_BUILD_TAILOR)
    string(APPEND text "#define PLITE_TAILORED 0\n")
  else()
    string(APPEND text "#define PLITE_TAILORED 1\n#define PLITE_KEPT_OPS")
    file(STRINGS "${LITE_OPTMODEL_DIR}/.tailored_ops_list" ops)
    foreach(op ${ops})
      string(APPEND text " \\\n  \"${op}\",")
    endforeach()
    string(APPEND text "\n#define PLITE_KEPT_KERNELS")
    file(STRINGS "${LITE_OPTMODEL_DIR}/.tailored_kernels_list" kernels)
    foreach(key ${kernels})
      string(REPLACE "," ";" fields "${key}")
      list(LENGTH fields n)
      if(NOT n EQUAL 5)
        message(FATAL_ERROR "LITE_BUILD_TAILOR: '${key}' in ${LITE_OPTMODEL_DIR}/"
                            ".tailored_kernels_list is not op,target,precision,layout,alias")
      endif()
      string(REPLACE ";" "\", \"" quoted "${fields}")
      string(APPEND text " \\\n  {\"${quoted}\"},")
    endforeach()
    string(APPEND text "\n")
    foreach(kind op kernel)
      set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
                   "${LITE_OPTMODEL_DIR}/.tailored_${kind}s_list")
    endforeach()
  endif()
  # Rewritten only when it changes: every registering source includes it.
  if(EXISTS ${out})
    file(READ ${out} old)
  endif()
  if(NOT "${old}" STREQUAL "${text}")
    file(WRITE ${out} "${text}")
  endif()
endfunction()

function(lite_finalize_registrations)
  get_property(op_srcs GLOBAL PROPERTY LITE_OP_SRCS)
  get_property(kernel_srcs GLOBAL PROPERTY LITE_KERNEL_SRCS)
  _lite_write_tailored_registrations()
  if(LITE_BUILD_TAILOR)
    _lite_tailor_check_lists()
    list(LENGTH op_srcs n_ops)
    list(LENGTH kernel_srcs n_kernels)
    message(STATUS "LITE_BUILD_TAILOR: keeping ${n_ops} op and ${n_kernels} kernel sources "
                   "listed in ${LITE_OPTMODEL_DIR}")
    if(n_ops EQUAL 0 OR n_kernels EQUAL 0)
      message(FATAL_ERROR "LITE_BUILD_TAILOR: the lists in ${LITE_OPTMODEL_DIR} keep no op or "
                          "no kernel source")
    endif()
  endif()
  add_library(lite_ops STATIC ${op_srcs})
  target_link_libraries(lite_ops PUBLIC lite_op_helpers lite_core)
  add_library(lite_kernels STATIC ${kernel_srcs})
  target_link_libraries(lite_kernels PUBLIC lite_ops lite_backends)
  if(TARGET lite_backends_x86)
    target_link_libraries(lite_kernels PUBLIC lite_backends_x86)
  endif()
  if(TARGET lite_backends_arm)
    target_link_libraries(lite_kernels PUBLIC lite_backends_arm)
  endif()
  if(TARGET lite_kernels_opencl_util)
    target_link_libraries(lite_kernels PUBLIC lite_kernels_opencl_util)
  endif()
  # Other targets' kernels as signatures only, for opt (objects: every registration links).
  get_property(signature_srcs GLOBAL PROPERTY LITE_SIGNATURE_KERNEL_SRCS)
  if(signature_srcs)
    add_library(lite_kernel_signatures OBJECT ${signature_srcs})
    target_compile_definitions(lite_kernel_signatures PRIVATE PLITE_KERNEL_SIGNATURES_ONLY)
    target_link_libraries(lite_kernel_signatures PUBLIC lite_ops)
  endif()

  lite_gen_use_list(op ${op_srcs})
  lite_gen_use_list(kernel ${kernel_srcs})
  add_custom_target(lite_use_lists DEPENDS ${PROJECT_BINARY_DIR}/lite/gen/paddle_use_ops.h
                                           ${PROJECT_BINARY_DIR}/lite/gen/paddle_use_kernels.h)
endfunction()

# lite_cc_test(test_name SRCS a.cc DEPS lib ... [SKIPPABLE]): a gtest binary registered with
# ctest. SKIPPABLE marks tests that skip when shared data (real models, twins) is absent:
# ctest then reports them as skipped rather than passed.
# A test's own sources (assertions, small naive references) need little optimization, and
# compile twice as fast with less: -O1 in optimized builds, -O0 under the sanitizers. The
# library under test keeps the build's level. Under ASan + UBSan they are checked by ASan
# alone: UBSan is for the library (and the test utility libraries), and instrumenting the
# gtest-heavy test sources with it took a third of their compile time.
if(LITE_WITH_SANITIZERS)
  set(LITE_TEST_SOURCE_OPT -O0 -fno-sanitize=undefined)
elseif(LITE_WITH_TSAN)
  set(LITE_TEST_SOURCE_OPT -O0)
else()
  set(LITE_TEST_SOURCE_OPT -O1)
endif()

function(lite_cc_test name)
  cmake_parse_arguments(ARG "SKIPPABLE" "" "SRCS;DEPS;ARGS;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SRCS})
  target_compile_options(${name} PRIVATE ${LITE_TEST_SOURCE_OPT})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} GTest::gtest GTest::gtest_main)
  add_test(NAME ${name} COMMAND ${name} ${ARG_ARGS})
  if(ARG_SKIPPABLE)
    set_tests_properties(${name} PROPERTIES SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
  endif()
  # Kernel and math-routine tests carry "kernel": CI's ASan job leaves them to the long job
  # (tools/run_sanitizer_tests.sh).
  if(CMAKE_CURRENT_SOURCE_DIR MATCHES "/lite/tests/(kernels|backends)(/|$)")
    list(APPEND ARG_LABELS kernel)
  endif()
  if(ARG_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}")
  endif()
endfunction()
