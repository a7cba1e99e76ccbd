#include "lite/operators/pool_op.h"

#include "lite/core/op_registry.h"
#include "lite/operators/spatial_attrs.h"

namespace paddle {
namespace lite {
namespace operators {

bool PoolOpLite::CheckShape() const {
  PLITE_CHECK(param_.x->dims().size() == 4, "op '", Type(), "': X must be 4-D NCHW, got ",
              param_.x->dims());
  return true;
}

bool PoolOpLite::InferShapeImpl() const {
  const DDim& x = param_.x->dims();
  param_.ksize = attr_ksize_;
  param_.paddings = attr_paddings_;
  if (param_.padding_algorithm == "SAME") {
    for (int i = 0; i < 2; ++i) {
      SamePadding(x[2 + i], param_.ksize[i], param_.strides[i], &param_.paddings[2 * i],
                  &param_.paddings[2 * i + 1]);
    }
  } else if (param_.padding_algorithm == "VALID") {
    param_.paddings = {0, 0, 0, 0};
  }
  // Global and adaptive pooling ignore paddings; global pooling's window is the image
  // (so global + adaptive gives one output per input pixel, as in Paddle).
  if (param_.global_pooling || param_.adaptive) param_.paddings = {0, 0, 0, 0};
  if (param_.global_pooling) {
    param_.ksize = {static_cast<int>(x[2]), static_cast<int>(x[3])};
  }
  int64_t out[2];
  for (int i = 0; i < 2; ++i) {
    out[i] = param_.adaptive
                 ? param_.ksize[i]
                 : WindowOutputSize(x[2 + i], param_.ksize[i], param_.paddings[2 * i],
                                    param_.paddings[2 * i + 1], param_.strides[i],
                                    param_.ceil_mode);
  }
  PLITE_CHECK(out[0] > 0 && out[1] > 0, "op '", Type(), "': output size ", out[0], "x", out[1],
              " is not positive (X ", x, ", ksize ", param_.ksize, ", paddings ", param_.paddings,
              ", strides ", param_.strides, ")");
  CheckOutputPlane(Type(), out[0], out[1], param_.paddings);
  param_.output->Resize({x[0], x[1], out[0], out[1]});
  param_.output->set_lod(param_.x->lod());
  return true;
}

bool PoolOpLite::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  const std::string& op = Type();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.output = GetOutputTensor(desc, scope, "Out");

  param_.pooling_type = desc.GetAttr<std::string>("pooling_type");
  PLITE_CHECK(param_.pooling_type == "max" || param_.pooling_type == "avg", "op '", op,
              "': unsupported pooling_type '", param_.pooling_type, "' (expected max or avg)");
  param_.global_pooling = desc.GetAttrOr<bool>("global_pooling", false);
  attr_ksize_ = desc.GetAttr<std::vector<int32_t>>("ksize");
  if (param_.global_pooling) {
    // The window is the whole image; exported models carry arbitrary ksize values here.
    PLITE_CHECK(attr_ksize_.size() == 2, "op '", op,
                "': attribute 'ksize' must have 2 values, got ", attr_ksize_);
  } else {
    CheckPositivePair(op, "ksize", attr_ksize_);
  }
  param_.ksize = attr_ksize_;
  param_.strides = desc.GetAttrOr<std::vector<int32_t>>("strides", {1, 1});
  CheckPositivePair(op, "strides", param_.strides);
  attr_paddings_ = ExpandPaddings(op, desc.GetAttrOr<std::vector<int32_t>>("paddings", {0, 0}));
  param_.paddings = attr_paddings_;
  param_.exclusive = desc.GetAttrOr<bool>("exclusive", true);
  param_.adaptive = desc.GetAttrOr<bool>("adaptive", false);
  param_.ceil_mode = desc.GetAttrOr<bool>("ceil_mode", false);
  param_.padding_algorithm = desc.GetAttrOr<std::string>("padding_algorithm", "EXPLICIT");
  CheckPaddingAlgorithm(op, param_.padding_algorithm);
  CheckNchwDataFormat(op, "data_format", desc.GetAttrOr<std::string>("data_format", "NCHW"));
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(pool2d, paddle::lite::operators::PoolOpLite);
