// opt: optimize a Paddle inference model offline into what the light predictor loads, and
// report what this build supports. Flags are spelled as Paddle Lite's opt spells them.
//
//   opt                                                                   -> help, exit 0
//   opt --model_dir=DIR --valid_targets=arm --optimize_out=out/model      -> out/model.nb
//   opt --model_file=m.pdmodel --param_file=m.pdiparams --optimize_out=m
//       --record_tailoring_info                                          -> m.nb + lists in m/
//   opt --print_all_ops | --print_supported_ops | --display_kernels
//   opt --model_dir=DIR --print_model_ops --valid_targets=arm,opencl
//   opt --model_dir=DIR --visualization_file_output_path=viz             -> viz/DIR.dot (+.svg)
//
// Errors (bad flag values, missing model, ops this build cannot run) are one message on stderr
// and exit code 1. docs/opt.md describes every flag.
#include <gflags/gflags.h>
#include <glog/logging.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "lite/api/custom_op_registry.h"
#include "lite/api/cxx_api.h"
#include "lite/api/op_plugin_loader.h"
#include "lite/core/op_registry.h"
#include "lite/model_parser/flatbuffers/nb_model.h"
#include "lite/optimizer/optimizer.h"
#include "lite/optimizer/program_dot.h"
#include "lite/model_parser/model_parser.h"
#include "tools/flag_help.h"
#include "tools/opt_calibrate.h"
#include "tools/opt_report.h"

DEFINE_string(model_dir, "", "model directory (program + params)");
DEFINE_string(model_file, "", "program file (any name; e.g. inference.pdmodel)");
DEFINE_string(param_file, "", "combined params file (e.g. inference.pdiparams)");
DEFINE_string(optimize_out_type, "naive_buffer",
              "naive_buffer (one <optimize_out>.nb file for MobileConfig) or protobuf (a Paddle "
              "model directory <optimize_out>)");
DEFINE_string(optimize_out, "", "where the optimized model goes (see --optimize_out_type)");
DEFINE_string(valid_targets, "",
              "comma list of host, x86, arm, opencl in priority order; host kernels are always "
              "appended last as the portable fallback (default: this build's CPU target, host)");
DEFINE_bool(record_tailoring_info, false,
            "also write the ops/kernels the model uses (.tailored_*_list) into the dir "
            "<optimize_out>, for a tailored build");
DEFINE_bool(print_supported_ops, false, "print the ops with kernels on --valid_targets");
DEFINE_bool(print_all_ops, false, "print every registered op and the targets with its kernels");
DEFINE_bool(print_model_ops, false,
            "print the model's op types and the targets with kernels for them");
DEFINE_bool(display_kernels, false,
            "print every registered kernel: key, declared argument types, source file");
DEFINE_string(visualization_file_output_path, "",
              "write the optimized graph to <dir>/<model name>.dot (and .svg when Graphviz "
              "`dot` is on PATH)");
// Paddle Lite's opt flags.
DEFINE_string(model_set_dir, "",
              "a directory of models (one per subdirectory): each is optimized into "
              "<optimize_out>/<subdirectory>.nb; with --record_tailoring_info the lists cover "
              "them all");
DEFINE_string(model_filename, "", "with --model_set_dir: the program file's name in each model");
DEFINE_string(param_filename, "", "with --model_set_dir: the params file's name in each model");
DEFINE_bool(print_all_ops_in_md_format, false, "--print_all_ops as a Markdown table");
DEFINE_string(optimized_nb_model_path, "",
              "an optimized .nb to draw with --visualization_file_output_path");
DEFINE_bool(quant_model, false,
            "quantize the model: with --quant_type=QUANT_INT8, post-training int8 quantization "
            "of its conv layers, calibrated on --calibration_data (docs/quantization.md)");
DEFINE_string(quant_type, "QUANT_INT16",
              "with --quant_model: QUANT_INT8 (int8 convs from calibrated scales), QUANT_INT16 "
              "(weight-only: accepted, the weights stay float32, a warning says so)");
DEFINE_string(calibration_data, "",
              "with --quant_type=QUANT_INT8: a directory of sample inputs, one raw float32 file "
              "each (of --input_shape), that the float model runs to find activation scales");
