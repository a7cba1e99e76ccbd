// libFuzzer target with a structure-aware mutator: inputs are pb fuzz inputs (fuzz_input.h),
// and each mutation is one op/var-level edit of the program or its weights
// (program_mutator.h); an input that does not decode is mutated as bytes instead. Each
// input then runs as in fuzz_pb_loader: load, optimize, build, run on small inputs. A
// PaddleLiteException is the expected answer to a bad model; anything else is a bug.
#include <cstring>
#include <string>

#include "lite/tests/fuzz/fuzz_input.h"
#include "lite/tests/fuzz/program_mutator.h"
#include "lite/utils/check.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                          unsigned int seed) {
  const std::string mutated = paddle::lite::fuzz::MutateProgram(
      std::string(reinterpret_cast<const char*>(data), size), seed);
  if (mutated.empty() || mutated.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
  std::memcpy(data, mutated.data(), mutated.size());
  return mutated.size();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    paddle::lite::fuzz::LoadAndOptimizePb(data, size);
  } catch (const paddle::lite::PaddleLiteException&) {
  }
  return 0;
}
