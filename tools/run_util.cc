#include "tools/run_util.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <numeric>
#include <sstream>

namespace plite_tools {

using paddle::lite_api::PrecisionType;
using paddle::lite_api::Tensor;

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::stringstream in(s);
  std::string part;
  while (std::getline(in, part, sep)) parts.push_back(part);
  return parts;
}

shape_t ParseShape(const std::string& text) {
  const char sep = text.find(',') == std::string::npos && text.find('x') != std::string::npos
                       ? 'x'
                       : ',';
  shape_t shape;
  for (const auto& d : Split(text, sep)) {
    char* end = nullptr;
    const long long v = std::strtoll(d.c_str(), &end, 10);
    if (d.empty() || *end != '\0' || v <= 0) {
      throw std::invalid_argument("bad --input_shape dimension '" + d + "' in '" + text + "'");
    }
    shape.push_back(v);
  }
  if (shape.empty()) throw std::invalid_argument("empty shape in --input_shape '" + text + "'");
  return shape;
}

std::string ShapeStr(const shape_t& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

void CheckModelGiven(const ModelSpec& spec) {
  if (spec.model_dir.empty() && spec.model_file.empty() && spec.optimized_model_file.empty()) {
    throw UsageError("give --model_dir, --model_file or --optimized_model_file (see --help)");
  }
}

std::shared_ptr<PaddlePredictor> CreatePredictor(const ModelSpec& spec) {
  if (!spec.optimized_model_file.empty()) {
    paddle::lite_api::MobileConfig config;
    config.set_model_from_file(spec.optimized_model_file);
    config.set_threads(spec.threads);
    config.set_power_mode(spec.power_mode);
    config.set_check_weight_checksums(spec.check_weight_checksums);
    return paddle::lite_api::CreatePaddlePredictor(config);
  }
  paddle::lite_api::CxxConfig config;
  config.set_model_dir(spec.model_dir);
  config.set_model_file(spec.model_file);
  config.set_param_file(spec.param_file);
  config.set_threads(spec.threads);
  config.set_fusion_passes(spec.fusion);
  config.set_memory_optimize(spec.memory_optimize);
  config.set_blocked_layout(spec.blocked_layout);
  config.set_power_mode(spec.power_mode);
  // None given: the library's default, this build's CPU target then host.
  if (!spec.valid_places.empty()) config.set_valid_places(spec.valid_places);
  return paddle::lite_api::CreatePaddlePredictor(config);
}

void FillInput(Tensor* tensor, const shape_t& shape, const std::string& file) {
  tensor->Resize(shape);
  float* data = tensor->mutable_data<float>();
  const int64_t n = tensor->numel();
  if (file.empty()) {
    for (int64_t i = 0; i < n; ++i) {
      data[i] = static_cast<float>(std::sin(0.01 * i) * 0.5 + ((i * 7919) % 1000) / 2000.0 - 0.25);
    }
    return;
  }
  std::ifstream in(file, std::ios::binary | std::ios::ate);
  if (!in) throw std::invalid_argument("cannot open input file '" + file + "'");
  const auto bytes = static_cast<int64_t>(in.tellg());
  if (bytes != n * 4) {
    throw std::invalid_argument("input file '" + file + "' has " + std::to_string(bytes) +
                                " bytes; shape needs " + std::to_string(n * 4));
  }
  in.seekg(0);
  in.read(reinterpret_cast<char*>(data), bytes);
}

InputType ParseInputType(const std::string& name) {
  if (name == "float32" || name == "float") return InputType::kFloat32;
  if (name == "int32") return InputType::kInt32;
  if (name == "int64") return InputType::kInt64;
  throw UsageError("bad --input_data_type '" + name + "': use float32, int32 or int64");
}

namespace {

// Reads exactly n whitespace-separated numbers of `path` into data.
template <typename T>
void ReadText(const std::string& path, int64_t n, T* data) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot open input data file '" + path + "'");
  int64_t count = 0;
  for (double v = 0; count < n && in >> v; ++count) data[count] = static_cast<T>(v);
  double extra = 0;
  if (count < n || in >> extra) {
    throw std::invalid_argument("input data file '" + path + "' holds " +
                                (count < n ? std::to_string(count) : "more than " + std::to_string(n)) +
                                " numbers; the shape needs " + std::to_string(n));
  }
}

template <typename T>
void FillTyped(Tensor* tensor, const std::string& text_file) {
  T* data = tensor->mutable_data<T>();
  const int64_t n = tensor->numel();
  if (!text_file.empty()) return ReadText(text_file, n, data);
  std::fill(data, data + n, T(1));  // as Paddle Lite's benchmark: valid as an index or a size
}

}  // namespace

