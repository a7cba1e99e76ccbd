// The full predictor behind CxxConfig: load a Paddle model, optimize it, run it, and save
// the optimized model (what `opt` does).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lite/api/program_predictor.h"

namespace paddle {
namespace lite {

class Predictor : public ProgramPredictor {
 public:
  explicit Predictor(const lite_api::CxxConfig& config);
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

 private:
  // Runs the model once per group of CxxConfig::set_preferred_inputs_for_warmup.
  void Warmup(const lite_api::CxxConfig& config);
};

}  // namespace lite
}  // namespace paddle
