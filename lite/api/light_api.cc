#include "lite/api/light_api.h"

#include <algorithm>
#include <filesystem>

#include "lite/api/opencl_config.h"
#include "lite/model_parser/flatbuffers/nb_model.h"

namespace paddle {
namespace lite {

namespace {

// The one `.nb` file in `dir`; an error naming the directory and what it holds otherwise.
std::string OnlyNbFileIn(const std::string& dir) {
  std::error_code ec;
  std::vector<std::string> found;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".nb" && it->is_regular_file(ec)) {
      found.push_back(it->path().filename().string());
    }
  }
  PLITE_CHECK(!ec, "MobileConfig: cannot read model_dir '", dir, "': ", ec.message(),
              "; call set_model_from_file(path to .nb)");
  std::sort(found.begin(), found.end());
  PLITE_CHECK(found.size() == 1, "MobileConfig: model_dir '", dir, "' holds ",
              found.empty() ? std::string("no .nb file")
                            : StrCat(found.size(), " .nb files (", Join(found, ", "), ")"),
              "; the light predictor loads one optimized .nb model: call ",
              "set_model_from_file(path to .nb)");
  return (std::filesystem::path(dir) / found[0]).string();
}

std::shared_ptr<const NbModelBytes> ModelBytes(const lite_api::MobileConfig& config) {
  PLITE_CHECK(!config.uses_deprecated_model_buffer(),
              "MobileConfig::set_model_buffer (program + params buffers) is not supported: the ",
              "light predictor loads only optimized .nb models; convert the model with opt and ",
              "pass the .nb bytes to set_model_from_buffer");
  if (config.is_model_from_memory()) {
    PLITE_CHECK(!config.lite_model_buffer().empty(),
                "MobileConfig: set_model_from_buffer was given an empty buffer");
    return NbModelBytes::CopyOf(config.lite_model_buffer().data(),
                                config.lite_model_buffer().size());
  }
  if (config.lite_model_file().empty() && !config.model_dir().empty()) {
    return NbModelBytes::MapFile(OnlyNbFileIn(config.model_dir()));
  }
  PLITE_CHECK(!config.lite_model_file().empty(),
              "MobileConfig: no model set; call set_model_from_file(path to .nb) or "
              "set_model_from_buffer(bytes)");
  return NbModelBytes::MapFile(config.lite_model_file());
}

}  // namespace

LightPredictor::LightPredictor(const lite_api::MobileConfig& config)
    : ProgramPredictor(config.threads(), config.power_mode()) {
  ApplyOpenClSettings(config);
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

std::shared_ptr<lite_api::PaddlePredictor> LightPredictor::Clone(
    const std::vector<std::string>& var_names) {
  std::shared_ptr<lite_api::PaddlePredictor> clone;
  RethrowAsLiteError("Clone",
                     [&] { clone = std::make_shared<LightPredictor>(*this, var_names); });
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
