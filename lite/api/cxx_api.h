// The full predictor behind CxxConfig: load a Paddle model, optimize it, run it, and save
// the optimized model (what `opt` does).
#pragma once

#include <memory>
#include <string>

#include "lite/api/program_predictor.h"

namespace paddle {
namespace lite {

class Predictor : public ProgramPredictor {
 public:
  explicit Predictor(const lite_api::CxxConfig& config);
  // A clone: shares `other`'s weights and optimized program, with its own activations.
  Predictor(const Predictor& other) = default;

  std::shared_ptr<lite_api::PaddlePredictor> Clone() override;
  void SaveOptimizedModel(const std::string& model_dir, lite_api::LiteModelType model_type,
                          bool record_info) override;
};

}  // namespace lite
}  // namespace paddle
