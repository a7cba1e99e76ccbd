// Checks a program's dataflow before any kernel runs, so a malformed model is an error
// naming the op, the variable and the rule instead of a kernel reading memory no op wrote.
#pragma once

#include "lite/core/program_desc.h"

namespace paddle {
namespace lite {

enum class WriteRule {
  // Each variable has one writer: a model as Paddle saves it.
  kOnce,
  // A variable may be written again once its value is dead: an optimized program, whose
  // memory pass renames activations with disjoint lifetimes to one variable.
  kReused,
};

// Block 0 in execution order: every op input is a weight (persistable), the feed list, or
// written by an earlier op (which also rules out cycles and reading a later op's output); an
// op reads a variable it writes only if it computes in place (OpLite::ComputesInPlace);
// weights are not overwritten; an op writes each variable through one output only; no
// list is both read by a feed and written by a fetch; with WriteRule::kOnce no variable is
// written twice but in place. Outputs an op declares it leaves unwritten (OpLite::WritesOutput, batch_norm's
// training statistics) are not writes. Every op type must be registered. Throws
// PaddleLiteException naming the op (index and type), the variable and the rule.
void CheckDataflow(const cpp::ProgramDesc& program, WriteRule rule);

}  // namespace lite
}  // namespace paddle
