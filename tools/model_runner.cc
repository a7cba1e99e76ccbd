// model_runner: load a model, run it on an input, print the outputs, load time, latency and
// peak memory.
//
//   model_runner --model_dir=DIR --input_shape=1,3,224,224 [--input_file=x.f32] [--repeats=20]
//   model_runner --model_file=m.pdmodel --param_file=m.pdiparams --input_shape=...
//   model_runner --optimized_model_file=m.nb --input_shape=...     (the light predictor)
// --load_repeats=N creates the predictor N times and prints the median load time.
// Several inputs: --input_shape=1,2:1,3,320,320 and --input_file=a.f32,b.f32 (feed order).
// Without --input_file each input is filled with the pattern of the reference outputs:
//   x[i] = sin(0.01 i) * 0.5 + ((i * 7919) % 1000) / 2000 - 0.25
#include <gflags/gflags.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"

DEFINE_string(model_dir, "", "model directory (program + params)");
DEFINE_string(model_file, "", "program file (any name)");
DEFINE_string(param_file, "", "combined params file");
DEFINE_string(optimized_model_file, "", ".nb model written by opt (loaded with MobileConfig)");
DEFINE_int32(load_repeats, 1, "times the predictor is created (median load time printed)");
DEFINE_string(input_shape, "", "input shapes, dims by ',' and inputs by ':'");
DEFINE_string(input_file, "", "raw float32 input files, by ',' (default: the sin pattern)");
DEFINE_string(output_file, "", "write output 0 here as raw float32");
DEFINE_int32(threads, 1, "threads");
DEFINE_int32(warmup, 2, "untimed runs first");
DEFINE_int32(repeats, 10, "timed runs");
DEFINE_bool(fusion, true, "run the fusion passes");
DEFINE_bool(memory_optimize, true, "reuse activation buffers");
DEFINE_int32(print_values, 10, "values printed per output");

namespace {

using paddle::lite_api::shape_t;

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::stringstream in(s);
  std::string part;
  while (std::getline(in, part, sep)) parts.push_back(part);
  return parts;
}

shape_t ParseShape(const std::string& text) {
  shape_t shape;
  for (const auto& d : Split(text, ',')) {
    char* end = nullptr;
    const long long v = std::strtoll(d.c_str(), &end, 10);
    if (d.empty() || *end != '\0' || v <= 0) {
      throw std::invalid_argument("bad --input_shape dimension '" + d + "' in '" + text + "'");
    }
    shape.push_back(v);
  }
  return shape;
}

