#include "lite/api/cxx_api.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "lite/api/opencl_config.h"
#include "lite/api/tailoring_info.h"
#include "lite/core/op_registry.h"
#include "lite/core/program_check.h"
#include "lite/optimizer/optimizer.h"
#include "lite/optimizer/pass.h"
#include "lite/utils/log.h"
#include "lite/model_parser/flatbuffers/nb_model.h"
#include "lite/model_parser/model_parser.h"

namespace paddle {
namespace lite {

namespace {

// An enum's name, or its number where the value is outside the enum.
template <typename Enum>
std::string EnumText(Enum value, const std::string& name) {
  return name != "unk" ? name : StrCat(static_cast<int>(value));
}

std::string PlaceText(const Place& p) {
  return StrCat("(", EnumText(p.target, lite_api::TargetToStr(p.target)), ", ",
                EnumText(p.precision, lite_api::PrecisionToStr(p.precision)), ", ",
                EnumText(p.layout, lite_api::DataLayoutToStr(p.layout)), ")");
}

// Why `p` names no value of the enums ("" when every field is a known value).
std::string OutOfRange(const Place& p) {
  const auto target = static_cast<int>(p.target);
  const auto precision = static_cast<int>(p.precision);
  const auto layout = static_cast<int>(p.layout);
  if (target <= 0 || target >= static_cast<int>(TargetType::NUM)) return "unknown target";
  if (precision <= 0 || precision >= static_cast<int>(PrecisionType::NUM)) {
    return "unknown precision";
  }
  const bool blocked = lite_api::LayoutChannelBlock(p.layout) > 0;
  if (!blocked && (layout <= 0 || layout >= static_cast<int>(DataLayoutType::NUM))) {
    return "unknown layout";
  }
  return "";
}

// The valid places the optimizer can use. A field outside its enum is an error. A place
// whose target has no kernels in this build, or none that runs on this machine (OpenCL
// kernels without an OpenCL device), is dropped with a warning while another place remains
// usable (apps list {arm, opencl} whatever the build and the phone have), and is an error
// naming the targets this build has otherwise.
std::vector<Place> UsablePlaces(std::vector<Place> places) {
  if (places.empty()) return DefaultPlaces();
  std::set<TargetType> asked;
  for (const Place& p : places) asked.insert(p.target);
  std::set<TargetType> built{TargetType::kAny};
  std::set<TargetType> runnable{TargetType::kAny};
  std::map<TargetType, std::string> needs;  // what a target's kernels need that is missing
  for (const KernelInfo* k : KernelRegistry::Global().AllKernels()) {
    built.insert(k->place.target);
    // Only the targets asked for are checked: a device check starts the device's runtime.
    if (!asked.count(k->place.target) || runnable.count(k->place.target)) continue;
    if (k->RunsOnThisCpu()) {
      runnable.insert(k->place.target);
    } else {
      needs[k->place.target] = k->cpu_feature;
    }
  }
  std::vector<std::string> built_names;
  for (TargetType t : built) {
    if (t != TargetType::kAny) built_names.push_back(lite_api::TargetToStr(t));
  }
  const std::string lacking = StrCat("this build has no kernels for its target (it has ",
                                     Join(built_names, ", "), ")");
  std::vector<Place> usable;
  std::vector<std::string> dropped;
  for (size_t i = 0; i < places.size(); ++i) {
    const std::string which = StrCat("valid place ", i, " ", PlaceText(places[i]));
    const std::string bad = OutOfRange(places[i]);
    PLITE_CHECK(bad.empty(), which, ": ", bad);
    const TargetType t = places[i].target;
    if (runnable.count(t)) {
      usable.push_back(places[i]);
    } else if (built.count(t)) {
      dropped.push_back(
          StrCat(which, ": its kernels need ", needs[t], ", which this machine lacks"));
    } else {
      dropped.push_back(StrCat(which, ": ", lacking));
    }
  }
  PLITE_CHECK(!usable.empty(), Join(dropped, "; "));
  for (const std::string& why : dropped) PLITE_WARN << why << "; ignored";
  return usable;
}

// With LITE_PRECISION_LOW: the ARM fp16 place just before the first ARM place (see
// ConfigBase::set_precision_mode), unless the places name it already.
std::vector<Place> WithPrecisionMode(std::vector<Place> places, lite_api::PrecisionMode mode) {
  if (mode != lite_api::LITE_PRECISION_LOW) return places;
  const Place fp16(TargetType::kARM, PrecisionType::kFP16);
  if (std::find(places.begin(), places.end(), fp16) != places.end()) return places;
  const auto first_arm = std::find_if(places.begin(), places.end(),
                                      [](const Place& p) { return p.target == TargetType::kARM; });
  if (first_arm != places.end()) places.insert(first_arm, fp16);
  return places;
}

// Whether one of `providers` has a kernel for an op type plite has its own kernels for.
bool OverridesBuiltinKernels(const std::vector<std::string>& providers) {
  if (providers.empty()) return false;
  std::set<std::string> builtin_types;
  std::set<std::string> provided_types;
  for (const KernelInfo* info : KernelRegistry::Global().AllKernels()) {
    if (info->provider == kBuiltinProvider) {
      builtin_types.insert(info->op_type);
    } else if (std::find(providers.begin(), providers.end(), info->provider) != providers.end()) {
      provided_types.insert(info->op_type);
    }
  }
  for (const std::string& type : provided_types) {
    if (builtin_types.count(type)) return true;
  }
  return false;
}

// The passes the optimizer runs for `config`: the default list less the discarded passes,
// or the internal list when one is set. Names are checked against the passes plite has.
std::vector<std::string> PassesFor(const lite_api::CxxConfig& config) {
  const std::vector<std::string> all = DefaultPasses(OptimizerOptions{});
  const std::set<std::string> required = {
      "static_kernel_pick_pass", "variable_place_inference_pass", "type_target_cast_pass",
      "type_precision_cast_pass", "type_layout_cast_pass"};
  std::vector<std::string> optional;
  for (const auto& p : all) {
    if (!required.count(p) && std::find(optional.begin(), optional.end(), p) == optional.end()) {
      optional.push_back(p);
    }
  }
  std::set<std::string> discarded;
  for (const std::string& name : config.get_discarded_passes()) {
    const bool known = std::find(all.begin(), all.end(), name) != all.end();
    PLITE_CHECK(known && !required.count(name), "add_discarded_pass: ",
                known ? "the kernel pick needs pass '" : "no pass named '", name,
                "'; passes that can be discarded: ", Join(optional, ", "));
    discarded.insert(name);
  }
  const std::vector<std::string>& internal = config.get_passes_internal();
  for (const std::string& name : internal) {
    PLITE_CHECK(mir::PassRegistry::Global().Has(name), "set_passes_internal: no pass named '",
                name, "'; the passes are: ", Join(all, ", "));
  }
  OptimizerOptions options;
  options.fuse = config.fusion_passes() && !OverridesBuiltinKernels(config.kernel_providers());
  options.memory_optimize = config.memory_optimize();
  options.blocked_layout = config.blocked_layout();
  std::vector<std::string> passes;
  for (const auto& p : internal.empty() ? DefaultPasses(options) : internal) {
    if (!discarded.count(p)) passes.push_back(p);
  }
  return passes;
}

void LoadModel(const lite_api::CxxConfig& config, Scope* root, cpp::ProgramDesc* program) {
  if (config.is_model_from_memory()) {
    const lite_api::CxxModelBuffer& buffer = config.get_model_buffer();
    PLITE_CHECK(!buffer.is_empty(), "CxxConfig::set_model_buffer: the program buffer is empty");
    LoadModelFromMemory(buffer.get_program(), buffer.get_params(), root, program);
  } else {
    LoadModel(config.model_dir(), config.model_file(), config.param_file(), root, program);
  }
}

}  // namespace

Predictor::Predictor(const lite_api::CxxConfig& config) : Predictor(config, {}) {}

Predictor::Predictor(const lite_api::CxxConfig& config,
                     std::map<std::string, float> calibrated_scales)
    : ProgramPredictor(config.threads(), config.power_mode()) {
  PLITE_CHECK(!config.quant_model(), "CxxConfig::set_quant_model(true): plite does not quantize ",
              "weights while optimizing; quantize the model beforehand (e.g. PaddleSlim) and ",
              "leave quant_model off");
  PLITE_CHECK(!config.sparse_model(), "CxxConfig::set_sparse_model(true): plite has no sparse ",
              "convolution kernels and does not sparsify while optimizing; leave sparse_model off");
  ApplyOpenClSettings(config);
  plan_ = std::make_shared<Plan>();
  plan_->config = config;
  plan_->places = WithOpenClPrecision(
      WithPrecisionMode(UsablePlaces(config.valid_places()), config.precision_mode()),
      config.opencl_precision());
  plan_->passes = PassesFor(config);
  plan_->choices = KernelChoices{config.kernel_providers(), config.keep_fp32_ops(),
                                 config.keep_cpu_ops(), std::move(calibrated_scales)};
  SetProgram(OptimizeInto(*plan_, root(), exec_scope()));
  Warmup(config);
}

std::shared_ptr<const cpp::ProgramDesc> Predictor::OptimizeInto(const Plan& plan, Scope* root,
                                                                Scope* exec) {
  cpp::ProgramDesc program;
  LoadModel(plan.config, root, &program);
  PLITE_CHECK(!program.blocks.empty(), "the model has no blocks");
  GiveEachWriteItsOwnVar(&program);
  CheckDataflow(program, WriteRule::kOnce);
  return std::make_shared<const cpp::ProgramDesc>(
      Optimize(program, exec, plan.places, plan.passes, plan.choices));
}

void Predictor::Run() {
  for (;;) {
    try {
      ProgramPredictor::Run();
      return;
    } catch (const PaddleLiteException&) {
      if (!PlanAgainWithOpsOnCpu(images_cannot_hold())) throw;
    }
  }
}

bool Predictor::PlanAgainWithOpsOnCpu(const std::vector<std::string>& vars) {
  auto plan = std::make_shared<Plan>(*plan_);
  std::vector<std::string>& keep = plan->choices.keep_cpu_ops;
  const size_t kept = keep.size();
  for (const std::string& var : vars) {
    if (std::find(keep.begin(), keep.end(), var) == keep.end()) keep.push_back(var);
  }
  if (keep.size() == kept) return false;
  // From the model's files: the fusions rewrote the weights this plan holds.
  auto root = std::make_shared<Scope>();
  Scope* exec = &root->NewScope();
  ReplaceProgram(root, exec, OptimizeInto(*plan, root.get(), exec));
  plan_ = std::move(plan);
  return true;
}

void Predictor::Warmup(const lite_api::CxxConfig& config) {
  for (const auto& group : config.preferred_inputs_for_warmup()) {
    const std::string which = StrCat("warm-up group ", group.first);
    const std::vector<std::string> inputs = GetInputNames();
    PLITE_CHECK(group.second.size() <= inputs.size(), which, " sets input ",
                group.second.size() - 1, " but the model has ", inputs.size(), " inputs");
    for (size_t i = 0; i < group.second.size(); ++i) {
      const auto* src = static_cast<const Tensor*>(group.second[i].get());
      PLITE_CHECK(src != nullptr, which, " leaves input ", i, " ('", inputs[i], "') unset");
      InputTensor(static_cast<int>(i))->CopyDataFrom(*src);
    }
    try {
      Run();
    } catch (const PaddleLiteException& e) {
      PLITE_THROW(which, ": ", e.what());
    }
  }
}

std::vector<std::string> Predictor::keep_cpu_ops() const { return plan_->choices.keep_cpu_ops; }

std::shared_ptr<lite_api::PaddlePredictor> Predictor::Clone() {
  return std::make_shared<Predictor>(*this);
}

std::shared_ptr<lite_api::PaddlePredictor> Predictor::Clone(
    const std::vector<std::string>& var_names) {
  std::shared_ptr<lite_api::PaddlePredictor> clone;
  RethrowAsLiteError("Clone", [&] { clone = std::make_shared<Predictor>(*this, var_names); });
  return clone;
}

void Predictor::SaveOptimizedModel(const std::string& model_dir,
                                   lite_api::LiteModelType model_type, bool record_info) {
  RethrowAsLiteError("SaveOptimizedModel", [&] {
    PLITE_CHECK(!model_dir.empty(), "SaveOptimizedModel: empty model_dir");
    // Params are found through the exec scope: the fusions may have written new weights.
    const Scope& scope = *exec_scope();
    const cpp::ProgramDesc& program = optimized_program();
    switch (model_type) {
      case lite_api::LiteModelType::kNaiveBuffer: {
        const std::filesystem::path path(model_dir + ".nb");
        if (path.has_parent_path()) {
          std::error_code ec;
          std::filesystem::create_directories(path.parent_path(), ec);
          PLITE_CHECK(!ec, "SaveOptimizedModel: cannot create ", path.parent_path().string(),
                      ": ", ec.message());
        }
        SaveModelNb(path.string(), program, scope, PLITE_VERSION);
        break;
      }
      case lite_api::LiteModelType::kProtobuf:
        SaveModelPb(model_dir, program, scope, /*combined=*/true);
        break;
      default:
        PLITE_THROW("SaveOptimizedModel: unknown model type ", static_cast<int>(model_type),
                    " (use kNaiveBuffer or kProtobuf)");
    }
    if (record_info) WriteTailoringInfo(model_dir, program, scope);
  });
}

}  // namespace lite

namespace lite_api {

template <>
std::shared_ptr<PaddlePredictor> CreatePaddlePredictor<CxxConfig>(const CxxConfig& config) {
  std::shared_ptr<PaddlePredictor> predictor;
  lite::RethrowAsLiteError("CreatePaddlePredictor",
                           [&] { predictor = std::make_shared<lite::Predictor>(config); });
  return predictor;
}

}  // namespace lite_api
}  // namespace paddle
