#include "lite/operators/dropout_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool DropoutOp::CheckShape() const {
  PLITE_CHECK(param_.x != nullptr && param_.output != nullptr, "dropout: X and Out are required");
  return true;
}

bool DropoutOp::InferShapeImpl() const {
  param_.output->Resize(param_.x->dims());
  param_.output->set_lod(param_.x->lod());
  return true;
}

bool DropoutOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.output = GetOutputTensor(desc, scope, "Out");
  param_.mask = desc.HasOutput("Mask") ? GetOutputTensor(desc, scope, "Mask") : nullptr;
  param_.dropout_prob = desc.GetAttrOr<float>("dropout_prob", 0.5f);
  param_.dropout_implementation =
      desc.GetAttrOr<std::string>("dropout_implementation", "downgrade_in_infer");
  PLITE_CHECK(param_.dropout_implementation == "downgrade_in_infer" ||
                  param_.dropout_implementation == "upscale_in_train",
              "dropout: attribute dropout_implementation '", param_.dropout_implementation,
              "' is not supported (downgrade_in_infer or upscale_in_train)");
  PLITE_CHECK(param_.dropout_prob >= 0.f && param_.dropout_prob <= 1.f,
              "dropout: attribute dropout_prob ", param_.dropout_prob, " is not in [0, 1]");
  // is_test is INT in older exports and BOOLEAN in newer ones; GetAttr reads both. Only
  // inference is implemented, so a training-mode dropout (random masking) is refused.
  const bool is_test = desc.GetAttrOr<bool>("is_test", true);
  PLITE_CHECK(is_test, "dropout: attribute is_test = false (training mode) is not supported");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(dropout, paddle::lite::operators::DropoutOp);
