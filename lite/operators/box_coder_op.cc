#include "lite/operators/box_coder_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool BoxCoderOp::CheckShape() const {
  const DDim& prior = param_.prior_box->dims();
  const DDim& target = param_.target_box->dims();
  PLITE_CHECK(prior.size() == 2 && prior[1] == 4, "op '", Type(),
              "': PriorBox must be [M, 4], got ", prior);
  if (param_.prior_box_var) {
    const DDim& var = param_.prior_box_var->dims();
    PLITE_CHECK(var == prior, "op '", Type(), "': PriorBoxVar ", var,
                " must have the shape of PriorBox ", prior);
  }
  if (param_.encode) {
    PLITE_CHECK(target.size() == 2 && target[1] == 4, "op '", Type(),
                "': TargetBox must be [N, 4] for encode_center_size, got ", target);
    return true;
  }
  PLITE_CHECK(target.size() == 3 && target[2] == 4, "op '", Type(),
              "': TargetBox must be [N, M, 4] for decode_center_size, got ", target);
  const int dim = param_.axis == 0 ? 1 : 0;
  PLITE_CHECK(target[dim] == prior[0], "op '", Type(), "': with axis ", param_.axis,
              ", TargetBox ", target, " dim ", dim, " must equal the number of prior boxes in ",
              prior);
  return true;
}

bool BoxCoderOp::InferShapeImpl() const {
  const DDim& target = param_.target_box->dims();
  if (param_.encode) {
    param_.output_box->Resize({target[0], param_.prior_box->dims()[0], 4});
  } else {
    param_.output_box->Resize(target);
  }
  const bool prior_lod = !param_.encode && param_.axis == 1;
  param_.output_box->set_lod(prior_lod ? param_.prior_box->lod() : param_.target_box->lod());
  return true;
}

bool BoxCoderOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = BoxCoderParam();
  param_.prior_box = GetInputTensor(desc, scope, "PriorBox");
  param_.prior_box_var = GetOptionalInputTensor(desc, scope, "PriorBoxVar");
  param_.target_box = GetInputTensor(desc, scope, "TargetBox");
  param_.output_box = GetOutputTensor(desc, scope, "OutputBox");
  const std::string code_type = desc.GetAttrOr<std::string>("code_type", "encode_center_size");
  PLITE_CHECK(code_type == "encode_center_size" || code_type == "decode_center_size", "op '",
              Type(), "': attribute 'code_type' is '", code_type,
              "' (must be 'encode_center_size' or 'decode_center_size')");
  param_.encode = code_type == "encode_center_size";
  param_.box_normalized = desc.GetAttrOr<bool>("box_normalized", true);
  param_.axis = desc.GetAttrOr<int32_t>("axis", 0);
  PLITE_CHECK(param_.axis == 0 || param_.axis == 1, "op '", Type(), "': attribute 'axis' is ",
              param_.axis, " (must be 0 or 1)");
  param_.variance = desc.GetAttrOr<std::vector<float>>("variance", {});
  PLITE_CHECK(param_.variance.empty() || param_.variance.size() == 4, "op '", Type(),
              "': attribute 'variance' must be empty or hold 4 values, got ", param_.variance);
  PLITE_CHECK(!(param_.prior_box_var && !param_.variance.empty()), "op '", Type(),
              "': input 'PriorBoxVar' and attribute 'variance' ", param_.variance,
              " must not both be given");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(box_coder, paddle::lite::operators::BoxCoderOp);
