// The optimizer: runs the passes in a fixed order over a program and returns the
// optimized program (ops in execution order, each naming its picked kernel).
#pragma once

#include <map>
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
  bool int8_chain{true};       // int8 activations between int8 kernels (int8_chain_pass)
};

// What the app asks of the kernel pick beyond the valid places.
struct KernelChoices {
  // Providers whose kernels win over the built-in ones, first preferred
  // (CxxConfig::set_kernel_providers).
  std::vector<std::string> kernel_providers;
  // Op types, or variables an op writes in the optimized program, whose ops keep their
  // fp32 kernels in an fp16 plan (CxxConfig::set_keep_fp32_ops).
  std::vector<std::string> keep_fp32_ops;
  // Op types, or variables an op reads or writes in the optimized program, whose ops run on
  // CPU kernels, never a device's (OpenCL): for tensors too large for the device's images
  // (CxxConfig::set_keep_cpu_ops; the CxxConfig predictor adds those its runs meet).
  std::vector<std::string> keep_cpu_ops;
  // Post-training quantization (opt --quant_model): the max |x| to keep for the input var of
  // each conv2d to quantize; the optimizer inserts the quantize ops a quantized model has
  // there (lite/optimizer/quantization/calibrated_quantization.h), then plans as for one.
  std::map<std::string, float> calibrated_scales;
};

// The passes Optimize runs, in order, for these options.
std::vector<std::string> DefaultPasses(const OptimizerOptions& options = {});

// `exec_scope` holds the activations; its root holds the weights (fusions rewrite them).
cpp::ProgramDesc Optimize(const cpp::ProgramDesc& program, Scope* exec_scope,
                          const std::vector<Place>& valid_places,
                          const std::vector<std::string>& passes,
                          const KernelChoices& choices = {});

}  // namespace lite
}  // namespace paddle
