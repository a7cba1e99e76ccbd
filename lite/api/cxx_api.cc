#include "lite/api/cxx_api.h"

#include <filesystem>
#include <set>

#include "lite/api/tailoring_info.h"
#include "lite/core/op_registry.h"
#include "lite/core/program_check.h"
#include "lite/optimizer/optimizer.h"
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
// whose target has no kernels in this build is dropped with a warning while another place
// remains usable (apps list {arm, opencl} whatever the build has), and is an error naming
// the targets this build has otherwise.
std::vector<Place> UsablePlaces(std::vector<Place> places) {
  if (places.empty()) return DefaultPlaces();
  std::set<TargetType> built{TargetType::kAny};
  for (const KernelInfo* k : KernelRegistry::Global().AllKernels()) built.insert(k->place.target);
  std::vector<std::string> built_names;
  for (TargetType t : built) {
    if (t != TargetType::kAny) built_names.push_back(lite_api::TargetToStr(t));
  }
  std::vector<Place> usable;
  std::vector<std::string> dropped;
  for (size_t i = 0; i < places.size(); ++i) {
    const std::string which = StrCat("valid place ", i, " ", PlaceText(places[i]));
    const std::string bad = OutOfRange(places[i]);
    PLITE_CHECK(bad.empty(), which, ": ", bad);
    if (built.count(places[i].target)) {
      usable.push_back(places[i]);
    } else {
      dropped.push_back(which);
    }
  }
  const std::string lacking = StrCat(": this build has no kernels for its target (it has ",
                                     Join(built_names, ", "), ")");
  PLITE_CHECK(!usable.empty(), Join(dropped, "; "), lacking);
  for (const std::string& which : dropped) PLITE_WARN << which << lacking << "; ignored";
  return usable;
}

}  // namespace

Predictor::Predictor(const lite_api::CxxConfig& config) : ProgramPredictor(config.threads()) {
  const std::vector<Place> places = UsablePlaces(config.valid_places());
  cpp::ProgramDesc program;
  LoadModelPb(config.model_dir(), config.model_file(), config.param_file(), root(), &program);
  PLITE_CHECK(!program.blocks.empty(), "the model has no blocks");
  CheckDataflow(program, WriteRule::kOnce);
  OptimizerOptions options;
  options.fuse = config.fusion_passes();
  options.memory_optimize = config.memory_optimize();
  options.blocked_layout = config.x86_blocked_layout();
  SetProgram(std::make_shared<const cpp::ProgramDesc>(
      Optimize(program, exec_scope(), places, DefaultPasses(options))));
}

std::shared_ptr<lite_api::PaddlePredictor> Predictor::Clone() {
  return std::make_shared<Predictor>(*this);
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
    if (record_info) WriteTailoringInfo(model_dir, program);
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
