#include "lite/operators/prelu_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool PreluOp::CheckShape() const {
  const DDim& x = param_.x->dims();
  const int64_t alphas = param_.alpha->numel();
  if (param_.mode == "all") {
    PLITE_CHECK(alphas == 1, "op '", Type(), "': mode 'all' needs one alpha, Alpha has dims ",
                param_.alpha->dims());
  } else if (param_.mode == "channel") {
    PLITE_CHECK(x.size() >= 2, "op '", Type(), "': mode 'channel' needs X of rank 2 or more, got ",
                x);
    const int64_t channels = param_.channels_last ? x[x.size() - 1] : x[1];
    PLITE_CHECK(alphas == channels, "op '", Type(), "': mode 'channel' needs one alpha per channel (",
                channels, " for X ", x, "), Alpha has ", alphas);
  } else {
    PLITE_CHECK(!x.empty() && x[0] > 0 && alphas == x.production() / x[0], "op '", Type(),
                "': mode 'element' needs one alpha per element of a sample of X ", x,
                ", Alpha has ", alphas);
  }
  return true;
}

bool PreluOp::InferShapeImpl() const {
  param_.out->Resize(param_.x->dims());
  param_.out->set_lod(param_.x->lod());
  return true;
}

bool PreluOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = PreluParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.alpha = GetInputTensor(desc, scope, "Alpha");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.mode = desc.GetAttrOr<std::string>("mode", "all");
  PLITE_CHECK(param_.mode == "all" || param_.mode == "channel" || param_.mode == "element",
              "op '", Type(), "': attribute 'mode' '", param_.mode,
              "' is not one of all, channel, element");
  const std::string format = desc.GetAttrOr<std::string>("data_format", "NCHW");
  PLITE_CHECK(format == "NCHW" || format == "NHWC", "op '", Type(),
              "': attribute 'data_format' '", format, "' is not NCHW or NHWC");
  param_.channels_last = format == "NHWC";
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(prelu, paddle::lite::operators::PreluOp);
