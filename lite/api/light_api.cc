#include "lite/api/light_api.h"

#include "lite/model_parser/flatbuffers/nb_model.h"

namespace paddle {
namespace lite {

// Defined with the generated use lists (paddle_use_all.cc): referencing it pulls every
// compiled registration into a static link of the light library.
int LinkAllRegistrations();

namespace {

std::shared_ptr<const NbModelBytes> ModelBytes(const lite_api::MobileConfig& config) {
  if (config.is_model_from_memory()) {
    PLITE_CHECK(!config.lite_model_buffer().empty(),
                "MobileConfig: set_model_from_buffer was given an empty buffer");
    return NbModelBytes::CopyOf(config.lite_model_buffer().data(),
                                config.lite_model_buffer().size());
  }
  PLITE_CHECK(!config.lite_model_file().empty(),
              "MobileConfig: no model set; call set_model_from_file(path to .nb) or "
              "set_model_from_buffer(bytes)");
  return NbModelBytes::MapFile(config.lite_model_file());
}

}  // namespace

// The power mode is accepted and kept for source compatibility; threads are not bound to
// cores yet, so every mode runs like LITE_POWER_NO_BIND.
LightPredictor::LightPredictor(const lite_api::MobileConfig& config)
    : ProgramPredictor(config.threads()) {
  LinkAllRegistrations();
  auto program = std::make_shared<cpp::ProgramDesc>();
  NbLoadOptions options;
  options.check_weight_checksums = config.check_weight_checksums();
  LoadModelNb(ModelBytes(config), root(), program.get(), options);
  SetProgram(std::move(program));
}

std::shared_ptr<lite_api::PaddlePredictor> LightPredictor::Clone() {
  std::shared_ptr<lite_api::PaddlePredictor> clone;
  RethrowAsLiteError("Clone", [&] { clone = std::make_shared<LightPredictor>(*this); });
  return clone;
}

}  // namespace lite

namespace lite_api {

template <>
std::shared_ptr<PaddlePredictor> CreatePaddlePredictor<MobileConfig>(const MobileConfig& config) {
  std::shared_ptr<PaddlePredictor> predictor;
  lite::RethrowAsLiteError("CreatePaddlePredictor",
                           [&] { predictor = std::make_shared<lite::LightPredictor>(config); });
  return predictor;
}

}  // namespace lite_api
}  // namespace paddle
