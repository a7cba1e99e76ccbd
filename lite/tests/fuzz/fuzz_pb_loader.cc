// libFuzzer target: a Paddle protobuf model from memory (lite/tests/fuzz/fuzz_input.h gives
// the input format) -> LoadModelPbFromMemory -> the optimizer -> the runtime program, as
// the full predictor builds it. A PaddleLiteException is the expected answer to a bad
// model; anything else escaping, and any sanitizer report, is a bug.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "lite/core/optimizer/optimizer.h"
#include "lite/core/program.h"
#include "lite/model_parser/model_parser.h"
#include "lite/tests/fuzz/fuzz_input.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace fuzz {

void LoadAndOptimizePb(const uint8_t* data, size_t size) {
  const PbInput in = SplitPbInput(data, size);
  auto root = std::make_shared<Scope>();
  cpp::ProgramDesc program;
  LoadModelPbFromMemory(in.program, in.params, root.get(), &program);
  Scope* exec = &root->NewScope();
  const std::vector<Place> places = {Place(TargetType::kHost, PrecisionType::kFloat)};
  const cpp::ProgramDesc optimized = Optimize(program, exec, places, DefaultPasses());
  RuntimeProgram runtime(optimized, exec, 1);
}

}  // namespace fuzz
}  // namespace lite
}  // namespace paddle

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    paddle::lite::fuzz::LoadAndOptimizePb(data, size);
  } catch (const paddle::lite_api::PaddleLiteException&) {
  }
  return 0;
}
