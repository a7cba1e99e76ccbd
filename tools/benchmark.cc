// benchmark: latency of a model, with an output summary and, in a -DLITE_WITH_PROFILE=ON
// build, a per-op profile.
//
//   benchmark --model_dir=DIR --input_shape=1,3,224,224 [--threads=1 --warmup=5 --repeats=30]
//   benchmark --model_file=m.pdmodel --param_file=m.pdiparams --input_shape=1x3x224x224
//   benchmark --optimized_model_file=m.nb --input_shape=...          (the light predictor)
//   --valid_targets=x86,host   targets the optimizer may pick kernels from (as opt's; default:
//                              the build's CPU target, then host)
//   --input_file=a.f32,b.f32   raw float32 inputs (default: the reference sin pattern)
//   --output_file=o.f32        output 0 as raw float32
//   --profile                  per-op table after the timed runs
//   --loads=10 --check_weight_checksums   median of 10 loads, .nb weights checked
// Prints the load time (the median of --loads), then the latency of the first run (cold: weight packing etc.) and
// min/median/avg/max over --repeats runs after --warmup more, with a line "median_ms: X".
//
// It creates the predictor through the public API like an app; it links the static full
// library only to reach the internal profile report and opt's --valid_targets parser.
#include <gflags/gflags.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/program_predictor.h"
#include "lite/core/profiler.h"
#include "tools/flag_help.h"
#include "tools/opt_report.h"
#include "tools/run_util.h"

DEFINE_string(model_dir, "", "model directory (program + params)");
DEFINE_string(model_file, "", "program file (any name)");
DEFINE_string(param_file, "", "combined params file");
DEFINE_string(optimized_model_file, "", ".nb model written by opt (loaded with MobileConfig)");
DEFINE_string(input_shape, "", "input shapes: dims by ',' (or 'x'), inputs by ':'");
DEFINE_string(input_file, "", "raw float32 input files, by ',' (default: the sin pattern)");
DEFINE_string(output_file, "", "write output 0 here as raw float32");
DEFINE_string(valid_targets, "",
              "targets for kernels, by ',': host, x86, arm, opencl (default: this build's CPU "
              "target, then host)");
DEFINE_int32(threads, 1, "threads");
DEFINE_int32(warmup, 5, "untimed runs after the first run");
DEFINE_int32(repeats, 30, "timed runs");
DEFINE_bool(fusion, true, "run the fusion passes");
DEFINE_bool(memory_optimize, true, "reuse activation buffers");
DEFINE_bool(x86_blocked_layout, true, "run x86 convolution chains in NCHW16c");
DEFINE_bool(profile, false, "print the per-op profile of the timed runs");
DEFINE_int32(loads, 1, "times the model is loaded; load_ms is their median");
DEFINE_bool(check_weight_checksums, false,
            ".nb: check every weight's CRC32C at load (MobileConfig::set_check_weight_checksums)");
DEFINE_int32(print_values, 5, "values printed per output");

