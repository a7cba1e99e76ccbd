// libFuzzer target: a Paddle 3 PIR model from memory (fuzz_input.h gives the input format:
// the JSON program, then the params) -> the PIR reader and translator -> the params reader
// -> the optimizer -> the runtime program, run on small inputs (fuzz_targets.cc). A
// PaddleLiteException is the expected answer to a bad model; anything else escaping, and
// any sanitizer report, is a bug.
#include "lite/tests/fuzz/fuzz_input.h"
#include "lite/utils/check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    paddle::lite::fuzz::LoadAndOptimizePir(data, size);
  } catch (const paddle::lite::PaddleLiteException&) {
  }
  return 0;
}
