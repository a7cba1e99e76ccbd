// Per-op profiler for the tools and tests (library lite_profiler; the predictor libraries
// do not link it). A Profiler runs a RuntimeProgram's instructions itself and times each
// kernel's Launch (PrepareForRun + ReInitWhenNeeded + Run; shape inference excluded) with
// steady_clock through Instruction::RunWith, and whole runs, so the report can show what
// the kernels cost, what the rest (shape inference, dispatch) costs, and where the time goes
// by op. The predictor's own Run has no timing calls and no profiling fields.
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

// Profiles the runs of one program. The program must outlive the profiler and keep its
// instructions (a predictor's program is rebuilt only at creation and by a clone).
class Profiler {
 public:
  explicit Profiler(RuntimeProgram* program);
  // One run of the program, as RuntimeProgram::Run does it, timed.
  void Run();
  // Forgets the runs so far.
  void Reset();
  // The profile of the runs since creation or the last Reset().
  ProgramProfile Collect() const;

 private:
  RuntimeProgram* program_;
  std::vector<InstructionRecord> records_;  // one per instruction
  int64_t runs_{0};
  double run_ms_{0};
};

// Two tables: every instruction sorted by time, then the op types grouped, also by time.
std::string Report(const ProgramProfile& profile);

}  // namespace profile
}  // namespace lite
}  // namespace paddle