DEFINE_string(calibration_method, "abs_max",
              "how calibration picks an activation's scale: abs_max (the largest |x| seen) or "
              "kl (TensorRT's entropy method, as ncnn's: clips rare outliers)");
DEFINE_double(quant_keep_threshold, 0,
              "with --quant_type=QUANT_INT8: keep in float the convs whose int8 output loses "
              "more cosine similarity against the float plan than this (beyond what their "
              "input lost) on the first calibration inputs, e.g. 0.001 (0: off)");
DEFINE_string(input_shape, "",
              "with --calibration_data: the input dims of the files (default: the model's "
              "declared dims)");
DEFINE_bool(enable_fp16, false,
            "plan fp16 kernels wherever they apply, calib casts around them: ARM's (ARMv8.2 "
            "half arithmetic) and OpenCL's half images; needs arm or opencl in --valid_targets");
DEFINE_string(keep_fp32_ops, "",
              "with --enable_fp16, or a quantized model on x86 or arm: comma-separated op types, "
              "or variables an op writes in the optimized program, whose ops keep fp32 "
              "kernels (mixed precision)");
DEFINE_string(keep_cpu_ops, "",
              "comma-separated op types, or variables an op reads or writes in the optimized "
              "program, whose ops run on CPU kernels, not OpenCL's: tensors too large for the "
              "device's images (the light predictor's error names them)");
DEFINE_bool(sparse_model, false, "accepted; plite does not sparsify weights (a warning says so)");
DEFINE_double(sparse_threshold, 0.6, "accepted with --sparse_model");
DEFINE_string(nnadapter_mixed_precision_quantization_config_path, "",
              "accepted; plite has no NNAdapter devices (a warning says so)");
DEFINE_bool(fusion_passes, true, "run the fusion passes (conv+bn, conv+bias+act, fc, ...)");
DEFINE_bool(memory_optimize, true, "let activations with disjoint lifetimes share buffers");
DEFINE_bool(blocked_layout, true,
            "run convolution chains in their target's channel-blocked layout (x86 NCHW16c, ARM NCHW4c)");
DEFINE_bool(x86_blocked_layout, true, "the earlier name of --blocked_layout (both must be on)");

namespace {

namespace fs = std::filesystem;
namespace lite = paddle::lite;
using paddle::lite_api::LiteModelType;
using paddle::lite_api::TargetType;

// An error the user made on the command line: reported like the others.
[[noreturn]] void UsageError(const std::string& message) {
  throw paddle::lite_api::PaddleLiteException(message);
}

LiteModelType ParseOutType(const std::string& type) {
  if (type == "naive_buffer") return LiteModelType::kNaiveBuffer;
  if (type == "protobuf") return LiteModelType::kProtobuf;
  UsageError("bad --optimize_out_type '" + type + "': use naive_buffer or protobuf");
}

// One model: the flags' model files, or those of one model of --model_set_dir.
struct ModelArgs {
  std::string dir, file, params;
};

bool HasModel() { return !FLAGS_model_dir.empty() || !FLAGS_model_file.empty(); }

ModelArgs FlagModel() { return {FLAGS_model_dir, FLAGS_model_file, FLAGS_param_file}; }

// The program only (no params): enough to list and check the model's ops. A Paddle 3
// (PIR) program also reports what each of its op types became.
struct LoadedProgram {
  lite::cpp::ProgramDesc program;
  lite::pir::PirOpReport pir_ops;  // empty for a legacy program
};

LoadedProgram LoadProgram(const ModelArgs& model) {
  const lite::ModelFiles files = lite::FindModelFiles(model.dir, model.file, model.params);
  std::ifstream in(files.model_file, std::ios::binary);
  if (!in) UsageError("cannot open model file " + files.model_file);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  LoadedProgram loaded;
  loaded.program = lite::ParseProgram(bytes, files.model_file, &loaded.pir_ops);
  return loaded;
}

// The name of the graph file: the model dir's name; else the model file's stem unless that is
// one of Paddle's generic names, then the name of the directory holding it.
std::string ModelName(const ModelArgs& model) {
  fs::path path = model.dir.empty() ? fs::path(model.file) : fs::path(model.dir);
  path = fs::absolute(path).lexically_normal();
  if (!path.has_filename()) path = path.parent_path();  // "dir/"
  std::string name = model.dir.empty() ? path.stem().string() : path.filename().string();
  if (!model.dir.empty()) return name.empty() ? "model" : name;
  if (name == "__model__" || name == "model" || name == "inference") {
    name = path.parent_path().filename().string();
  }
  return name.empty() ? "model" : name;
}

// Runs `dot -Tsvg in -o out`; false when dot is not on PATH or fails.
bool RenderSvg(const std::string& dot_file, const std::string& svg_file, std::string* why) {
  std::vector<std::string> args = {"dot", "-Tsvg", dot_file, "-o", svg_file};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "dot", nullptr, nullptr, argv.data(), environ);
  if (spawned != 0) {
    *why = "Graphviz `dot` is not on PATH (install graphviz for the .svg)";
    return false;
  }
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    *why = "`dot -Tsvg " + dot_file + "` failed";
    return false;
  }
  return true;
}

