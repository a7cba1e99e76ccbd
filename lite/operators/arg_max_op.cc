#include "lite/operators/arg_max_op.h"

#include <cstdint>
#include <limits>
#include <vector>

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool ArgMaxOp::CheckShape() const {
  const DDim& dims = param_.x->dims();
  const int64_t rank = static_cast<int64_t>(dims.size());
  PLITE_CHECK(rank >= 1, Type(), ": X must have at least one dim, got ", dims);
  PLITE_CHECK(param_.axis >= -rank && param_.axis < rank, Type(), ": axis ", param_.axis,
              " is out of range for X", dims);
  if (param_.dtype == 2) {
    const int64_t axis = param_.axis < 0 ? param_.axis + rank : param_.axis;
    const int64_t searched = param_.flatten ? dims.production() : dims[axis];
    PLITE_CHECK(searched <= std::numeric_limits<int32_t>::max(), Type(), ": ", searched,
                " elements cannot be indexed with dtype int32");
  }
  return true;
}

bool ArgMaxOp::InferShapeImpl() const {
  const DDim& dims = param_.x->dims();
  const int64_t rank = static_cast<int64_t>(dims.size());
  const int64_t axis = param_.axis < 0 ? param_.axis + rank : param_.axis;
  std::vector<int64_t> out;
  if (param_.flatten) {
    out.push_back(1);
  } else {
    for (int64_t i = 0; i < rank; ++i) {
      if (i != axis) {
        out.push_back(dims[i]);
      } else if (param_.keepdims) {
        out.push_back(1);
      }
    }
  }
  param_.out->Resize(DDim(out));
  return true;
}

bool ArgMaxOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.axis = desc.GetAttrOr<int64_t>("axis", -1);
  param_.keepdims = desc.GetAttrOr<bool>("keepdims", false);
  param_.flatten = desc.GetAttrOr<bool>("flatten", false);
  param_.dtype = desc.GetAttrOr<int32_t>("dtype", 3);
  if (param_.dtype == -1) param_.dtype = 3;  // -1 is Paddle's "default", i.e. int64
  PLITE_CHECK(param_.dtype == 2 || param_.dtype == 3, desc.Type(),
              ": attribute dtype = ", param_.dtype, " is not supported (2 int32, 3 int64 or -1)");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((arg_max, arg_min), paddle::lite::operators::ArgMaxOp);
