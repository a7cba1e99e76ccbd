// libFuzzer target: a .nb model from memory -> NbModelBytes::CopyOf -> LoadModelNb -> the
// runtime program over a child scope, as the light predictor builds it (fuzz_targets.cc).
// A PaddleLiteException is the expected answer to a bad model; anything else escaping, and
// any sanitizer report, is a bug.
#include "lite/tests/fuzz/fuzz_input.h"
#include "lite/utils/check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    paddle::lite::fuzz::LoadAndBuildNb(data, size);
  } catch (const paddle::lite::PaddleLiteException&) {
  }
  return 0;
}
