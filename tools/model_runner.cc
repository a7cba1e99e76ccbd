// model_runner: load a model, run it on an input, print the outputs, load time, latency and
// peak memory.
//
//   model_runner --model_dir=DIR --input_shape=1,3,224,224 [--input_file=x.f32] [--repeats=20]
//   model_runner --model_file=m.pdmodel --param_file=m.pdiparams --input_shape=...
//   model_runner --optimized_model_file=m.nb --input_shape=...     (the light predictor)
//   --valid_targets=x86,host: kernels' targets (default: the library's, the build's CPU
//   target then host)
// --load_repeats=N creates the predictor N times and prints the median load time.
// Several inputs: --input_shape=1,2:1,3,320,320 and --input_file=a.f32,b.f32 (feed order).
// Without --input_file each input is filled with the pattern of the reference outputs:
//   x[i] = sin(0.01 i) * 0.5 + ((i * 7919) % 1000) / 2000 - 0.25
#include <gflags/gflags.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "tools/flag_help.h"
#include "tools/run_util.h"
#include "tools/valid_targets.h"

DEFINE_string(model_dir, "", "model directory (program + params)");
DEFINE_string(model_file, "", "program file (any name)");
DEFINE_string(param_file, "", "combined params file");
DEFINE_string(optimized_model_file, "", ".nb model written by opt (loaded with MobileConfig)");
DEFINE_int32(load_repeats, 1, "times the predictor is created (median load time printed)");
DEFINE_string(input_shape, "", "input shapes, dims by ',' and inputs by ':'");
DEFINE_string(input_file, "", "raw float32 input files, by ',' (default: the sin pattern)");
DEFINE_string(output_file, "", "write output 0 here as raw float32");
DEFINE_string(valid_targets, "",
              "targets for kernels, by ',': host, x86, arm, opencl; host is always appended "
              "(default: the library's, this build's CPU target then host)");
DEFINE_int32(threads, 1, "threads");
DEFINE_int32(warmup, 2, "untimed runs first");
DEFINE_int32(repeats, 10, "timed runs");
DEFINE_bool(fusion, true, "run the fusion passes");
DEFINE_bool(memory_optimize, true, "reuse activation buffers");
DEFINE_bool(blocked_layout, true,
            "run convolution chains in their target's channel-blocked layout (x86 NCHW16c, ARM NCHW4c)");
DEFINE_bool(x86_blocked_layout, true, "the earlier name of --blocked_layout (both must be on)");
DEFINE_int32(print_values, 10, "values printed per output");

namespace {

using namespace plite_tools;  // NOLINT: the shared tool helpers

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

ModelSpec SpecFromFlags() {
  ModelSpec spec;
  spec.model_dir = FLAGS_model_dir;
  spec.model_file = FLAGS_model_file;
  spec.param_file = FLAGS_param_file;
  spec.optimized_model_file = FLAGS_optimized_model_file;
  spec.threads = FLAGS_threads;
  spec.fusion = FLAGS_fusion;
  spec.memory_optimize = FLAGS_memory_optimize;
  spec.blocked_layout = FLAGS_blocked_layout && FLAGS_x86_blocked_layout;
  if (!FLAGS_valid_targets.empty()) {
    const auto targets = paddle::lite::opt::ParseValidTargets(FLAGS_valid_targets);
    if (spec.optimized_model_file.empty()) {
      spec.valid_places = targets.places;
    } else {
      std::printf("note: --valid_targets is ignored for a .nb model (its kernels are picked)\n");
    }
  }
  return spec;
}

int Run() {
  const ModelSpec spec = SpecFromFlags();
  CheckModelGiven(spec);
  const long rss_before_load_kb = PeakRssKb();
  std::vector<double> load_ms;
  std::shared_ptr<paddle::lite_api::PaddlePredictor> predictor;
  for (int i = 0; i < std::max(1, FLAGS_load_repeats); ++i) {
    predictor.reset();  // at most one loaded model at a time, so peak RSS is one load's
    const auto start = std::chrono::steady_clock::now();
    predictor = CreatePredictor(spec);
    load_ms.push_back(MillisSince(start));
  }
  std::printf("loads: %zu  load_median_ms: %.3f  peak_rss_kb before load: %ld after: %ld\n",
              load_ms.size(), Stats(load_ms).median, rss_before_load_kb, PeakRssKb());
  std::printf("resident after load: %s\n", ResidentSplit().c_str());

  SetInputs(predictor.get(), FLAGS_input_shape, FLAGS_input_file);
  for (int i = 0; i < FLAGS_warmup; ++i) predictor->Run();
  std::vector<double> ms;
  for (int i = 0; i < std::max(1, FLAGS_repeats); ++i) {
    const auto start = std::chrono::steady_clock::now();
    predictor->Run();
    ms.push_back(MillisSince(start));
  }

  const auto out_names = predictor->GetOutputNames();
  for (size_t i = 0; i < out_names.size(); ++i) {
    std::cout << OutputValues(*predictor->GetOutput(static_cast<int>(i)), out_names[i],
                              FLAGS_print_values)
              << "\n";
  }
  if (!FLAGS_output_file.empty()) WriteFloatFile(*predictor->GetOutput(0), FLAGS_output_file);
  const LatencyStats stats = Stats(ms);
  std::printf("runs: %zu  threads: %d  min_ms: %.3f  peak_rss_kb: %ld\nmedian_ms: %.3f\n",
              ms.size(), FLAGS_threads, stats.min, PeakRssKb(), stats.median);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  gflags::SetUsageMessage(
      "run a Paddle model and print its outputs and latency\n"
      "  model_runner --model_dir=DIR --input_shape=1,3,224,224 [--valid_targets=x86,host]\n"
      "  model_runner --optimized_model_file=m.nb --input_shape=1,3,224,224");
  if (plite_tools::PrintHelpIfAsked(argc, argv, __FILE__)) return 0;
  gflags::ParseCommandLineFlags(&argc, &argv, true);
  if (argc > 1) {
    std::cerr << "error: unexpected argument '" << argv[1] << "' (flags are --name=value)\n";
    return 2;
  }
  try {
    return Run();
  } catch (const plite_tools::UsageError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
