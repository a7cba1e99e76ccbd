#include "tools/opt_calibrate.h"

#include <glog/logging.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <thread>
#include <vector>

#include "lite/api/cxx_api.h"
#include "lite/api/paddle_exception.h"
#include "lite/core/op_registry.h"
#include "lite/optimizer/quantization/calibrated_quantization.h"
#include "tools/precision_compare.h"
#include "tools/run_util.h"

namespace paddle {
namespace lite {
namespace opt {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

[[noreturn]] void Fail(const std::string& message, bool prefix = true) {
  throw lite_api::PaddleLiteException(prefix ? "--quant_model: " + message : message);
}

std::vector<std::string> CalibrationFiles(const std::string& dir) {
  std::error_code ec;
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_regular_file()) files.push_back(entry.path().string());
  }
  if (ec) Fail("cannot list --calibration_data " + dir + ": " + ec.message());
  if (files.empty()) Fail("--calibration_data " + dir + " holds no files");
  std::sort(files.begin(), files.end());
  return files;
}

// The feed var's declared dims, where they are all known.
lite_api::shape_t DeclaredInputDims(const cpp::ProgramDesc& program) {
  for (const cpp::OpDesc& op : program.blocks[0].ops) {
    if (op.Type() != "feed" || !op.HasOutput("Out")) continue;
    const cpp::VarDesc* var = program.blocks[0].FindVar(op.Output("Out")[0]);
    if (!var || var->shape.empty()) break;
    for (int64_t d : var->shape) {
      if (d <= 0) Fail("the model's input has unknown dims; give --input_shape for the files");
    }
    return var->shape;
  }
  Fail("the model's input dims are not declared; give --input_shape for the files");
}

// "pass 1/2 (range): 12/50 inputs, 3.1 s, about 9.8 s left", at most ~20 lines a pass.
class Progress {
 public:
  Progress(std::string what, int total) : what_(std::move(what)), total_(total) {}
  void Done(int done) {
    const int step = std::max(1, total_ / 20);
    if (done % step != 0 && done != total_) return;
    const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
    const double left = elapsed / done * (total_ - done);
    std::printf("calibration %s: %d/%d inputs, %.1f s, about %.1f s left\n", what_.c_str(), done,
                total_, elapsed, left);
    std::fflush(stdout);
  }

 private:
  std::string what_;
  int total_;
  Clock::time_point start_{Clock::now()};
};

// The input dims of the calibration files.
lite_api::shape_t CalibrationShape(const std::string& flag, const cpp::ProgramDesc& program) {
  try {
    return flag.empty() ? DeclaredInputDims(program) : plite_tools::ParseShape(flag);
  } catch (const std::invalid_argument& e) {
    Fail(std::string("--input_shape: ") + e.what());
  }
}

void FillFromFile(Predictor* predictor, const lite_api::shape_t& shape, const std::string& file) {
  try {
    plite_tools::FillInput(predictor->GetInput(0).get(), shape, file);
  } catch (const std::invalid_argument& e) {
    Fail(std::string(e.what()) + " (input shape " + plite_tools::ShapeStr(shape) + ")");
  }
}

// Float places for running the model here: this build's CPU target and host.
std::vector<lite_api::Place> FloatPlacesHere() {
  std::vector<lite_api::Place> places;
  for (const Place& p : DefaultPlaces()) {
    if (p.precision != lite_api::PrecisionType::kInt8) places.push_back(p);
  }
  return places;
}

}  // namespace

std::vector<std::string> LossyInt8Convs(const QuantFlags& flags,
                                        const std::vector<lite_api::Place>& valid_places,
                                        const lite_api::CxxConfig& config,
                                        const cpp::ProgramDesc& program,
                                        const std::map<std::string, float>& scales,
                                        std::vector<std::string>* report) {
  if (!(flags.keep_threshold > 0)) return {};
  if (scales.empty()) Fail("--quant_keep_threshold needs --quant_type=QUANT_INT8");
  std::vector<std::string> files = CalibrationFiles(flags.calibration_data);
  if (files.size() > 4) files.resize(4);
  const lite_api::shape_t shape = CalibrationShape(flags.input_shape, program);
  // Every var kept, plain layouts: the two plans' vars line up.
  lite_api::CxxConfig test_config = config;
  test_config.set_valid_places(valid_places);
  test_config.set_memory_optimize(false);
  test_config.set_blocked_layout(false);
  lite_api::CxxConfig float_config = test_config;
  float_config.set_valid_places(FloatPlacesHere());
  Predictor test(test_config, scales);
  Predictor reference(float_config);
  std::map<std::string, double> loss;  // conv output -> worst cosine loss
  std::map<std::string, std::string> input_of;  // conv output -> its input var
  for (const std::string& file : files) {
    FillFromFile(&test, shape, file);
    FillFromFile(&reference, shape, file);
    const std::vector<VarDrift> drifts = CompareRuns(&test, &reference);
    std::map<std::string, double> cosine;
    for (const VarDrift& d : drifts) cosine[d.var] = d.cosine;
    for (const VarDrift& d : drifts) {
      if (!d.reduced || d.op != "conv2d") continue;
      const auto in = cosine.find(d.input);
      const double lost = (in == cosine.end() ? 1.0 : in->second) - d.cosine;
      loss[d.var] = std::max(loss[d.var], lost);
      input_of[d.var] = d.input;
    }
  }
  std::vector<std::string> keep;
  for (const auto& [var, lost] : loss) {
    if (lost <= flags.keep_threshold) continue;
    if (std::find(keep.begin(), keep.end(), input_of[var]) == keep.end()) {
      keep.push_back(input_of[var]);
    }
    char line[256];
    std::snprintf(line, sizeof line, "%s (cosine loss %.4g)", var.c_str(), lost);
    report->push_back(line);
  }
  return keep;
}

