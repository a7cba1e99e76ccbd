// The full predictor behind CxxConfig: load a Paddle model, optimize it, run it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/core/optimizer/optimizer.h"
#include "lite/core/program.h"

namespace paddle {
namespace lite {

// Runs `fn`; any other std::exception (e.g. std::bad_alloc for a huge input) leaves as
// PaddleLiteException, the one error type the API documents.
template <typename Fn>
void RethrowAsLiteError(const char* what, Fn&& fn) {
  try {
    fn();
  } catch (const PaddleLiteException&) {
    throw;
  } catch (const std::exception& e) {
    PLITE_THROW(what, ": ", e.what());
  }
}

class Predictor : public lite_api::PaddlePredictor {
 public:
  explicit Predictor(const lite_api::CxxConfig& config);
  // A clone: shares `other`'s weights and optimized program, with its own activations.
  explicit Predictor(const Predictor& other);
  ~Predictor() override;

  std::unique_ptr<lite_api::Tensor> GetInput(int i) override;
  std::unique_ptr<const lite_api::Tensor> GetOutput(int i) const override;
  std::vector<std::string> GetInputNames() override { return input_names_; }
  std::vector<std::string> GetOutputNames() override { return output_names_; }
  std::unique_ptr<lite_api::Tensor> GetInputByName(const std::string& name) override;
  std::unique_ptr<const lite_api::Tensor> GetTensor(const std::string& name) const override;
  void Run() override;
  std::shared_ptr<lite_api::PaddlePredictor> Clone() override;
  std::string GetVersion() const override;

  const cpp::ProgramDesc& optimized_program() const { return *optimized_; }
  const RuntimeProgram& runtime_program() const { return *program_; }

 private:
  void BuildRuntime();
  void CheckInputs();

  std::shared_ptr<Scope> root_;  // weights, shared by clones
  Scope* exec_{nullptr};         // this predictor's activations (a child of root_)
  std::shared_ptr<const cpp::ProgramDesc> optimized_;
  std::unique_ptr<RuntimeProgram> program_;
  int threads_{1};
  std::vector<std::string> input_names_;   // feed order
  std::vector<std::string> output_names_;  // fetch order
  std::vector<lite_api::PrecisionType> input_precisions_;
  std::string feed_list_name_{"feed"};
  std::string fetch_list_name_{"fetch"};
};

}  // namespace lite
}  // namespace paddle