void WriteVisualization(const lite::cpp::ProgramDesc& optimized, const std::string& name) {
  const fs::path dir(FLAGS_visualization_file_output_path);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) UsageError("cannot create --visualization_file_output_path " + dir.string() + ": " +
                     ec.message());
  const std::string dot_file = (dir / (name + ".dot")).string();
  {
    std::ofstream out(dot_file, std::ios::trunc);
    if (!out) UsageError("cannot write " + dot_file);
    out << lite::ProgramToDot(optimized, name);
    if (!out.flush()) UsageError("could not write " + dot_file);
  }
  std::cout << "wrote " << dot_file << "\n";
  const std::string svg_file = (dir / (name + ".svg")).string();
  std::string why;
  if (RenderSvg(dot_file, svg_file, &why)) {
    std::cout << "wrote " << svg_file << "\n";
  } else {
    std::cerr << "opt: note: no " << svg_file << ": " << why << "\n";
  }
}

void PrintSaved(LiteModelType type, const std::string& out) {
  if (type == LiteModelType::kNaiveBuffer) {
    std::error_code ec;
    const auto size = fs::file_size(out + ".nb", ec);
    std::cout << "wrote " << out << ".nb";
    if (!ec) std::cout << " (" << size << " bytes)";
    std::cout << "\n";
  } else {
    std::cout << "wrote the protobuf model into " << out << "/\n";
  }
  if (!FLAGS_record_tailoring_info) return;
  for (const char* list :
       {".tailored_ops_list", ".tailored_ops_source_list", ".tailored_kernels_list",
        ".tailored_kernels_source_list", ".tailored_custom_list", ".tailored_math_list"}) {
    const fs::path path = fs::path(out) / list;
    if (fs::exists(path)) std::cout << "wrote " << path.string() << "\n";
  }
}

// Paddle Lite flags asking for what plite's opt does not do: a warning each, the model is
// still written (float32, dense), so build scripts keep working.
void WarnUnsupportedFlags() {
  const auto warn = [](const char* flag, const char* what) {
    std::cerr << "opt: warning: --" << flag << ": " << what << "\n";
  };
  if (FLAGS_quant_model && FLAGS_quant_type == "QUANT_INT16") {
    warn("quant_type=QUANT_INT16", "weight-only quantization is not implemented; the weights "
         "stay float32 (QUANT_INT8 quantizes the convs with calibration)");
  }
  if (FLAGS_sparse_model) warn("sparse_model", "plite does not sparsify weights");
  if (!FLAGS_nnadapter_mixed_precision_quantization_config_path.empty()) {
    warn("nnadapter_mixed_precision_quantization_config_path", "plite has no NNAdapter devices");
  }
}

// A target named in --valid_targets that this opt has no kernels for (OpenCL in a build
// without it) would silently give a model for the other targets: an error instead. ARM
// kernels are known everywhere (as signatures on other machines).
void CheckTargetsBuilt(const lite::opt::ValidTargets& valid) {
  std::vector<TargetType> built;
  for (TargetType t : lite::opt::KnownTargets()) {
    if (lite::KernelRegistry::Global().HasTarget(t)) built.push_back(t);
  }
  for (TargetType t : valid.targets) {
    if (std::find(built.begin(), built.end(), t) == built.end()) {
      UsageError("--valid_targets names " + paddle::lite_api::TargetToStr(t) +
                 ", but this opt has no kernels for it (it has " +
                 lite::opt::TargetNames(built) + ")");
    }
  }
}

