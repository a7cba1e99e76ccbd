// benchmark: latency of a model, with an output summary and a per-op profile.
//
//   benchmark --model_dir=DIR --input_shape=1,3,224,224 [--threads=1 --warmup=5 --repeats=30]
//   benchmark --model_file=m.pdmodel --param_file=m.pdiparams --input_shape=1x3x224x224
//   benchmark --optimized_model_file=m.nb --input_shape=...          (the light predictor)
//   --valid_targets=x86,host   targets the optimizer may pick kernels from (as opt's; default:
//                              the build's CPU target, then host)
//   --input_file=a.f32,b.f32   raw float32 inputs (default: the reference sin pattern)
//   --output_file=o.f32        output 0 as raw float32
//   --profile                  per-op table of the timed runs (lite/core/profiler.h; also
//                              --enable_op_time_profile)
//   --loads=10 --check_weight_checksums   median of 10 loads, .nb weights checked
// Prints the load time (the median of --loads), then the latency of the first run (cold: weight packing etc.) and
// min/median/avg/max over --repeats runs after --warmup more, with a line "median_ms: X".
//
// It creates the predictor through the public API like an app; it links the static full
// library and the profiler only to profile the predictor's program and for opt's
// --valid_targets parser.
#include <gflags/gflags.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
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
DEFINE_bool(blocked_layout, true,
            "run convolution chains in their target's channel-blocked layout (x86 NCHW16c, ARM NCHW4c)");
DEFINE_bool(x86_blocked_layout, true, "the earlier name of --blocked_layout (both must be on)");
DEFINE_bool(profile, false, "print the per-op profile of the timed runs");
DEFINE_int32(loads, 1, "times the model is loaded; load_ms is their median");
DEFINE_bool(check_weight_checksums, false,
            ".nb: check every weight's CRC32C at load (MobileConfig::set_check_weight_checksums)");
DEFINE_int32(print_values, 5, "values printed per output");
// Paddle Lite's benchmark flags (docs/benchmark.md says what each does here).
DEFINE_string(uncombined_model_dir, "", "as --model_dir");
DEFINE_string(optimized_model_path, "", "as --optimized_model_file");
DEFINE_string(input_data_path, "",
              "text files of whitespace-separated numbers, one per input, by ':'");
DEFINE_string(input_data_type, "float32", "float32, int32 or int64; one, or one per input by ':'");
DEFINE_string(output_data_path, "", "write every output here as text, one value per line");
DEFINE_bool(show_output_elem, false, "print every element of each output");
DEFINE_bool(enable_op_time_profile, false, "as --profile");
DEFINE_bool(enable_memory_profile, false, "print the peak resident memory after the runs");
DEFINE_string(result_path, "", "append the load time and latency figures to this file");
DEFINE_double(run_delay, -1.0, "seconds to sleep between timed runs (<= 0: none)");
DEFINE_int32(power_mode, 3, "0 high, 1 low, 2 full, 3 no bind, 4 rand high, 5 rand low");
DEFINE_string(backend, "",
              "cpu (this build's CPU target, host), opencl or x86_opencl; instead of --valid_targets");
DEFINE_string(cpu_precision, "fp32", "fp32 only (no fp16 CPU kernels in this build)");
DEFINE_string(validation_set, "", "accepted; accuracy validation is not implemented (a warning)");