void SetInputs(PaddlePredictor* predictor, const InputOptions& options) {
  const auto names = predictor->GetInputNames();
  const auto shapes = Split(options.shapes, ':');
  const auto texts = Split(options.text_files, ':');
  const auto types = Split(options.types, ':');
  if (!texts.empty() && texts.size() != names.size()) {
    throw UsageError("give one --input_data_path per input (" + std::to_string(names.size()) +
                     "), separated by ':'");
  }
  if (types.size() > 1 && types.size() != names.size()) {
    throw UsageError("give one --input_data_type, or one per input (" +
                     std::to_string(names.size()) + ") separated by ':'");
  }
  bool all_float = true;
  for (const auto& t : types) all_float &= ParseInputType(t) == InputType::kFloat32;
  if (texts.empty() && all_float) return SetInputs(predictor, options.shapes, options.raw_files);
  if (!options.raw_files.empty()) {
    throw UsageError("--input_file is raw float32; give --input_data_path (text) for typed inputs");
  }
  if (shapes.size() != names.size()) {
    throw UsageError("the model has " + std::to_string(names.size()) + " inputs; give " +
                     std::to_string(names.size()) + " shapes in --input_shape (separated by ':')");
  }
  for (size_t i = 0; i < names.size(); ++i) {
    auto tensor = predictor->GetInput(static_cast<int>(i));
    tensor->Resize(ParseShape(shapes[i]));
    const std::string text = texts.empty() ? "" : texts[i];
    switch (types.empty() ? InputType::kFloat32 : ParseInputType(types[types.size() > 1 ? i : 0])) {
      case InputType::kFloat32:
        if (text.empty()) {
          FillInput(tensor.get(), ParseShape(shapes[i]), "");
        } else {
          FillTyped<float>(tensor.get(), text);
        }
        break;
      case InputType::kInt32: FillTyped<int32_t>(tensor.get(), text); break;
      case InputType::kInt64: FillTyped<int64_t>(tensor.get(), text); break;
    }
  }
}

void SetInputs(PaddlePredictor* predictor, const std::string& shapes_flag,
               const std::string& files_flag) {
  const auto names = predictor->GetInputNames();
  const auto shapes = Split(shapes_flag, ':');
  const auto files = Split(files_flag, ',');
  if (shapes.size() != names.size()) {
    throw UsageError("the model has " + std::to_string(names.size()) + " inputs; give " +
                     std::to_string(names.size()) + " shapes in --input_shape (separated by ':')");
  }
  if (!files.empty() && files.size() != names.size()) {
    throw UsageError("give one --input_file per input (" + std::to_string(names.size()) +
                     "), separated by ','");
  }
  for (size_t i = 0; i < names.size(); ++i) {
    FillInput(predictor->GetInput(static_cast<int>(i)).get(), ParseShape(shapes[i]),
              files.empty() ? "" : files[i]);
  }
}

namespace {

double ValueAt(const Tensor& t, int64_t i) {
  switch (t.precision()) {
    case PrecisionType::kInt32: return t.data<int32_t>()[i];
    case PrecisionType::kInt64: return static_cast<double>(t.data<int64_t>()[i]);
    default: return t.data<float>()[i];
  }
}

std::string Values(const Tensor& t, int count) {
  std::ostringstream s;
  const int64_t n = std::min<int64_t>(t.numel(), count);
  for (int64_t i = 0; i < n; ++i) s << " " << ValueAt(t, i);
  if (t.numel() > n) s << " ...";
  return s.str();
}

std::string Head(const Tensor& t, const std::string& name) {
  return "output " + name + " shape " + ShapeStr(t.shape()) + " " +
         paddle::lite_api::PrecisionToStr(t.precision());
}

}  // namespace

std::string OutputValues(const Tensor& out, const std::string& name, int count) {
  return Head(out, name) + ":" + Values(out, count);
}

std::string OutputSummary(const Tensor& out, const std::string& name, int count) {
  const int64_t n = out.numel();
  double sum = 0, sq = 0;
  for (int64_t i = 0; i < n; ++i) sum += ValueAt(out, i);
  const double mean = n ? sum / n : 0;
  for (int64_t i = 0; i < n; ++i) sq += (ValueAt(out, i) - mean) * (ValueAt(out, i) - mean);
  std::ostringstream s;
  s << Head(out, name) << " mean " << mean << " std " << (n ? std::sqrt(sq / n) : 0)
    << " first:" << Values(out, count);
  return s.str();
}

void WriteFloatFile(const Tensor& out, const std::string& path) {
  std::vector<float> values(static_cast<size_t>(out.numel()));
  for (size_t i = 0; i < values.size(); ++i) {
    values[i] = static_cast<float>(ValueAt(out, static_cast<int64_t>(i)));
  }
  std::ofstream file(path, std::ios::binary);
  file.write(reinterpret_cast<const char*>(values.data()),
             static_cast<std::streamsize>(values.size() * sizeof(float)));
  if (!file) throw std::invalid_argument("cannot write output file '" + path + "'");
}

void WriteTextOutputs(PaddlePredictor* predictor, const std::string& path) {
  std::ofstream file(path, std::ios::trunc);
  const auto names = predictor->GetOutputNames();
  for (size_t i = 0; i < names.size(); ++i) {
    const auto out = predictor->GetOutput(static_cast<int>(i));
    file << "# " << Head(*out, names[i]) << "\n";
    for (int64_t j = 0; j < out->numel(); ++j) file << ValueAt(*out, j) << "\n";
  }
  if (!file.flush()) throw std::invalid_argument("cannot write output data file '" + path + "'");
}

double MillisSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

LatencyStats Stats(std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  LatencyStats s;
  s.min = ms.front();
  s.max = ms.back();
  s.median = ms.size() % 2 ? ms[ms.size() / 2] : (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]) / 2;
  s.avg = std::accumulate(ms.begin(), ms.end(), 0.0) / static_cast<double>(ms.size());
  return s;
}

}  // namespace plite_tools