std::vector<std::string> CommaList(const std::string& flag) {
  std::vector<std::string> items;
  std::stringstream list(flag);
  for (std::string item; std::getline(list, item, ',');) {
    if (!item.empty()) items.push_back(item);
  }
  return items;
}

// Ops kept fp32 in an fp16 plan (--enable_fp16) or in an int8 one (an int8 place: x86, arm).
std::vector<std::string> KeepFp32Ops(const lite::opt::ValidTargets& valid) {
  std::vector<std::string> ops = CommaList(FLAGS_keep_fp32_ops);
  const bool int8 = std::any_of(valid.places.begin(), valid.places.end(), [](const auto& p) {
    return p.precision == paddle::lite_api::PrecisionType::kInt8;
  });
  if (!ops.empty() && !FLAGS_enable_fp16 && !int8) {
    UsageError("--keep_fp32_ops needs --enable_fp16 (fp16 plans) or x86 or arm among "
               "--valid_targets (int8 plans of quantized models)");
  }
  return ops;
}

int Int8Ops(const lite::cpp::ProgramDesc& program) {
  int count = 0;
  for (const auto& op : program.blocks[0].ops) count += op.GetAttrOr<bool>("enable_int8", false);
  return count;
}

void Optimize(const lite::opt::ValidTargets& valid, const ModelArgs& model,
              const lite::cpp::ProgramDesc& program, LiteModelType out_type,
              const std::string& optimize_out) {
  lite::opt::CheckModelSupported(program, valid.targets);
  paddle::lite_api::CxxConfig config;
  config.set_model_dir(model.dir);
  config.set_model_file(model.file);
  config.set_param_file(model.params);
  config.set_valid_places(valid.places);
  config.set_fusion_passes(FLAGS_fusion_passes);
  // A Paddle model has one writer per variable, so a protobuf output carries no memory reuse
  // (the predictor that loads it plans its own).
  config.set_memory_optimize(FLAGS_memory_optimize && out_type != LiteModelType::kProtobuf);
  config.set_blocked_layout(FLAGS_blocked_layout && FLAGS_x86_blocked_layout);
  config.set_keep_fp32_ops(KeepFp32Ops(valid));
  config.set_keep_cpu_ops(CommaList(FLAGS_keep_cpu_ops));
  // The device's images, not this machine's, decide on the phone: opt plans what it is told.
  config.set_opencl_precision(FLAGS_enable_fp16 ? paddle::lite_api::CL_PRECISION_FP16
                                                : paddle::lite_api::CL_PRECISION_FP32);
  VLOG(1) << "optimizing for " << lite::opt::TargetNames(valid.targets);
  const lite::opt::QuantFlags quant{FLAGS_quant_model, FLAGS_quant_type, FLAGS_calibration_data,
                                    FLAGS_calibration_method, FLAGS_input_shape,
                                    FLAGS_quant_keep_threshold};
  std::map<std::string, float> scales =
      lite::opt::PostTrainingScales(quant, valid.places, config, program);
  std::vector<std::string> lossy_report;
  const std::vector<std::string> lossy =
      lite::opt::LossyInt8Convs(quant, valid.places, config, program, scales, &lossy_report);
  if (!lossy.empty()) {
    for (const std::string& input : lossy) scales.erase(input);
    std::cout << "kept in float (--quant_keep_threshold " << FLAGS_quant_keep_threshold
              << "): " << lite::Join(lossy_report, ", ") << "\n";
  } else if (FLAGS_quant_keep_threshold > 0) {
    std::cout << "kept in float (--quant_keep_threshold " << FLAGS_quant_keep_threshold
              << "): none\n";
  }
  lite::Predictor predictor(config, scales);
  if (!scales.empty() || !lossy.empty()) {
    std::cout << "quantized: " << Int8Ops(predictor.optimized_program())
              << " layers run in int8 (" << scales.size() << " calibrated inputs)\n";
  }
  VLOG(1) << "optimized program: " << predictor.optimized_program().blocks[0].ops.size()
          << " ops";
  if (!FLAGS_visualization_file_output_path.empty()) {
    WriteVisualization(predictor.optimized_program(), ModelName(model));
  }
  lite::OptimizerOptions options;
  options.fuse = FLAGS_fusion_passes;
  options.memory_optimize = FLAGS_memory_optimize && out_type != LiteModelType::kProtobuf;
  options.blocked_layout = FLAGS_blocked_layout && FLAGS_x86_blocked_layout;
  std::cout << lite::opt::OptimizeSummary(program, predictor.optimized_program(),
                                          lite::DefaultPasses(options));
  if (!optimize_out.empty()) {
    predictor.SaveOptimizedModel(optimize_out, out_type, FLAGS_record_tailoring_info);
    PrintSaved(out_type, optimize_out);
  }
}