namespace {

using namespace plite_tools;  // NOLINT: the shared tool helpers

bool IsSet(const char* flag) { return !gflags::GetCommandLineFlagInfoOrDie(flag).is_default; }

// --backend as --valid_targets: cpu is the default targets, opencl puts the GPU first.
std::string TargetsFromFlags() {
  if (IsSet("backend") && IsSet("valid_targets")) {
    throw UsageError("give --backend or --valid_targets, not both");
  }
  const std::string cpu = paddle::lite::opt::DefaultTargetList();
  if (FLAGS_backend.empty() || FLAGS_backend == "cpu") {
    return FLAGS_valid_targets.empty() ? cpu : FLAGS_valid_targets;
  }
  if (FLAGS_backend == "opencl") return "opencl," + cpu;
  if (FLAGS_backend == "x86_opencl") return "opencl,x86,host";
  throw UsageError("bad --backend '" + FLAGS_backend + "': use cpu, opencl or x86_opencl");
}

ModelSpec SpecFromFlags() {
  if (FLAGS_cpu_precision != "fp32") {
    throw UsageError("--cpu_precision=" + FLAGS_cpu_precision +
                     ": this build has fp32 CPU kernels only");
  }
  if (FLAGS_power_mode < 0 || FLAGS_power_mode > 5) throw UsageError("--power_mode must be 0..5");
  if (!FLAGS_validation_set.empty()) {
    std::printf("note: --validation_set: accuracy validation is not implemented; timing only\n");
  }
  if (!FLAGS_uncombined_model_dir.empty()) FLAGS_model_dir = FLAGS_uncombined_model_dir;
  if (!FLAGS_optimized_model_path.empty()) FLAGS_optimized_model_file = FLAGS_optimized_model_path;
  if (FLAGS_enable_op_time_profile) FLAGS_profile = true;
  ModelSpec spec;
  spec.power_mode = static_cast<paddle::lite_api::PowerMode>(FLAGS_power_mode);
  spec.model_dir = FLAGS_model_dir;
  spec.model_file = FLAGS_model_file;
  spec.param_file = FLAGS_param_file;
  spec.optimized_model_file = FLAGS_optimized_model_file;
  spec.threads = FLAGS_threads;
  spec.fusion = FLAGS_fusion;
  spec.memory_optimize = FLAGS_memory_optimize;
  spec.blocked_layout = FLAGS_blocked_layout && FLAGS_x86_blocked_layout;
  spec.check_weight_checksums = FLAGS_check_weight_checksums;
  CheckModelGiven(spec);
  if (FLAGS_loads < 1) throw UsageError("--loads must be >= 1");
  if (FLAGS_input_shape.empty()) throw UsageError("give --input_shape, e.g. 1,3,224,224");
  if (FLAGS_threads < 1) throw UsageError("--threads must be >= 1");
  if (FLAGS_warmup < 0) throw UsageError("--warmup must be >= 0");
  if (FLAGS_repeats < 1) throw UsageError("--repeats must be >= 1");
  const auto targets = paddle::lite::opt::ParseValidTargets(TargetsFromFlags());
  if (spec.optimized_model_file.empty()) {
    spec.valid_places = targets.places;
  } else if (IsSet("valid_targets") || IsSet("backend")) {
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

// Runs the predictor, through the profiler when there is one.
void RunOnce(PaddlePredictor* predictor, paddle::lite::profile::Profiler* profiler) {
  if (profiler == nullptr) {
    predictor->Run();
  } else {
    Internal(predictor)->RunWith([profiler] { profiler->Run(); });
  }
}

int Run() {
  const ModelSpec spec = SpecFromFlags();
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

  SetInputs(predictor.get(),
            InputOptions{FLAGS_input_shape, FLAGS_input_file, FLAGS_input_data_path,
                         FLAGS_input_data_type});
  const auto first_start = std::chrono::steady_clock::now();
  predictor->Run();
  const double first_ms = MillisSince(first_start);
  for (int i = 0; i < FLAGS_warmup; ++i) predictor->Run();
  // The timed runs only are profiled.
  std::unique_ptr<paddle::lite::profile::Profiler> profiler;
  if (FLAGS_profile) {
    profiler = std::make_unique<paddle::lite::profile::Profiler>(
        Internal(predictor.get())->mutable_runtime_program());
  }
  std::vector<double> ms;
  for (int i = 0; i < FLAGS_repeats; ++i) {
    if (FLAGS_run_delay > 0 && i > 0) {
      std::this_thread::sleep_for(std::chrono::duration<double>(FLAGS_run_delay));
    }
    const auto start = std::chrono::steady_clock::now();
    RunOnce(predictor.get(), profiler.get());
    ms.push_back(MillisSince(start));
  }

  const LatencyStats s = Stats(ms);
  std::printf("runs: %d (after 1 first + %d warmup)\n", FLAGS_repeats, FLAGS_warmup);
  std::printf("first_ms: %.3f  min_ms: %.3f  avg_ms: %.3f  max_ms: %.3f\n", first_ms, s.min,
              s.avg, s.max);
  std::printf("median_ms: %.3f\n", s.median);
  if (FLAGS_enable_memory_profile) {
    struct rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("peak_rss_kb: %ld\n", usage.ru_maxrss);
  }
  const auto out_names = predictor->GetOutputNames();
  for (size_t i = 0; i < out_names.size(); ++i) {
    const auto out = predictor->GetOutput(static_cast<int>(i));
    const int count = FLAGS_show_output_elem ? static_cast<int>(std::min<int64_t>(out->numel(), INT32_MAX))
                                             : FLAGS_print_values;
    std::cout << OutputSummary(*out, out_names[i], count) << "\n";
  }
  if (!FLAGS_output_data_path.empty()) {
    WriteTextOutputs(predictor.get(), FLAGS_output_data_path);
    std::printf("outputs written to %s\n", FLAGS_output_data_path.c_str());
  }
  if (!FLAGS_result_path.empty()) {
    std::ofstream result(FLAGS_result_path, std::ios::app);
    result << "model: " << (spec.optimized_model_file.empty() ? (spec.model_dir.empty() ? spec.model_file : spec.model_dir) : spec.optimized_model_file)
           << "  threads: " << spec.threads << "  load_ms: " << loads.median
           << "  first_ms: " << first_ms << "  min_ms: " << s.min << "  median_ms: " << s.median
           << "  avg_ms: " << s.avg << "  max_ms: " << s.max << "\n";
    if (!result.flush()) throw std::runtime_error("cannot write --result_path " + FLAGS_result_path);
  }
  if (!FLAGS_output_file.empty()) {
    WriteFloatFile(*predictor->GetOutput(0), FLAGS_output_file);
    std::printf("output 0 written to %s\n", FLAGS_output_file.c_str());
  }
  if (profiler) std::cout << "\n" << paddle::lite::profile::Report(profiler->Collect());
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
