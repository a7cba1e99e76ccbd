// The light predictor behind MobileConfig: runs an already optimized `.nb` model (written
// by `opt` or SaveOptimizedModel). No optimizer and no protobuf: the program is used as
// saved, and the weights are used in place from the mapped file (or a private copy of the
// caller's buffer).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lite/api/program_predictor.h"

namespace paddle {
namespace lite {

class LightPredictor : public ProgramPredictor {
 public:
  // Throws naming the file or the problem when no model is set, the file cannot be read,
  // or the model is malformed or needs ops/kernels this build does not have.
  explicit LightPredictor(const lite_api::MobileConfig& config);
  // A clone: shares `other`'s weights (and so the model bytes) with its own activations.
  LightPredictor(const LightPredictor& other) = default;
  // A clone with private copies of the weights named in `private_weights`.
  LightPredictor(const LightPredictor& other, const std::vector<std::string>& private_weights)
      : ProgramPredictor(other, private_weights) {}

  std::shared_ptr<lite_api::PaddlePredictor> Clone() override;
  std::shared_ptr<lite_api::PaddlePredictor> Clone(
      const std::vector<std::string>& var_names) override;
  // SaveOptimizedModel is not overridden: the light predictor cannot save (it throws).
};

}  // namespace lite
}  // namespace paddle
