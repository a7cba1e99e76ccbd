#include "lite/operators/clip_op.h"

#include <cmath>

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool ClipOp::CheckShape() const {
  PLITE_CHECK(param_.min_tensor == nullptr || param_.min_tensor->numel() == 1,
              "clip: input Min must hold one element, got dims ", param_.min_tensor->dims());
  PLITE_CHECK(param_.max_tensor == nullptr || param_.max_tensor->numel() == 1,
              "clip: input Max must hold one element, got dims ", param_.max_tensor->dims());
  return true;
}

bool ClipOp::InferShapeImpl() const {
  param_.out->Resize(param_.x->dims());
  param_.out->set_lod(param_.x->lod());
  return true;
}

bool ClipOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.min_tensor = GetOptionalInputTensor(desc, scope, "Min");
  param_.max_tensor = GetOptionalInputTensor(desc, scope, "Max");
  param_.min = desc.GetAttrOr<float>("min", 0.f);
  param_.max = desc.GetAttrOr<float>("max", 0.f);
  // NaN would slip past every comparison below (infinite bounds are fine: no bound).
  PLITE_CHECK(!std::isnan(param_.min), "clip: attribute min is NaN");
  PLITE_CHECK(!std::isnan(param_.max), "clip: attribute max is NaN");
  // Bounds given as tensors are checked by the kernel once their values are known; a
  // single tensor bound overrides its attribute only, so the other attribute still counts.
  if (!param_.min_tensor && !param_.max_tensor) {
    PLITE_CHECK(param_.min <= param_.max, "clip: attribute min (", param_.min,
                ") must not exceed attribute max (", param_.max, ")");
  }
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(clip, paddle::lite::operators::ClipOp);
