// Structure-aware mutation of pb fuzz inputs (format in fuzz_input.h): the Paddle
// ProgramDesc is decoded with protobuf and the combined params split into their records,
// one edit is applied at the op/var level, and the input is encoded again. Byte flips
// rarely keep a protobuf program meaningful; these edits make the malformed programs a
// hostile or broken converter writes (an op reading a later op's output, two writers of
// one var, NaN attributes, a missing weight) that still parse.
#pragma once

#include <cstdint>
#include <string>

namespace paddle {
namespace lite {
namespace fuzz {

// The edits, one per mutation.
enum class ProgramEdit {
  kSwapInput,        // an op's input argument becomes another var (any: earlier, later,
                     // its own output, a weight, the feed list)
  kShareOutput,      // an op's output argument becomes another op's output or a weight
  kDuplicateOp,      // a copy of an op inserted anywhere
  kDeleteOp,
  kMoveOp,
  kChangeOpType,     // to another registered op type
  kEditArguments,    // drop or repeat an argument, drop or add a parameter
  kChangeAttrValue,  // ints to 0/-1/huge, floats to NaN/inf, lists shortened/lengthened
  kChangeAttrType,   // e.g. an INT attribute stored as FLOATS
  kChangeVarDims,    // a dim 0/-1/huge, a dim added or removed
  kChangeVarType,    // element type, var kind, persistable flag
  kDropWeight,       // the weight's var, its params record, or both
  kPoisonWeight,     // some float weight values NaN/inf/huge
  kCount,
};

const char* ProgramEditName(ProgramEdit edit);

// Applies `edit` (chosen with the other random choices from `seed`) to the pb input `input`.
// Returns the mutated input, or "" when `input` is not a decodable program or the edit has
// nothing to act on (no ops, no weights, ...).
std::string MutateProgram(const std::string& input, ProgramEdit edit, uint32_t seed);
// The same with the edit drawn from `seed`; tries a few edits before giving up ("").
std::string MutateProgram(const std::string& input, uint32_t seed);

}  // namespace fuzz
}  // namespace lite
}  // namespace paddle
