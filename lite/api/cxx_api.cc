#include "lite/api/cxx_api.h"

#include <filesystem>

#include "lite/api/tailoring_info.h"
#include "lite/core/program_check.h"
#include "lite/optimizer/optimizer.h"
#include "lite/model_parser/flatbuffers/nb_model.h"
#include "lite/model_parser/model_parser.h"

namespace paddle {
namespace lite {

Predictor::Predictor(const lite_api::CxxConfig& config) : ProgramPredictor(config.threads()) {
  cpp::ProgramDesc program;
  LoadModelPb(config.model_dir(), config.model_file(), config.param_file(), root(), &program);
  PLITE_CHECK(!program.blocks.empty(), "the model has no blocks");
  CheckDataflow(program, WriteRule::kOnce);
  std::vector<Place> places = config.valid_places();
  if (places.empty()) places.push_back(Place(TargetType::kHost, PrecisionType::kFloat));
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
