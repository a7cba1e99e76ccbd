// opt's post-training quantization (--quant_model --quant_type=QUANT_INT8): runs the float
// model over a directory of sample inputs and returns the activation scale of each conv
// input to quantize (lite/optimizer/quantization), printing progress as it goes.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/core/program_desc.h"
#include "lite/optimizer/quantization/calibration.h"

namespace paddle {
namespace lite {
namespace opt {

struct CalibrationRequest {
  std::string data_dir;     // raw float32 files, one input each (sorted by name)
  std::string input_shape;  // "1,3,224,224"; empty: the model's declared input dims
  CalibrationMethod method{CalibrationMethod::kAbsMax};
};

// opt's quantization flags.
struct QuantFlags {
  bool quant_model{false};
  std::string quant_type, calibration_data, calibration_method, input_shape;
  double keep_threshold{0};  // --quant_keep_threshold; 0: off
};

// --quant_model --quant_type=QUANT_INT8: the calibrated activation scales of the convs to
// quantize (empty without those flags, or for QUANT_INT16, which opt only warns about).
// Throws PaddleLiteException on bad flags, or where no int8 conv kernel runs for
// `valid_places` on this CPU (the scales would only simulate int8, slower than float).
std::map<std::string, float> PostTrainingScales(const QuantFlags& flags,
                                                const std::vector<lite_api::Place>& valid_places,
                                                const lite_api::CxxConfig& config,
                                                const cpp::ProgramDesc& program);

// --quant_keep_threshold: the convs of the calibrated int8 plan (`scales`) whose own loss
// of cosine similarity against the float plan (their output's cosine below their input's)
// exceeds flags.keep_threshold on any of the first 4 calibration inputs: their input vars,
// whose scales to drop (those convs, and any other reading the same input, stay float with
// no quantize op), and a line per conv (its output) for the report in `report`.
std::vector<std::string> LossyInt8Convs(const QuantFlags& flags,
                                        const std::vector<lite_api::Place>& valid_places,
                                        const lite_api::CxxConfig& config,
                                        const cpp::ProgramDesc& program,
                                        const std::map<std::string, float>& scales,
                                        std::vector<std::string>* report);

// `float_config`: the model with float places; `program`: the model as loaded (which convs
// and input). Throws PaddleLiteException naming a bad directory, file or shape.
std::map<std::string, float> Calibrate(const lite_api::CxxConfig& float_config,
                                       const cpp::ProgramDesc& program,
                                       const CalibrationRequest& request);

}  // namespace opt
}  // namespace lite
}  // namespace paddle
