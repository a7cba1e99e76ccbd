// Per-op profiler, compiled in with -DLITE_WITH_PROFILE=ON. Each Instruction then times its
// kernel's Launch (PrepareForRun + ReInitWhenNeeded + Run; shape inference excluded) with
// steady_clock and RuntimeProgram times whole runs, so the report can show what the kernels
// cost, what the rest (shape inference, dispatch) costs, and where the time goes by op.
// In the default build none of this is compiled into the hot path: Instruction and
// RuntimeProgram have no profiling fields and no timing calls.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lite/core/ddim.h"

namespace paddle {
namespace lite {

class OpLite;
class RuntimeProgram;

namespace profile {

#ifdef LITE_WITH_PROFILE
constexpr bool kCompiledIn = true;
#else
constexpr bool kCompiledIn = false;
#endif

using Clock = std::chrono::steady_clock;
inline double MillisSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Argument dims of one op: ("Input", 1x3x32x32), ("Filter", 8x3x3x3), ...
using ArgDims = std::vector<std::pair<std::string, DDim>>;

// What one instruction recorded since the last reset.
struct InstructionRecord {
  int64_t calls{0};
  double kernel_ms{0};  // sum over calls
  // Dims of the first recorded call (activations may share buffers later).
  ArgDims inputs;
  ArgDims outputs;
};

// Fills record->inputs/outputs from the op's tensors as they are now.
void CaptureDims(const OpLite& op, InstructionRecord* record);

// FLOPs of one call, or -1 when not known for this op type:
//   conv2d, depthwise_conv2d: 2 * numel(Output) * Cin/groups * kh * kw (+ numel(Output) with
//     Bias), Cin/groups * kh * kw read from Filter [Cout, Cin/groups, kh, kw];
//   fc, mul, matmul, matmul_v2: 2 * M * N * K = 2 * numel(Out) * K.
double OpFlops(const OpLite& op, const ArgDims& inputs, const ArgDims& outputs);

// One instruction of the profile.
struct OpProfile {
  size_t index{0};         // position in the program
  std::string op_type;
  std::string kernel;      // "target/precision/layout/alias"
  std::string kernel_key;  // the registry key
  std::string inputs;      // "Input=1x3x32x32 Filter=8x3x3x3"
  std::string outputs;
  int64_t calls{0};
  double total_ms{0};
  double avg_ms{0};
  double share_percent{0};  // of all kernel time
  double flops{-1};         // per call; -1 when unknown
};

struct ProgramProfile {
  int64_t runs{0};           // RuntimeProgram::Run calls since the reset
  double run_ms_total{0};    // their wall time
  double kernel_ms_total{0}; // sum over instructions
  std::vector<OpProfile> ops;  // program order
};

// The profile of `program` since its last ResetProfile() (or creation). Only available in a
// LITE_WITH_PROFILE build; otherwise throws saying so.
ProgramProfile Collect(const RuntimeProgram& program);

// Two tables: every instruction sorted by time, then the op types grouped, also by time.
std::string Report(const ProgramProfile& profile);

}  // namespace profile
}  // namespace lite
}  // namespace paddle
