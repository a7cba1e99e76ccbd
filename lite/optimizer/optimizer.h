// The optimizer: runs the passes in a fixed order over a program and returns the
// optimized program (ops in execution order, each naming its picked kernel).
#pragma once

#include <string>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {

struct OptimizerOptions {
  bool fuse{true};             // conv/bn/bias/activation and fc fusions
  bool memory_optimize{true};  // activation buffer reuse
  bool blocked_layout{true};   // conv chains in channel-blocked layouts (blocked_layout_pass)
};

// The passes Optimize runs, in order, for these options.
std::vector<std::string> DefaultPasses(const OptimizerOptions& options = {});

// `exec_scope` holds the activations; its root holds the weights (fusions rewrite them).
// `kernel_providers`: providers whose kernels win over the built-in ones, first preferred.
cpp::ProgramDesc Optimize(const cpp::ProgramDesc& program, Scope* exec_scope,
                          const std::vector<Place>& valid_places,
                          const std::vector<std::string>& passes,
                          const std::vector<std::string>& kernel_providers = {});

}  // namespace lite
}  // namespace paddle