// Each subdirectory of --model_set_dir is one model, optimized into
// <optimize_out>/<subdirectory>.nb; with --record_tailoring_info the lists of all of them
// are merged into the directory <optimize_out> (a tailored build for the whole set).
void OptimizeModelSet(const lite::opt::ValidTargets& valid, LiteModelType out_type) {
  if (FLAGS_optimize_out.empty()) UsageError("--model_set_dir needs --optimize_out=<dir>");
  std::vector<fs::path> dirs;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(FLAGS_model_set_dir, ec)) {
    if (entry.is_directory()) dirs.push_back(entry.path());
  }
  if (ec) UsageError("cannot list --model_set_dir " + FLAGS_model_set_dir + ": " + ec.message());
  if (dirs.empty()) UsageError("--model_set_dir " + FLAGS_model_set_dir + " has no model directories");
  std::sort(dirs.begin(), dirs.end());
  std::map<std::string, std::set<std::string>> lists;  // list file -> lines
  for (const fs::path& dir : dirs) {
    ModelArgs model{dir.string(), "", ""};
    if (!FLAGS_model_filename.empty()) {
      model = {"", (dir / FLAGS_model_filename).string(),
               FLAGS_param_filename.empty() ? "" : (dir / FLAGS_param_filename).string()};
    }
    const std::string name = dir.filename().string();
    const std::string out = (fs::path(FLAGS_optimize_out) / name).string();
    std::cout << "model " << name << ":\n";
    try {
      Optimize(valid, model, LoadProgram(model).program, out_type, out);
    } catch (const paddle::lite_api::PaddleLiteException& e) {
      UsageError("model " + dir.string() + ": " + e.what());
    }
    if (!FLAGS_record_tailoring_info) continue;
    for (const auto& entry : fs::directory_iterator(out, ec)) {
      std::set<std::string>& merged = lists[entry.path().filename().string()];  // even if empty
      std::ifstream in(entry.path());
      for (std::string line; std::getline(in, line);) {
        if (!line.empty()) merged.insert(line);
      }
    }
  }
  for (const auto& [file, lines] : lists) {
    const fs::path path = fs::path(FLAGS_optimize_out) / file;
    std::ofstream out(path, std::ios::trunc);
    for (const std::string& line : lines) out << line << "\n";
    if (!out.flush()) UsageError("could not write " + path.string());
    std::cout << "wrote " << path.string() << " (all models)\n";
  }
}

// Draws an already optimized .nb (--optimized_nb_model_path).
void VisualizeNb() {
  if (FLAGS_visualization_file_output_path.empty()) {
    UsageError("--optimized_nb_model_path needs --visualization_file_output_path");
  }
  lite::Scope scope;
  lite::cpp::ProgramDesc program;
  lite::LoadModelNb(lite::NbModelBytes::MapFile(FLAGS_optimized_nb_model_path), &scope, &program);
  WriteVisualization(program, fs::path(FLAGS_optimized_nb_model_path).stem().string());
}

