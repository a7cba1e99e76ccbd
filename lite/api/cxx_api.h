// The full predictor behind CxxConfig: load a Paddle model, optimize it, run it, and save
// the optimized model (what `opt` does).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lite/api/program_predictor.h"
#include "lite/optimizer/optimizer.h"

namespace paddle {
namespace lite {

class Predictor : public ProgramPredictor {
 public:
  explicit Predictor(const lite_api::CxxConfig& config);
  // Post-training quantization (opt --quant_model): the model planned with the quantize ops
  // of the calibrated conv inputs (KernelChoices::calibrated_scales) inserted.
  Predictor(const lite_api::CxxConfig& config, std::map<std::string, float> calibrated_scales);
  // A clone: shares `other`'s weights and optimized program, with its own activations.
  Predictor(const Predictor& other) = default;
  // A clone with private copies of the weights named in `private_weights`.
  Predictor(const Predictor& other, const std::vector<std::string>& private_weights)
      : ProgramPredictor(other, private_weights) {}

  std::shared_ptr<lite_api::PaddlePredictor> Clone() override;
  std::shared_ptr<lite_api::PaddlePredictor> Clone(
      const std::vector<std::string>& var_names) override;
  void SaveOptimizedModel(const std::string& model_dir, lite_api::LiteModelType model_type,
                          bool record_info) override;
  // Runs the plan. Where an OpenCL kernel meets a tensor its images cannot hold
  // (images_cannot_hold), the model is planned again with the ops reading or writing it
  // on the CPU (added to keep_cpu_ops) and run again; the new plan stays for later runs
  // and is what SaveOptimizedModel saves.
  void Run() override;
  // CxxConfig::set_keep_cpu_ops and what the runs added.
  std::vector<std::string> keep_cpu_ops() const;

 private:
  // What planning the model takes, kept to plan it again.
  struct Plan {
    lite_api::CxxConfig config;
    std::vector<Place> places;
    std::vector<std::string> passes;
    KernelChoices choices;
  };
  // Loads the model into `root` and optimizes it for `plan` over `exec` (a child of `root`).
  static std::shared_ptr<const cpp::ProgramDesc> OptimizeInto(const Plan& plan, Scope* root,
                                                              Scope* exec);
  // Plans the model again with the ops reading or writing `vars` on the CPU as well, and
  // swaps the plan in; false when keep_cpu_ops already names them all.
  bool PlanAgainWithOpsOnCpu(const std::vector<std::string>& vars);

  // Runs the model once per group of CxxConfig::set_preferred_inputs_for_warmup.
  void Warmup(const lite_api::CxxConfig& config);

  std::shared_ptr<Plan> plan_;  // shared by clones until one plans again
};

}  // namespace lite
}  // namespace paddle