namespace {

using namespace plite_tools;  // NOLINT: the shared tool helpers

ModelSpec SpecFromFlags() {
  ModelSpec spec;
  spec.model_dir = FLAGS_model_dir;
  spec.model_file = FLAGS_model_file;
  spec.param_file = FLAGS_param_file;
  spec.optimized_model_file = FLAGS_optimized_model_file;
  spec.threads = FLAGS_threads;
  spec.fusion = FLAGS_fusion;
  spec.memory_optimize = FLAGS_memory_optimize;
  spec.x86_blocked_layout = FLAGS_x86_blocked_layout;
  spec.check_weight_checksums = FLAGS_check_weight_checksums;
  CheckModelGiven(spec);
  if (FLAGS_loads < 1) throw UsageError("--loads must be >= 1");
  if (FLAGS_input_shape.empty()) throw UsageError("give --input_shape, e.g. 1,3,224,224");
  if (FLAGS_threads < 1) throw UsageError("--threads must be >= 1");
  if (FLAGS_warmup < 0) throw UsageError("--warmup must be >= 0");
  if (FLAGS_repeats < 1) throw UsageError("--repeats must be >= 1");
  const auto targets = paddle::lite::opt::ParseValidTargets(
      FLAGS_valid_targets.empty() ? paddle::lite::opt::DefaultTargetList() : FLAGS_valid_targets);
  if (spec.optimized_model_file.empty()) {
    spec.valid_places = targets.places;
  } else if (!gflags::GetCommandLineFlagInfoOrDie("valid_targets").is_default) {
    std::printf("note: --valid_targets is ignored for a .nb model (its kernels are picked)\n");
  }
  std::printf("model: %s  targets: %s  threads: %d\n",
              (spec.optimized_model_file.empty()
                   ? (spec.model_dir.empty() ? spec.model_file : spec.model_dir)
                   : spec.optimized_model_file)
                  .c_str(),
              spec.optimized_model_file.empty()
                  ? paddle::lite::opt::TargetNames(targets.targets).c_str()
                  : "(from the .nb)",
              spec.threads);
  return spec;
}

paddle::lite::ProgramPredictor* Internal(PaddlePredictor* predictor) {
  auto* p = dynamic_cast<paddle::lite::ProgramPredictor*>(predictor);
  if (p == nullptr) throw std::runtime_error("the predictor has no profile (unexpected type)");
  return p;
}

int Run() {
  const ModelSpec spec = SpecFromFlags();
  if (FLAGS_profile && !paddle::lite::profile::kCompiledIn) {
    std::printf("note: --profile: the profiler is not compiled in this build; rebuild with "
                "-DLITE_WITH_PROFILE=ON for the per-op table\n");
  }
  std::shared_ptr<PaddlePredictor> predictor;
  std::vector<double> load_ms;
  for (int i = 0; i < FLAGS_loads; ++i) {
    predictor.reset();  // each load starts from nothing, as an app's first one does
    const auto load_start = std::chrono::steady_clock::now();
    predictor = CreatePredictor(spec);
    load_ms.push_back(MillisSince(load_start));
  }
  const LatencyStats loads = Stats(load_ms);
  if (FLAGS_loads > 1) {
    std::printf("loads: %d  min_ms: %.3f  max_ms: %.3f\n", FLAGS_loads, loads.min, loads.max);
  }
  std::printf("load_ms: %.3f\n", loads.median);

  SetInputs(predictor.get(), FLAGS_input_shape, FLAGS_input_file);
  const auto first_start = std::chrono::steady_clock::now();
  predictor->Run();
  const double first_ms = MillisSince(first_start);
  for (int i = 0; i < FLAGS_warmup; ++i) predictor->Run();
  const bool profile = FLAGS_profile && paddle::lite::profile::kCompiledIn;
  if (profile) Internal(predictor.get())->ResetProfile();  // profile the timed runs only
  std::vector<double> ms;
  for (int i = 0; i < FLAGS_repeats; ++i) {
    const auto start = std::chrono::steady_clock::now();
    predictor->Run();
    ms.push_back(MillisSince(start));
  }

  const LatencyStats s = Stats(ms);
  std::printf("runs: %d (after 1 first + %d warmup)\n", FLAGS_repeats, FLAGS_warmup);
  std::printf("first_ms: %.3f  min_ms: %.3f  avg_ms: %.3f  max_ms: %.3f\n", first_ms, s.min,
              s.avg, s.max);
  std::printf("median_ms: %.3f\n", s.median);
  const auto out_names = predictor->GetOutputNames();
  for (size_t i = 0; i < out_names.size(); ++i) {
    std::cout << OutputSummary(*predictor->GetOutput(static_cast<int>(i)), out_names[i],
                               FLAGS_print_values)
              << "\n";
  }
  if (!FLAGS_output_file.empty()) {
    WriteFloatFile(*predictor->GetOutput(0), FLAGS_output_file);
    std::printf("output 0 written to %s\n", FLAGS_output_file.c_str());
  }
  if (profile) std::cout << "\n" << Internal(predictor.get())->ProfileReport();
  std::cout.flush();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  gflags::SetUsageMessage(
      "measure a Paddle model's latency (and per-op profile)\n"
      "  benchmark --model_dir=DIR --input_shape=1,3,224,224 [--valid_targets=x86,host]\n"
      "  benchmark --optimized_model_file=m.nb --input_shape=1,3,224,224");
  if (plite_tools::PrintHelpIfAsked(argc, argv, __FILE__)) return 0;
  gflags::ParseCommandLineFlags(&argc, &argv, true);
  if (argc > 1) {
    std::cerr << "error: unexpected argument '" << argv[1] << "' (flags are --name=value)\n";
    return 2;
  }
  try {
    return Run();
  } catch (const UsageError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
