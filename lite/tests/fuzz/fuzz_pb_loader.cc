// libFuzzer target: a Paddle protobuf model from memory (fuzz_input.h gives the input
// format) -> LoadModelFromMemory -> the optimizer -> the runtime program, as the full
// predictor builds it (fuzz_targets.cc). A PaddleLiteException is the expected answer to a
// bad model; anything else escaping, and any sanitizer report, is a bug.
#include "lite/tests/fuzz/fuzz_input.h"
#include "lite/utils/check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    paddle::lite::fuzz::LoadAndOptimizePb(data, size);
  } catch (const paddle::lite::PaddleLiteException&) {
  }
  return 0;
}
