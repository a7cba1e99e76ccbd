// The sample network (tools/sample_model_builder.h) written as a Paddle 3 PIR program with
// the same weights, in the pd_op forms Paddle 3 exports use: conv bias as reshape + add,
// constant operands from full / full_int_array, list operands from builtin.combine, a
// vector result taken apart by builtin.split. Two detours leave the result unchanged, so
// the program computes what the sample model does:
//   data 'image' [-1,3,32,32] -> conv2d 3x3 (8) + batch_norm_ + relu
//   -> depthwise_conv2d 3x3 stride 2 + batch_norm_ + relu6
//   -> conv2d 1x1 (16) + reshape(bias) + add + hardswish
//   -> split_with_num (2 along C) -> concat of the two halves in order
//   -> nearest_interp x2 -> pool2d avg adaptive 1x1 (the mean of the upsampled map is the
//      mean of the map) -> flatten -> matmul (16x10) + add -> softmax -> scale(full 1.0)
//   -> fetch "probs"
#pragma once

#include <string>

#include "tools/pir_program_writer.h"

namespace paddle {
namespace lite {

constexpr const char* kSamplePirInput = "image";
constexpr const char* kSamplePirOutput = "probs";

void BuildSamplePirModel(PirProgramWriter* program);
// The sample PIR model as the two files Paddle 3 exports, in `dir` (created):
// inference.json and inference.pdiparams.
void WriteSamplePirModel(const std::string& dir);

}  // namespace lite
}  // namespace paddle
