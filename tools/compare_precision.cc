// compare_precision: how far a model's int8 (or fp16) plan drifts from its float plan, op by
// op, on one input: each float variable the reduced plan's ops write against the float
// plan's, max |difference| and cosine similarity, worst first.
//
//   compare_precision --model_dir=qat_model --input_shape=1,3,640,640 [--input_file=x.f32]
//   compare_precision --model_dir=float_model --input_shape=1,3,224,224 --quant_model
//       --quant_type=QUANT_INT8 --calibration_data=DIR      (opt's post-training quantization)
//   compare_precision --model_dir=m --valid_targets=arm --enable_fp16   (ARM fp16 kernels)
//
// Both plans keep every variable (no memory reuse) in plain layouts; rows marked * ran an
// int8 or fp16 kernel. The error a layer adds is the step in cosine from its input's row.
#include <gflags/gflags.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "lite/api/cxx_api.h"
#include "lite/api/paddle_exception.h"
#include "tools/flag_help.h"
#include "lite/model_parser/model_parser.h"
#include "tools/opt_calibrate.h"
#include "tools/opt_report.h"
#include "tools/precision_compare.h"
#include "tools/run_util.h"
#include "tools/valid_targets.h"

DEFINE_string(model_dir, "", "model directory (program + params)");
DEFINE_string(model_file, "", "program file (any name)");
DEFINE_string(param_file, "", "combined params file");
DEFINE_string(input_shape, "", "the input's dims, by ','");
DEFINE_string(input_file, "", "raw float32 input (default: the reference sin pattern)");
DEFINE_string(valid_targets, "",
              "targets, by ',' (default: this build's CPU target, then host); the float plan "
              "takes the same targets without their int8 and fp16 places");
DEFINE_bool(enable_fp16, false, "the test plan prefers ARM fp16 kernels (as opt's flag)");
DEFINE_bool(quant_model, false, "post-training quantization, as opt's flag");
DEFINE_string(quant_type, "QUANT_INT8", "with --quant_model: QUANT_INT8");
DEFINE_string(calibration_data, "", "with --quant_model: sample inputs, as opt's flag");
DEFINE_string(calibration_method, "abs_max", "with --quant_model: abs_max or kl");
DEFINE_int32(rows, 30, "rows printed, worst first");
DEFINE_int32(threads, 1, "threads");

namespace {

namespace lite = paddle::lite;
using paddle::lite_api::CxxConfig;
using paddle::lite_api::Place;
using paddle::lite_api::PrecisionType;

CxxConfig ConfigWith(const std::vector<Place>& places) {
  CxxConfig config;
  config.set_model_dir(FLAGS_model_dir);
  config.set_model_file(FLAGS_model_file);
  config.set_param_file(FLAGS_param_file);
  config.set_valid_places(places);
  config.set_threads(FLAGS_threads);
  config.set_memory_optimize(false);
  config.set_blocked_layout(false);
  return config;
}

int Run() {
  if (FLAGS_model_dir.empty() && FLAGS_model_file.empty()) {
    throw plite_tools::UsageError("give --model_dir or --model_file (see --help)");
  }
  if (FLAGS_input_shape.empty()) throw plite_tools::UsageError("give --input_shape");
  auto valid = lite::opt::ParseValidTargets(
      FLAGS_valid_targets.empty() ? lite::opt::DefaultTargetList() : FLAGS_valid_targets);
  if (FLAGS_enable_fp16) lite::opt::PreferFp16(&valid);
  std::vector<Place> float_places;
  for (const Place& p : valid.places) {
    if (p.precision != PrecisionType::kInt8 && p.precision != PrecisionType::kFP16) {
      float_places.push_back(p);
    }
  }
  const CxxConfig test_config = ConfigWith(valid.places);
  std::map<std::string, float> scales;
  if (FLAGS_quant_model) {
    lite::cpp::ProgramDesc program;
    lite::Scope scope;
    lite::LoadModel(FLAGS_model_dir, FLAGS_model_file, FLAGS_param_file, &scope, &program);
    const lite::opt::QuantFlags quant{true, FLAGS_quant_type, FLAGS_calibration_data,
                                      FLAGS_calibration_method, FLAGS_input_shape};
    scales = lite::opt::PostTrainingScales(quant, valid.places, test_config, program);
  }
  lite::Predictor test(test_config, scales);
  lite::Predictor reference(ConfigWith(float_places));
  const auto shape = plite_tools::ParseShape(FLAGS_input_shape);
  plite_tools::FillInput(test.GetInput(0).get(), shape, FLAGS_input_file);
  plite_tools::FillInput(reference.GetInput(0).get(), shape, FLAGS_input_file);
  const std::vector<lite::opt::VarDrift> drifts = lite::opt::CompareRuns(&test, &reference);
  int reduced = 0;
  for (const auto& d : drifts) reduced += d.reduced;
  std::cout << drifts.size() << " variables compared, " << reduced
            << " written by int8/fp16 kernels; worst first:\n"
            << lite::opt::DriftTable(drifts, static_cast<size_t>(std::max(1, FLAGS_rows)));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  gflags::SetUsageMessage(
      "compare a model's int8 / fp16 plan with its float plan, op by op\n"
      "  compare_precision --model_dir=DIR --input_shape=1,3,224,224 [--input_file=x.f32]\n"
      "  (a quantized model's int8 plan; --quant_model ... for opt's post-training "
      "quantization; --enable_fp16 for ARM fp16)");
  if (plite_tools::PrintHelpIfAsked(argc, argv, __FILE__)) return 0;
  gflags::ParseCommandLineFlags(&argc, &argv, true);
  if (argc > 1) {
    std::cerr << "compare_precision: unexpected argument '" << argv[1]
              << "' (flags are --name=value)\n";
    return 2;
  }
  try {
    return Run();
  } catch (const plite_tools::UsageError& e) {
    std::cerr << "compare_precision: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "compare_precision: error: " << e.what() << "\n";
    return 1;
  }
}
