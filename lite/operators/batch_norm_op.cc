#include "lite/operators/batch_norm_op.h"

#include "lite/core/op_registry.h"
#include "lite/operators/spatial_attrs.h"

namespace paddle {
namespace lite {
namespace operators {

bool BatchNormOp::CheckShape() const {
  const DDim& x = param_.x->dims();
  PLITE_CHECK(x.size() >= 2 && x.size() <= 5, "op '", Type(),
              "': X must have 2 to 5 dims with channels at dim 1, got ", x);
  const std::pair<const char*, const Tensor*> per_channel[] = {{"Scale", param_.scale},
                                                               {"Bias", param_.bias},
                                                               {"Mean", param_.mean},
                                                               {"Variance", param_.variance}};
  for (const auto& arg : per_channel) {
    PLITE_CHECK(arg.second->numel() == x[1], "op '", Type(), "': ", arg.first, " has ",
                arg.second->numel(), " values, expected one per channel (", x[1], ")");
  }
  return true;
}

bool BatchNormOp::InferShapeImpl() const {
  param_.y->Resize(param_.x->dims());
  param_.y->set_lod(param_.x->lod());
  return true;
}

bool BatchNormOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.scale = GetInputTensor(desc, scope, "Scale");
  param_.bias = GetInputTensor(desc, scope, "Bias");
  param_.mean = GetInputTensor(desc, scope, "Mean");
  param_.variance = GetInputTensor(desc, scope, "Variance");
  param_.y = GetOutputTensor(desc, scope, "Y");
  // MeanOut/VarianceOut/SavedMean/SavedVariance only matter for training: not bound.
  param_.epsilon = desc.GetAttrOr<float>("epsilon", 1e-5f);
  CheckNchwDataFormat(Type(), "data_layout", desc.GetAttrOr<std::string>("data_layout", "NCHW"));
  // Training mode (is_test false without use_global_stats) would normalize with batch
  // statistics. An inference engine has no batch statistics to keep, and exported
  // programs sometimes leave is_test false, so the saved Mean/Variance are always used.
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(batch_norm, paddle::lite::operators::BatchNormOp);