int Run() {
  // opt plans for the device the model will run on, which this machine may lack (a GPU).
  lite::KernelInfo::PlanForAbsentDevices(true);
  WarnUnsupportedFlags();
  auto valid = lite::opt::ParseValidTargets(
      FLAGS_valid_targets.empty() ? lite::opt::DefaultTargetList() : FLAGS_valid_targets);
  if (FLAGS_enable_fp16) lite::opt::PreferFp16(&valid);
  CheckTargetsBuilt(valid);
  const LiteModelType out_type = ParseOutType(FLAGS_optimize_out_type);
  const bool printing = FLAGS_print_all_ops || FLAGS_print_supported_ops ||
                        FLAGS_print_model_ops || FLAGS_display_kernels ||
                        FLAGS_print_all_ops_in_md_format;
  if (!FLAGS_optimized_nb_model_path.empty()) {
    VisualizeNb();
    return 0;
  }
  if (!FLAGS_model_set_dir.empty()) {
    if (HasModel()) UsageError("give --model_set_dir or a model (--model_dir, --model_file), not both");
    OptimizeModelSet(valid, out_type);
    return 0;
  }
  const bool optimizing = !FLAGS_optimize_out.empty() ||
                          !FLAGS_visualization_file_output_path.empty();
  if (!HasModel()) {
    if (FLAGS_print_model_ops) UsageError("--print_model_ops needs --model_dir or --model_file");
    if (optimizing) {
      UsageError(std::string(FLAGS_optimize_out.empty() ? "--visualization_file_output_path"
                                                        : "--optimize_out") +
                 " needs a model: give --model_dir or --model_file");
    }
    if (!printing) {
      UsageError("nothing to do: give a model (--model_dir or --model_file) with --optimize_out, "
                 "or a --print_* flag (see --help)");
    }
  } else if (!printing && !optimizing) {
    UsageError("give --optimize_out=<path> for the optimized model (or a --print_* flag, or "
               "--visualization_file_output_path)");
  }

  if (FLAGS_print_all_ops) std::cout << lite::opt::AllOpsTable() << "\n";
  if (FLAGS_print_all_ops_in_md_format) std::cout << lite::opt::AllOpsMarkdown();
  if (FLAGS_print_supported_ops) std::cout << lite::opt::SupportedOpsTable(valid.targets) << "\n";
  if (FLAGS_display_kernels) std::cout << lite::opt::KernelListing() << "\n";
  if (!HasModel()) return 0;
  const LoadedProgram loaded = LoadProgram(FlagModel());
  const lite::cpp::ProgramDesc& program = loaded.program;
  if (FLAGS_print_model_ops) {
    if (!loaded.pir_ops.empty()) std::cout << lite::opt::PirOpsTable(loaded.pir_ops) << "\n";
    std::cout << lite::opt::ModelOpsTable(program, valid.targets) << "\n";
  }
  if (optimizing) Optimize(valid, FlagModel(), program, out_type, FLAGS_optimize_out);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  gflags::SetUsageMessage(
      "optimize a Paddle model for the light predictor, or report the supported ops\n"
      "  opt --model_dir=DIR --valid_targets=arm --optimize_out=OUT   (writes OUT.nb)\n"
      "  opt --print_all_ops | --print_supported_ops | --display_kernels\n"
      "  opt --model_dir=DIR --print_model_ops\n"
      "see docs/opt.md");
  FLAGS_logtostderr = true;  // no log files in /tmp; --logtostderr=false restores them
  if (plite_tools::PrintHelpIfAsked(argc, argv, __FILE__)) return 0;
  gflags::ParseCommandLineFlags(&argc, &argv, true);  // an unknown flag exits 1 here
  google::InitGoogleLogging(argv[0]);
  if (argc > 1) {
    std::cerr << "opt: error: unexpected argument '" << argv[1]
              << "' (flags are --name=value; see --help)\n";
    return 1;
  }
  try {
    // Custom ops (the app's registrations, plugins in PLITE_OP_PLUGIN_PATH) count as
    // registered in every report and check below.
    paddle::lite::ApplyCustomRegistrations();
    paddle::lite::LoadOpPluginsFromEnv();
    return Run();
  } catch (const paddle::lite_api::PaddleLiteException& e) {
    std::cerr << "opt: error: " << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "opt: error: " << e.what() << "\n";
  }
  return 1;
}
