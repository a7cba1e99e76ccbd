// RuntimeProgram: the instructions (op + picked kernel) that run a model.
//
// It is built from an *optimized* program description: every op carries the key of the
// kernel the optimizer picked in the attribute kKernelKeyAttr. The same description
// rebuilds a program for a clone (sharing weights) or, later, from a saved model.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lite/core/context.h"
#include "lite/core/op_lite.h"
#include "lite/core/program_desc.h"
#include "lite/core/cpu_cores.h"
#include "lite/core/thread_pool.h"

namespace paddle {
namespace lite {

// OpDesc attribute holding the picked kernel's registry key.
constexpr const char* kKernelKeyAttr = "__kernel_key__";
// OpDesc attribute (a string list) holding the op's output variables as the model names
// them, written by passes that rename outputs to shared buffers (memory_optimize), so
// errors name what the app's model calls them. Saved in a .nb like any attribute.
constexpr const char* kModelOutputsAttr = "__model_outputs__";

class Instruction {
 public:
  Instruction(std::unique_ptr<OpLite> op, std::unique_ptr<KernelBase> kernel);
  // InferShape + kernel launch; failures (std::bad_alloc included) are rethrown naming the
  // op and its outputs as the model names them.
  void Run();
  // Run() with launch(kernel) in place of kernel.Launch(): how the profiler times kernels
  // (lite/core/profiler.h) while the predictor's own Run carries no profiling code.
  template <typename Launch>
  void RunWith(Launch&& launch);
  // Cast ops on weights (io_copy_once, calib_once, layout_once) run on the first Run only.
  bool run_once() const { return run_once_; }
  bool has_run() const { return has_run_; }
  const OpLite& op() const { return *op_; }
  OpLite* mutable_op() { return op_.get(); }
  const KernelBase& kernel() const { return *kernel_; }

 private:
  // Rethrows the exception in flight: a PaddleLiteException or std::bad_alloc with the op
  // named (RunContext), anything else as it is.
  [[noreturn]] void RethrowNamingOp() const;

  std::unique_ptr<OpLite> op_;
  std::unique_ptr<KernelBase> kernel_;
  bool run_once_{false};
  bool has_run_{false};
};

template <typename Launch>
void Instruction::RunWith(Launch&& launch) {
  if (run_once_ && has_run_) return;
  try {
    op_->InferShape();
    launch(*kernel_);
  } catch (...) {
    RethrowNamingOp();
  }
  has_run_ = true;
}

class RuntimeProgram {
 public:
  // Creates the non-persistable vars of block 0 in `exec_scope` (whose parent holds the
  // weights), then one instruction per op with the kernel its kKernelKeyAttr names.
  // `binding` (lite/core/cpu_cores.h) says how many threads and on which cores.
  RuntimeProgram(const cpp::ProgramDesc& optimized, Scope* exec_scope, const ThreadBinding& binding);
  RuntimeProgram(const cpp::ProgramDesc& optimized, Scope* exec_scope, int threads)
      : RuntimeProgram(optimized, exec_scope, ThreadBinding{threads, {}}) {}

  void Run();
  // The instruction whose error ended the last Run(), or -1 when it finished.
  int failed_instruction() const { return failed_; }
  const std::vector<Instruction>& instructions() const { return instructions_; }
  // For a caller that runs the instructions one by one: the profiler, and the fuzz targets,
  // which infer an op's shapes and bound its work before launching its kernel.
  std::vector<Instruction>& mutable_instructions() { return instructions_; }
  // Bytes held by activation tensors (non-persistable, in the exec scope), counting a
  // shared buffer once. Measured after Run().
  size_t ActivationBytes() const;

 private:
  Scope* exec_scope_;
  std::unique_ptr<ThreadPool> pool_;  // context_.pool; one per program, so per predictor
  KernelContext context_;
  std::vector<Instruction> instructions_;
  int failed_{-1};
};

// The casts the optimizer inserts on weights: they run at the first Run() only, and their
// outputs (the converted weights) stay for the later runs.
bool IsRunOnceOp(const std::string& type);

// Creates the vars of `block` that are not already in `exec_scope` or its parents.
void CreateBlockVars(const cpp::BlockDesc& block, Scope* exec_scope);

}  // namespace lite
}  // namespace paddle
