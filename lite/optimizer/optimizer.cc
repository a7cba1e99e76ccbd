#include "lite/optimizer/optimizer.h"

#include "lite/optimizer/pass.h"
#include "lite/optimizer/quantization/calibrated_quantization.h"
#include "lite/utils/log.h"

USE_MIR_PASS(weight_reshape_fold_pass);
USE_MIR_PASS(weight_quantize_fold_pass);
USE_MIR_PASS(weight_int8_snap_pass);
USE_MIR_PASS(int8_quantize_pass);
USE_MIR_PASS(conv_bn_fuse_pass);
USE_MIR_PASS(conv_elementwise_add_fuse_pass);
USE_MIR_PASS(conv_activation_fuse_pass);
USE_MIR_PASS(fc_fuse_pass);
USE_MIR_PASS(shuffle_channel_fuse_pass);
USE_MIR_PASS(elementwise_activation_fuse_pass);
USE_MIR_PASS(identity_op_eliminate_pass);
USE_MIR_PASS(static_kernel_pick_pass);
USE_MIR_PASS(blocked_layout_pass);
USE_MIR_PASS(variable_place_inference_pass);
USE_MIR_PASS(type_target_cast_pass);
USE_MIR_PASS(type_precision_cast_pass);
USE_MIR_PASS(type_layout_cast_pass);
USE_MIR_PASS(int8_chain_pass);
USE_MIR_PASS(memory_optimize_pass);

namespace paddle {
namespace lite {

std::vector<std::string> DefaultPasses(const OptimizerOptions& options) {
  std::vector<std::string> passes;
  if (options.fuse) {
    // conv_bn_fuse_pass again after the bias add: transposed convs exported with a bias
    // run conv -> elementwise_add -> batch_norm.
    passes = {"conv_bn_fuse_pass", "conv_elementwise_add_fuse_pass", "conv_bn_fuse_pass",
              "conv_activation_fuse_pass", "fc_fuse_pass"};
    passes.push_back("shuffle_channel_fuse_pass");
    passes.push_back("elementwise_activation_fuse_pass");
    // First, so the fusions see the chains the identities interrupted and the weights that
    // reshapes hid (Paddle 3's conv bias: reshape + add).
    passes.insert(passes.begin(), {"identity_op_eliminate_pass", "weight_reshape_fold_pass"});
  }
  // Not a fusion: kernels that pack their filter once need the quantized filter a weight.
  passes.insert(passes.begin(), "weight_quantize_fold_pass");
  // Before the fold: it reads the quantize ops around each quantized conv.
  passes.insert(passes.begin(), "int8_quantize_pass");
  // After the fusions, which scale weights: a .nb stores these weights exactly in int8.
  passes.push_back("weight_int8_snap_pass");
  passes.push_back("static_kernel_pick_pass");
  if (options.blocked_layout) passes.push_back("blocked_layout_pass");
  for (const char* p : {"variable_place_inference_pass", "type_target_cast_pass",
                        "type_precision_cast_pass", "type_layout_cast_pass"}) {
    passes.push_back(p);
  }
  // On the kernels the type passes settled: int8 activations between chaining int8 kernels.
  if (options.int8_chain) passes.push_back("int8_chain_pass");
  if (options.memory_optimize) passes.push_back("memory_optimize_pass");
  return passes;
}

cpp::ProgramDesc Optimize(const cpp::ProgramDesc& program, Scope* exec_scope,
                          const std::vector<Place>& valid_places,
                          const std::vector<std::string>& passes,
                          const KernelChoices& choices) {
  PLITE_CHECK(!valid_places.empty(), "no valid places given");
  cpp::ProgramDesc calibrated;
  if (!choices.calibrated_scales.empty()) {
    calibrated = program;
    Scope* weights = exec_scope;
    while (weights->parent()) weights = weights->parent();
    InsertCalibratedQuantization(choices.calibrated_scales, &calibrated, weights);
  }
  mir::SSAGraph graph(choices.calibrated_scales.empty() ? program : calibrated, exec_scope,
                      valid_places);
  graph.set_kernel_providers(choices.kernel_providers);
  graph.set_keep_fp32_ops(choices.keep_fp32_ops);
  graph.set_keep_cpu_ops(choices.keep_cpu_ops);
  for (const auto& name : passes) {
    PLITE_VLOG(2) << "running pass " << name;
    mir::PassRegistry::Global().Create(name)->Apply(&graph);
  }
  return graph.GenerateProgram();
}

}  // namespace lite
}  // namespace paddle