std::map<std::string, float> PostTrainingScales(const QuantFlags& flags,
                                                const std::vector<lite_api::Place>& valid_places,
                                                const lite_api::CxxConfig& config,
                                                const cpp::ProgramDesc& program) {
  if (!flags.quant_model) {
    if (!flags.calibration_data.empty()) Fail("--calibration_data needs --quant_model", false);
    return {};
  }
  if (flags.quant_type != "QUANT_INT8" && flags.quant_type != "QUANT_INT16") {
    Fail("bad --quant_type '" + flags.quant_type + "': use QUANT_INT8 or QUANT_INT16");
  }
  if (flags.quant_type != "QUANT_INT8") return {};
  CalibrationRequest request;
  request.data_dir = flags.calibration_data;
  request.input_shape = flags.input_shape;
  request.method = ParseCalibrationMethod(flags.calibration_method);
  if (request.data_dir.empty()) {
    Fail("--quant_type=QUANT_INT8 needs --calibration_data=DIR (sample inputs, one raw float32 "
         "file each)");
  }
  bool int8_kernel = false;
  for (const char* type : {"conv2d", "fc"}) {
    for (const KernelInfo* info : KernelRegistry::Global().Kernels(type)) {
      int8_kernel |= info->place.precision == lite_api::PrecisionType::kInt8 &&
                     info->RunsOnThisCpu() &&
                     std::find(valid_places.begin(), valid_places.end(), info->place) !=
                         valid_places.end();
    }
  }
  if (!int8_kernel) {
    Fail("--quant_type=QUANT_INT8: no int8 kernel runs for --valid_targets on this CPU (x86's "
         "need AVX512_VNNI; docs/quantization.md)");
  }
  // Calibration runs here, on this machine's float kernels.
  lite_api::CxxConfig float_config = config;
  float_config.set_valid_places(FloatPlacesHere());
  return Calibrate(float_config, program, request);
}

std::map<std::string, float> Calibrate(const lite_api::CxxConfig& float_config,
                                       const cpp::ProgramDesc& program,
                                       const CalibrationRequest& request) {
  const std::vector<std::string> files = CalibrationFiles(request.data_dir);
  const std::vector<std::string> targets = CalibrationTargets(program);
  if (targets.empty()) {
    Fail("the model has no conv2d or product by a weight matrix that int8 pays for (at least "
         "16 input channels or rows; the output layer stays float); nothing to quantize");
  }
  const lite_api::shape_t shape = CalibrationShape(request.input_shape, program);
  // Every var kept (no reuse, no fusions) and in NCHW, so each conv input can be read.
  lite_api::CxxConfig config = float_config;
  config.set_memory_optimize(false);
  config.set_fusion_passes(false);
  config.set_blocked_layout(false);
  config.set_threads(static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 8u)));
  Predictor predictor(config);
  if (predictor.GetInputNames().size() != 1) {
    Fail("calibration takes models of one input; this one has " +
         std::to_string(predictor.GetInputNames().size()));
  }
  std::map<std::string, ActivationObserver> observers;
  for (const std::string& var : targets) observers[var];
  const bool histogram = ActivationObserver::NeedsHistogram(request.method);
  const int passes = histogram ? 2 : 1;
  std::printf("calibration: %zu inputs from %s, %zu layer inputs, method %s\n", files.size(),
              request.data_dir.c_str(), targets.size(), CalibrationMethodName(request.method));
  for (int pass = 0; pass < passes; ++pass) {
    Progress progress(passes == 1 ? "(range)"
                                  : pass == 0 ? "pass 1/2 (range)" : "pass 2/2 (histograms)",
                      static_cast<int>(files.size()));
    for (size_t i = 0; i < files.size(); ++i) {
      FillFromFile(&predictor, shape, files[i]);
      predictor.Run();
      for (auto it = observers.begin(); it != observers.end();) {
        auto& [var, observer] = *it;
        std::unique_ptr<const lite_api::Tensor> t;
        try {
          t = predictor.GetTensor(var);
        } catch (const std::exception&) {
        }
        if (!t) {  // planned away (an op the optimizer removed): that conv stays float
          std::cerr << "opt: warning: calibration cannot read '" << var << "'; its conv stays "
                    << "float\n";
          it = observers.erase(it);
          continue;
        }
        ++it;
        int64_t n = 1;
        for (int64_t d : t->shape()) n *= d;
        if (pass == 0) {
          observer.ObserveRange(t->data<float>(), n);
        } else {
          observer.ObserveHistogram(t->data<float>(), n);
        }
      }
      progress.Done(static_cast<int>(i + 1));
    }
  }
  std::map<std::string, float> scales;
  for (const auto& [var, observer] : observers) {
    const float s = observer.Threshold(request.method);
    VLOG(1) << "calibrated " << var << ": max |x| " << observer.abs_max() << ", scale " << s;
    if (s > 0.f) scales[var] = s;
  }
  return scales;
}

}  // namespace opt
}  // namespace lite
}  // namespace paddle
