// What the full (CxxConfig) and light (MobileConfig) predictors share: an optimized
// program run over a weights scope, with the API's inputs, outputs and clones. The two
// differ only in how they obtain the optimized program and the weights.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
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

class ProgramPredictor : public lite_api::PaddlePredictor {
 public:
  ~ProgramPredictor() override;

  std::unique_ptr<lite_api::Tensor> GetInput(int i) override;
  std::unique_ptr<const lite_api::Tensor> GetOutput(int i) const override;
  std::vector<std::string> GetInputNames() override { return input_names_; }
  std::vector<std::string> GetOutputNames() override { return output_names_; }
  std::unique_ptr<lite_api::Tensor> GetInputByName(const std::string& name) override;
  std::unique_ptr<const lite_api::Tensor> GetTensor(const std::string& name) const override;
  std::unique_ptr<lite_api::Tensor> GetMutableTensor(const std::string& name) override;
  std::vector<std::string> GetParamNames() override;
  bool TryShrinkMemory() override;
  // Runs the program; where it fails because an OpenCL image cannot hold a tensor, the error
  // says which and what to do, and images_cannot_hold() names them.
  void Run() override;
  std::string GetVersion() const override;
  // What TensorsOpenClImagesCannotHold found when the last Run() failed (else empty).
  const std::vector<std::string>& images_cannot_hold() const { return images_cannot_hold_; }

  const cpp::ProgramDesc& optimized_program() const { return *optimized_; }
  const RuntimeProgram& runtime_program() const { return *program_; }
  RuntimeProgram* mutable_runtime_program() { return program_.get(); }
  // Run() with run_program() in place of the program's own Run: how the profiler
  // (lite/core/profiler.h, tools only) runs a predictor.
  void RunWith(const std::function<void()>& run_program);

 protected:
  // A new predictor: the derived constructor fills root_ (weights) and calls
  // SetProgram. `threads` is checked here.
  // `mode` (the config's power mode) picks the cores the threads run on, where the machine
  // says which cores are big (lite/core/cpu_cores.h).
  ProgramPredictor(int threads, lite_api::PowerMode mode);
  // A clone: shares `other`'s weights and optimized program, with its own activations.
  ProgramPredictor(const ProgramPredictor& other);
  // The same, with private copies of the weights named in `private_weights` (in its own
  // scope, shadowing the shared ones). A name that is not a weight throws.
  ProgramPredictor(const ProgramPredictor& other, const std::vector<std::string>& private_weights);

  Scope* root() { return root_.get(); }
  const Scope& root() const { return *root_; }
  // The scope activations live in (a child of the weights scope).
  Scope* exec_scope() { return exec_; }
  const Scope& exec_scope() const { return *exec_; }
  // Input `i`'s tensor in the feed list (checked like GetInput).
  Tensor* InputTensor(int i);
  // Builds the instructions for `optimized`, whose params must be in root().
  void SetProgram(std::shared_ptr<const cpp::ProgramDesc> optimized);
  // Swaps in another plan of the same model: `root` holds its weights, `exec` (a child of
  // `root`) the scope it was optimized over. The input and output lists move over, so the
  // app's GetInput / GetOutput handles stay valid (GetTensor's do not); clones keep the old
  // plan. When building it throws, this predictor keeps its plan.
  void ReplaceProgram(std::shared_ptr<Scope> root, Scope* exec,
                      std::shared_ptr<const cpp::ProgramDesc> optimized);

 private:
  void BuildRuntime();
  void CheckInputs();

  std::shared_ptr<Scope> root_;  // weights, shared by clones
  Scope* exec_{nullptr};         // this predictor's activations (a child of root_)
  std::shared_ptr<const cpp::ProgramDesc> optimized_;
  std::unique_ptr<RuntimeProgram> program_;
  int threads_{1};
  lite_api::PowerMode power_mode_{lite_api::LITE_POWER_NO_BIND};
  std::vector<std::string> input_names_;   // feed order
  std::vector<std::string> output_names_;  // fetch order
  std::vector<lite_api::PrecisionType> input_precisions_;
  std::string feed_list_name_{"feed"};
  std::string fetch_list_name_{"fetch"};
  std::vector<std::string> images_cannot_hold_;
};

}  // namespace lite
}  // namespace paddle
