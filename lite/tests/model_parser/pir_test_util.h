// Running small Paddle 3 PIR programs (written with tools/pir_program_writer.h) through
// CxxConfig in tests, and reading their outputs.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "lite/api/paddle_api.h"
#include "tools/pir_program_writer.h"

namespace paddle {
namespace lite {
namespace testing {

// A predictor of the program (host kernels unless `places` says otherwise), loaded from the
// JSON and params in memory.
std::shared_ptr<lite_api::PaddlePredictor> LoadPir(
    const PirProgramWriter& program, const std::vector<lite_api::Place>& places = {});
// Sets float input `i`.
void SetPirInput(lite_api::PaddlePredictor* predictor, int i, const std::vector<int64_t>& dims,
                 const std::vector<float>& values);
// Sets int64 input `i` (indices).
void SetPirInt64Input(lite_api::PaddlePredictor* predictor, int i,
                      const std::vector<int64_t>& dims, const std::vector<int64_t>& values);
// Sets int32 input `i` (image sizes, indices).
void SetPirInt32Input(lite_api::PaddlePredictor* predictor, int i,
                      const std::vector<int64_t>& dims, const std::vector<int32_t>& values);
// Output `i`'s values as doubles, whatever its element type; `dims` receives its shape.
std::vector<double> PirOutput(const lite_api::PaddlePredictor& predictor, int i,
                              std::vector<int64_t>* dims = nullptr);
// Loads, sets float input 0 and runs; output 0's values.
std::vector<double> RunPir(const PirProgramWriter& program, const std::vector<int64_t>& dims,
                           const std::vector<float>& input, std::vector<int64_t>* out_dims = nullptr);
// |got - want| <= tol, relative to |want| where that is above 1, element by element.
void ExpectNear(const std::vector<double>& got, const std::vector<double>& want, double tol);

// The plite op types the program's translation holds, in order (feed/fetch included).
std::vector<std::string> TranslatedOpTypes(const PirProgramWriter& program);

}  // namespace testing
}  // namespace lite
}  // namespace paddle
