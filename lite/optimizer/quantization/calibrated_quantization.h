// Post-training quantization's program rewrite: where calibration gave the input of a
// conv2d (or of a mul / matmul / matmul_v2 by a weight matrix, an fc) a scale, the program
// gets the ops PaddleSlim's quantization writes around a quantized layer
//   x -> fake_quantize_dequantize_moving_average_abs_max (InScale: the scale, a new weight)
//   W -> fake_channel_wise_quantize_dequantize_abs_max (per output channel, max |W_c|:
//        a filter's axis 0, a matrix's columns)
// so the optimizer runs it as it runs a QAT model: int8_quantize_pass turns the conv into
// an int8 conv where an int8 kernel runs it (docs/quantization.md).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {

// The input vars of the layers post-training quantization considers (conv2d with a weight
// filter, products by a weight matrix other than the output layer, of at least 16 input
// channels / rows, int8_rules.h; not already quantized), in program order, each once.
std::vector<std::string> CalibrationTargets(const cpp::ProgramDesc& program);

// Inserts the quantize ops before each such layer whose input has a positive scale in
// `scales` (var -> max |x| to keep); one activation op per var, one weight op per weight.
// The scale tensors go into `weights`. Returns how many layers were quantized.
int InsertCalibratedQuantization(const std::map<std::string, float>& scales,
                                 cpp::ProgramDesc* program, Scope* weights);

}  // namespace lite
}  // namespace paddle
