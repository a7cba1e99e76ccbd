// What the model-running tools (model_runner, benchmark) share: flags parsing helpers, the
// predictor they create, input filling, output summaries and files, latency statistics.
// Uses only the public API (lite/api/paddle_api.h), so a tool may link the shared library.
#pragma once

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"

namespace plite_tools {

using paddle::lite_api::PaddlePredictor;
using paddle::lite_api::Place;
using paddle::lite_api::shape_t;

// A bad combination of flags (the tools exit 2 on it, 1 on other errors).
struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

std::vector<std::string> Split(const std::string& s, char sep);

// "1,3,224,224" (or "1x3x224x224" when there is no ','); throws std::invalid_argument
// naming the bad dimension.
shape_t ParseShape(const std::string& text);
std::string ShapeStr(const shape_t& shape);  // "[1, 3, 224, 224]"

// Which model and how to run it.
struct ModelSpec {
  std::string model_dir;
  std::string model_file;
  std::string param_file;
  std::string optimized_model_file;  // .nb: MobileConfig; otherwise CxxConfig
  int threads{1};
  bool fusion{true};
  bool memory_optimize{true};
  bool blocked_layout{true};
  bool check_weight_checksums{false};  // .nb only
  paddle::lite_api::PowerMode power_mode{paddle::lite_api::LITE_POWER_NO_BIND};
  std::vector<Place> valid_places;  // CxxConfig only; empty: the library's default
};
// Throws UsageError when no model is given.
void CheckModelGiven(const ModelSpec& spec);
std::shared_ptr<PaddlePredictor> CreatePredictor(const ModelSpec& spec);

// Resizes input `i` to `shape` and fills it from the raw float32 `file`, or without a file
// with the reference pattern x[i] = sin(0.01 i) * 0.5 + ((i * 7919) % 1000) / 2000 - 0.25.
void FillInput(paddle::lite_api::Tensor* tensor, const shape_t& shape, const std::string& file);
// All inputs from --input_shape ("1,2:1,3,320,320", feed order) and --input_file ("a,b" or
// ""). Throws UsageError when the counts do not match the model's inputs.
void SetInputs(PaddlePredictor* predictor, const std::string& shapes, const std::string& files);

// Element type of an input (benchmark's --input_data_type: float32, int32, int64).
enum class InputType { kFloat32, kInt32, kInt64 };
InputType ParseInputType(const std::string& name);  // throws UsageError

// Inputs as Paddle Lite's benchmark gives them, besides --input_shape and --input_file.
struct InputOptions {
  std::string shapes;      // --input_shape
  std::string raw_files;   // --input_file: raw float32, by ','
  std::string text_files;  // --input_data_path: whitespace-separated numbers, by ':'
  std::string types;       // --input_data_type: one for all, or one per input by ':'
};
// Without text files or typed inputs, as SetInputs above; otherwise each input is read
// from its text file (exactly numel numbers) or, without one, float inputs get the
// reference pattern and integer inputs 1.
void SetInputs(PaddlePredictor* predictor, const InputOptions& options);

// Every output as text: a line "# output NAME shape [..] type", then one value per line.
void WriteTextOutputs(PaddlePredictor* predictor, const std::string& path);

// "output NAME shape [1, 10] float: v0 v1 ... " with `count` values.
std::string OutputValues(const paddle::lite_api::Tensor& out, const std::string& name, int count);
// "output NAME shape [1, 10] float mean 0.1 std 0.05 first: v0 v1 ..." 
std::string OutputSummary(const paddle::lite_api::Tensor& out, const std::string& name,
                          int count);
// The tensor's values as raw little-endian float32 (int outputs converted). Throws naming
// `path` when it cannot be written.
void WriteFloatFile(const paddle::lite_api::Tensor& out, const std::string& path);

double MillisSince(std::chrono::steady_clock::time_point start);

struct LatencyStats {
  double min{0}, median{0}, avg{0}, max{0};
};
LatencyStats Stats(std::vector<double> ms);  // ms non-empty

}  // namespace plite_tools
