// Paddle's quantization ops, run in float with Paddle's arithmetic: a quantized model
// (PaddleSlim QAT or PTQ) runs as Paddle runs it, and that run is the reference of the int8
// path. One class for the family; the op type says what it computes:
//   fake_quantize_dequantize_{moving_average_,}abs_max   Out = Q(X) * s / bin_cnt
//   fake_channel_wise_quantize_dequantize_abs_max        the same, one scale per channel
//   fake_quantize_{moving_average_,range_,}abs_max       Out = Q(X) (integer-valued floats)
//   fake_channel_wise_quantize_abs_max                   the same, one scale per channel
//   fake_dequantize_max_abs                              Out = X * Scale / max_range
//   fake_channel_wise_dequantize_max_abs                 Out = X * Scales[0][c] (* Scales[1]) / max_range
//   quantize_linear / dequantize_linear                  Y = Q(X) / Y = X * Scale / qmax
// The moving-average and range ops use the stored InScale (inference: is_test); the abs_max
// ops compute their scale from X every run, as Paddle does, and write OutScale unless the
// program binds it to a weight (Paddle stores the scale it would compute again).
#pragma once

#include <string>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class FakeQuantizeOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;
  // OutState, OutAccum, OutScales (the training statistics) are never written; OutScale only
  // by the ops that compute it.
  bool WritesOutput(const std::string& param) const override;
  bool LeavesWeightOutput(const std::string& param) const override {
    return param == "OutScale";
  }

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  void AttachScales(const cpp::OpDesc& desc, Scope* scope);
  void ReadRange(const cpp::OpDesc& desc);

  FakeQuantizeParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
