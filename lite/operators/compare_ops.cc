#include "lite/operators/compare_ops.h"

#include <vector>

#include "lite/core/op_registry.h"
#include "lite/operators/broadcast_shape.h"

namespace paddle {
namespace lite {
namespace operators {

bool CompareOp::CheckShape() const {
  if (param_.y) ElementwiseBroadcast(param_.x->dims(), param_.y->dims(), param_.axis, Type());
  return true;
}

bool CompareOp::InferShapeImpl() const {
  if (param_.y) {
    const BroadcastShape shape =
        ElementwiseBroadcast(param_.x->dims(), param_.y->dims(), param_.axis, Type());
    param_.out->Resize(DDim(shape.out_dims));
  } else {
    param_.out->Resize(param_.x->dims());
  }
  param_.out->set_lod(param_.x->lod());
  return true;
}

bool CompareOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  const std::string& type = desc.Type();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.y = type == "logical_not" ? nullptr : GetInputTensor(desc, scope, "Y");
  param_.out = GetOutputTensor(desc, scope, "Out");
  if (type.compare(0, 8, "logical_") == 0) {
    param_.axis = -1;  // Paddle's logical ops have no axis: numpy-style trailing alignment
  } else {
    param_.axis = desc.GetAttrOr<int32_t>("axis", -1);
    // A placement hint of Paddle's (keep Out on the CPU); read so a malformed one fails here.
    desc.GetAttrOr<bool>("force_cpu", false);
  }
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((less_than, less_equal, greater_than, greater_equal, equal, not_equal, logical_and, logical_or, logical_xor, logical_not), paddle::lite::operators::CompareOp);
