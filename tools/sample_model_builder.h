// A small deterministic CNN written as a real Paddle inference model, for tests, demos and
// benchmarks that need a model without shipping one:
//   feed 'image' [-1,3,32,32] -> conv2d 3x3 (8) + batch_norm + relu
//   -> depthwise_conv2d 3x3 stride 2 + batch_norm + relu6
//   -> conv2d 1x1 (16) + elementwise_add bias (axis 1) + hard_swish
//   -> pool2d avg global -> flatten_contiguous_range -> matmul_v2 (16x10) + elementwise_add
//   -> softmax -> scale(1.0) -> fetch
// Ops carry the attributes Paddle 2.x writes, bookkeeping ones (op_role, use_mkldnn, ...)
// included; weights come from a fixed-seed generator, so every build is byte-identical.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"
#include "lite/model_parser/model_parser.h"

namespace paddle {
namespace lite {

constexpr const char* kSampleModelInput = "image";
constexpr const char* kSampleModelOutput = "save_infer_model/scale_0.tmp_0";
constexpr int kSampleModelClasses = 10;

// Fills `program` and puts the weights into `scope` as persistable float tensors.
void BuildSampleModel(cpp::ProgramDesc* program, Scope* scope);

// Inserts one op per type in `op_types` before the fetch, chained on the model output
// (X -> Out, a [-1, 10] float var each), so a model can carry op types a build lacks: the
// error paths of loaders and tools need one.
void InsertOpsBeforeFetch(const std::vector<std::string>& op_types, cpp::ProgramDesc* program);

// Builds the model (with `extra_ops` inserted before the fetch) and writes it to `dir`
// (combined: model.pdmodel + model.pdiparams; separate: __model__ + one file per weight).
// Returns the files written.
ModelFiles WriteSampleModel(const std::string& dir, bool combined = true,
                              const std::vector<std::string>& extra_ops = {});

}  // namespace lite
}  // namespace paddle
