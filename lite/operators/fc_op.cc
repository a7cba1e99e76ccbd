#include "lite/operators/fc_op.h"

#include "lite/core/op_registry.h"
#include "lite/operators/activation_attrs.h"
#include "lite/operators/int8_attrs.h"

namespace paddle {
namespace lite {
namespace operators {

bool FcOpLite::CheckShape() const {
  const DDim& in = param_.input->dims();
  const DDim& w = param_.w->dims();
  PLITE_CHECK(w.size() == 2, "op '", Type(), "': W must be 2-D [K, N], got ", w);
  PLITE_CHECK(static_cast<int>(in.size()) > param_.in_num_col_dims, "op '", Type(), "': Input ",
              in, " needs more than in_num_col_dims=", param_.in_num_col_dims, " dims");
  const int64_t k = in.count(param_.in_num_col_dims, in.size());
  PLITE_CHECK(k == w[0], "op '", Type(), "': Input ", in, " flattened at in_num_col_dims=",
              param_.in_num_col_dims, " has ", k, " columns but W ", w, " has ", w[0], " rows");
  if (param_.bias) {
    const DDim& b = param_.bias->dims();
    const bool row = b.size() == 1 || (b.size() == 2 && b[0] == 1);
    PLITE_CHECK(row && param_.bias->numel() == w[1], "op '", Type(), "': Bias must be [", w[1],
                "] or [1, ", w[1], "], got ", b);
  }
  CheckInt8Weight(Type(), param_.int8, *param_.w, w[1]);
  return true;
}

bool FcOpLite::InferShapeImpl() const {
  const DDim& in = param_.input->dims();
  std::vector<int64_t> out(in.Vectorize().begin(), in.Vectorize().begin() + param_.in_num_col_dims);
  out.push_back(param_.w->dims()[1]);
  param_.output->Resize(DDim(out));
  param_.output->set_lod(param_.input->lod());
  return true;
}

bool FcOpLite::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  const std::string& op = Type();
  param_.input = GetInputTensor(desc, scope, "Input");
  param_.w = GetInputTensor(desc, scope, "W");
  param_.bias = GetOptionalInputTensor(desc, scope, "Bias");
  param_.output = GetOutputTensor(desc, scope, "Out");
  param_.in_num_col_dims = desc.GetAttrOr<int32_t>("in_num_col_dims", 1);
  PLITE_CHECK(param_.in_num_col_dims >= 1, "op '", op, "': in_num_col_dims must be >= 1, got ",
              param_.in_num_col_dims);
  // padding_weights stores W padded to [K + 4, N + 4] for an alignment trick we lack.
  PLITE_CHECK(!desc.GetAttrOr<bool>("padding_weights", false), "op '", op,
              "': padding_weights=true is not supported");

  // Paddle's own fc carries `activation_type`; our fusion passes write `act_type`.
  const std::string activation_type = desc.GetAttrOr<std::string>("activation_type", "");
  PLITE_CHECK(activation_type.empty() || activation_type == "relu", "op '", op,
              "': unsupported activation_type '", activation_type, "' (expected \"\" or relu)");
  param_.act = ReadFusedActivation(desc);
  param_.int8 = ReadInt8Scales(desc, "Input", "W");
  if (activation_type == "relu") {
    PLITE_CHECK(param_.act.kind == ActivationType::kNone ||
                    param_.act.kind == ActivationType::kRelu,
                "op '", op, "': activation_type relu conflicts with act_type '",
                desc.GetAttr<std::string>("act_type"), "'");
    param_.act.kind = ActivationType::kRelu;
  }
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(fc, paddle::lite::operators::FcOpLite);
