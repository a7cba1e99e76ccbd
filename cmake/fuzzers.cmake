# LITE_WITH_FUZZERS: the libFuzzer targets of lite/tests/fuzz (clang only). The whole build is
# instrumented for coverage, AddressSanitizer and UndefinedBehaviorSanitizer; only the fuzz
# executables link libFuzzer's driver (-fsanitize=fuzzer). Any UB report aborts, so the
# fuzzer counts it as a crash.
option(LITE_WITH_FUZZERS "build the libFuzzer targets (clang; instruments the whole build)" OFF)
if(LITE_WITH_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang" OR NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "LITE_WITH_FUZZERS needs clang (configure with CC=clang CXX=clang++); "
                        "got ${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER}")
  endif()
  if(LITE_WITH_SANITIZERS)
    message(FATAL_ERROR "LITE_WITH_FUZZERS already builds with the sanitizers; "
                        "turn LITE_WITH_SANITIZERS off")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                      -fno-omit-frame-pointer -gline-tables-only)
  add_link_options(-fsanitize=address,undefined)
endif()