void FillInput(paddle::lite_api::Tensor* tensor, const shape_t& shape, const std::string& file) {
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

std::string ShapeStr(const shape_t& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

void PrintOutput(const paddle::lite_api::Tensor& out, const std::string& name) {
  std::cout << "output " << name << " shape " << ShapeStr(out.shape()) << " "
            << paddle::lite_api::PrecisionToStr(out.precision()) << ":";
  const int64_t n = std::min<int64_t>(out.numel(), FLAGS_print_values);
  for (int64_t i = 0; i < n; ++i) {
    switch (out.precision()) {
      case paddle::lite_api::PrecisionType::kInt32: std::cout << " " << out.data<int32_t>()[i]; break;
      case paddle::lite_api::PrecisionType::kInt64: std::cout << " " << out.data<int64_t>()[i]; break;
      default: std::cout << " " << out.data<float>()[i];
    }
  }
  std::cout << (out.numel() > n ? " ..." : "") << "\n";
}

std::shared_ptr<paddle::lite_api::PaddlePredictor> CreatePredictor() {
  if (!FLAGS_optimized_model_file.empty()) {
    paddle::lite_api::MobileConfig config;
    config.set_model_from_file(FLAGS_optimized_model_file);
    config.set_threads(FLAGS_threads);
    return paddle::lite_api::CreatePaddlePredictor(config);
  }
  paddle::lite_api::CxxConfig config;
  config.set_model_dir(FLAGS_model_dir);
  config.set_model_file(FLAGS_model_file);
  config.set_param_file(FLAGS_param_file);
  config.set_threads(FLAGS_threads);
  config.set_fusion_passes(FLAGS_fusion);
  config.set_memory_optimize(FLAGS_memory_optimize);
  config.set_valid_places({paddle::lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
  return paddle::lite_api::CreatePaddlePredictor(config);
}

double MillisSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

long PeakRssKb() {
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;  // kilobytes on Linux
}

// Resident anonymous (heap) and file-backed (mapped) kilobytes now, from /proc (Linux).
std::string ResidentSplit() {
  std::ifstream status("/proc/self/status");
  std::string line, out;
  while (std::getline(status, line)) {
    if (line.rfind("RssAnon:", 0) == 0 || line.rfind("RssFile:", 0) == 0) {
      out += (out.empty() ? "" : "  ") + line.substr(0, 8) + " " +
             std::to_string(std::strtol(line.c_str() + 8, nullptr, 10)) + " kB";
    }
  }
  return out;
}

int Run() {
  const long rss_before_load_kb = PeakRssKb();
  std::vector<double> load_ms;
  std::shared_ptr<paddle::lite_api::PaddlePredictor> predictor;
  for (int i = 0; i < std::max(1, FLAGS_load_repeats); ++i) {
    predictor.reset();  // at most one loaded model at a time, so peak RSS is one load's
    const auto start = std::chrono::steady_clock::now();
    predictor = CreatePredictor();
    load_ms.push_back(MillisSince(start));
  }
  std::printf("loads: %zu  load_median_ms: %.3f  peak_rss_kb before load: %ld after: %ld\n",
              load_ms.size(), Median(load_ms), rss_before_load_kb, PeakRssKb());
  std::printf("resident after load: %s\n", ResidentSplit().c_str());

  const auto names = predictor->GetInputNames();
  const auto shapes = Split(FLAGS_input_shape, ':');
  const auto files = Split(FLAGS_input_file, ',');
  if (shapes.size() != names.size()) {
    std::cerr << "error: the model has " << names.size() << " inputs; give " << names.size()
              << " shapes in --input_shape (separated by ':')\n";
    return 2;
  }
  if (!files.empty() && files.size() != names.size()) {
    std::cerr << "error: give one --input_file per input (" << names.size() << ")\n";
    return 2;
  }
  for (size_t i = 0; i < names.size(); ++i) {
    FillInput(predictor->GetInput(static_cast<int>(i)).get(), ParseShape(shapes[i]),
              files.empty() ? "" : files[i]);
  }

  for (int i = 0; i < FLAGS_warmup; ++i) predictor->Run();
  std::vector<double> ms;
  for (int i = 0; i < std::max(1, FLAGS_repeats); ++i) {
    const auto start = std::chrono::steady_clock::now();
    predictor->Run();
    ms.push_back(MillisSince(start));
  }

  const auto out_names = predictor->GetOutputNames();
  for (size_t i = 0; i < out_names.size(); ++i) {
    PrintOutput(*predictor->GetOutput(static_cast<int>(i)), out_names[i]);
  }
  if (!FLAGS_output_file.empty()) {
    auto out = predictor->GetOutput(0);
    std::ofstream file(FLAGS_output_file, std::ios::binary);
    file.write(reinterpret_cast<const char*>(out->data<float>()), out->numel() * 4);
  }
  std::sort(ms.begin(), ms.end());
  std::printf("runs: %zu  threads: %d  min_ms: %.3f  peak_rss_kb: %ld\nmedian_ms: %.3f\n",
              ms.size(), FLAGS_threads, ms.front(), PeakRssKb(), ms[ms.size() / 2]);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  gflags::SetUsageMessage("run a Paddle model and print its outputs and latency");
  gflags::ParseCommandLineFlags(&argc, &argv, true);
  if (FLAGS_model_dir.empty() && FLAGS_model_file.empty() &&
      FLAGS_optimized_model_file.empty()) {
    std::cerr << "error: give --model_dir, --model_file or --optimized_model_file (see --help)\n";
    return 2;
  }
  try {
    return Run();
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
