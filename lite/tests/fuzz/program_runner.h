// Runs a loaded program the way a predictor does, on small deterministic inputs, for the
// fuzz targets. A fuzzed model may declare huge shapes or heavy ops; the runner then skips
// the run (returns) instead of allocating gigabytes or computing for seconds, so only a
// crash, never a legitimately big model, stops a fuzzer.
#pragma once

#include <cstdint>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {
namespace fuzz {

// Limits of one run: small enough for about a thousand runs a second under the sanitizers
// (a fuzzer finds more per second with many small runs than with few large ones).
struct RunLimits {
  int64_t feed_elements{4 * 1024};     // per input
  int64_t tensor_elements{64 * 1024};  // per op output
  int64_t work{1024 * 1024};           // estimated multiply-adds over all ops of one run
  int feeds{16};                         // inputs (feed cols)
};

// Builds the RuntimeProgram of `program` (optimized: every op has its kernel picked) over
// `exec_scope`, checks the feed and fetch cols as the predictor does, sets each feed's
// input to the dims its var declares (unknown dims: 1 for the batch, 8 elsewhere; the
// largest halved while the input is over the limit) filled with fixed values, then runs op
// by op through Instruction::RunWith: InferShape, check the limits, launch the kernel.
// Returns false when the run was skipped for the limits. A bad program throws
// PaddleLiteException, from the run with "[while running op ...".
bool RunOnSmallInputs(const cpp::ProgramDesc& program, Scope* exec_scope,
                      const RunLimits& limits = RunLimits());

}  // namespace fuzz
}  // namespace lite
}  // namespace paddle
