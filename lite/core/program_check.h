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

// Paddle runs ops in order, so a program may write a variable again after its last reader
// (PaddleSlim's QAT exports quantize one tensor twice, with two scales, into one name). Each
// such write but the last gets a variable of its own, "<name>@<k>" for the k-th, read by
// the readers of that value; the last keeps the name (a fetch or GetTensor sees it). A write
// in place (an op reading what it writes) continues the value it reads. Weights and the
// feed/fetch lists are left alone (CheckDataflow refuses writes to them).
void GiveEachWriteItsOwnVar(cpp::ProgramDesc* program);

}  // namespace lite
}  // namespace paddle
