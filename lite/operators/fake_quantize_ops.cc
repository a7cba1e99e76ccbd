#include "lite/operators/fake_quantize_ops.h"

#include <map>

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {

using Mode = FakeQuantizeParam::Mode;
using ScaleFrom = FakeQuantizeParam::ScaleFrom;

// What each op type computes (paddle/phi/kernels/impl/fake_quantize_kernel_impl.h,
// fake_dequantize_functor.cc, quantize_linear_impl.h).
struct Kind {
  Mode mode;
  ScaleFrom scale_from;
  const char* scale_input;  // the input holding the scales, for ScaleFrom::kInput
  bool linear;              // quantize_linear / dequantize_linear: X -> Y, qmax
};

const Kind& KindOf(const std::string& type) {
  static const std::map<std::string, Kind> kinds = {
      {"fake_quantize_dequantize_moving_average_abs_max",
       {Mode::kQuantizeDequantize, ScaleFrom::kInput, "InScale", false}},
      {"fake_quantize_dequantize_abs_max",
       {Mode::kQuantizeDequantize, ScaleFrom::kTensorAbsMax, nullptr, false}},
      {"fake_channel_wise_quantize_dequantize_abs_max",
       {Mode::kQuantizeDequantize, ScaleFrom::kChannelAbsMax, nullptr, false}},
      {"fake_quantize_moving_average_abs_max",
       {Mode::kQuantize, ScaleFrom::kInput, "InScale", false}},
      {"fake_quantize_range_abs_max", {Mode::kQuantize, ScaleFrom::kInput, "InScale", false}},
      {"fake_quantize_abs_max", {Mode::kQuantize, ScaleFrom::kTensorAbsMax, nullptr, false}},
      {"fake_channel_wise_quantize_abs_max",
       {Mode::kQuantize, ScaleFrom::kChannelAbsMax, nullptr, false}},
      {"fake_dequantize_max_abs", {Mode::kDequantize, ScaleFrom::kInput, "Scale", false}},
      {"fake_channel_wise_dequantize_max_abs",
       {Mode::kDequantize, ScaleFrom::kInput, "Scales", false}},
      {"quantize_linear", {Mode::kQuantize, ScaleFrom::kInput, "Scale", true}},
      {"dequantize_linear", {Mode::kDequantize, ScaleFrom::kInput, "Scale", true}},
  };
  const auto it = kinds.find(type);
  PLITE_CHECK(it != kinds.end(), "'", type, "' is not a quantization op");
  return it->second;
}

int BinCount(int bits, const std::string& op) {
  PLITE_CHECK(bits >= 1 && bits <= 16, "op '", op, "': bit_length ", bits,
              " is outside [1, 16]");
  return (1 << (bits - 1)) - 1;
}

}  // namespace

bool FakeQuantizeOp::WritesOutput(const std::string& param) const {
  if (param == "Out" || param == "Y") return true;
  return param == "OutScale" && KindOf(Type()).scale_from != ScaleFrom::kInput;
}

void FakeQuantizeOp::ReadRange(const cpp::OpDesc& desc) {
  const Kind& kind = KindOf(Type());
  const int bits = desc.GetAttrOr<int32_t>("bit_length", 8);
  if (Type() == "fake_dequantize_max_abs") {
    PLITE_CHECK(desc.HasAttr("max_range"), "op '", Type(), "': attribute 'max_range' is missing");
    param_.max_range = desc.GetAttr<float>("max_range");
    return;
  }
  if (Type() == "fake_channel_wise_dequantize_max_abs") {
    // One factor per scale: the weight's range, then the activation's (conv/fc outputs).
    const auto bits_list = desc.GetAttrOr<std::vector<int32_t>>("quant_bits", {8});
    PLITE_CHECK(bits_list.size() >= param_.scales.size(), "op '", Type(), "': ",
                param_.scales.size(), " Scales need as many quant_bits, got ", bits_list.size());
    param_.max_range = 1.f;
    for (size_t i = 0; i < param_.scales.size(); ++i) {
      param_.max_range *= static_cast<float>(BinCount(bits_list[i], Type()));
    }
    return;
  }
  param_.bin_cnt = BinCount(bits, Type());
  if (kind.linear && desc.HasAttr("qmax")) {
    param_.bin_cnt = desc.GetAttr<int32_t>("qmax");
    PLITE_CHECK(param_.bin_cnt >= 1, "op '", Type(), "': qmax ", param_.bin_cnt,
                " is not positive");
  }
  param_.max_range = static_cast<float>(param_.bin_cnt);
  // A program without round_type: quantize_linear's default is 0; the fake ops' is 1 (phi's
  // ops.yaml), which is also how Paddle rounded before the attribute existed.
  param_.round_type = desc.GetAttrOr<int32_t>("round_type", kind.linear ? 0 : 1);
  PLITE_CHECK(param_.round_type == 0 || param_.round_type == 1, "op '", Type(),
              "': round_type ", param_.round_type, " is not 0 (ties to even) or 1 (ties away)");
}

void FakeQuantizeOp::AttachScales(const cpp::OpDesc& desc, Scope* scope) {
  const Kind& kind = KindOf(Type());
  if (kind.scale_from == ScaleFrom::kChannelAbsMax) {
    param_.channel_axis = desc.GetAttrOr<int32_t>("quant_axis", 0);
  }
  if (kind.scale_from != ScaleFrom::kInput) return;
  for (Tensor* t : GetInputTensors(desc, scope, kind.scale_input)) param_.scales.push_back(t);
  PLITE_CHECK(!param_.scales.empty(), "op '", Type(), "': input '", kind.scale_input,
              "' is missing");
  if (Type() == "fake_channel_wise_dequantize_max_abs") {
    PLITE_CHECK(param_.scales.size() <= 2, "op '", Type(), "': Scales holds ",
                param_.scales.size(), " tensors, not 1 or 2");
    // One scale: the weight's, per channel along quant_axis. Two: a conv/fc output's, per
    // channel along x_num_col_dims, times the activation's one scale.
    param_.channel_axis = param_.scales.size() == 1
                              ? desc.GetAttrOr<int32_t>("quant_axis", 0)
                              : desc.GetAttrOr<int32_t>("x_num_col_dims", 1);
  } else if (kind.linear) {
    param_.channel_axis = desc.GetAttrOr<int32_t>("quant_axis", 0);  // < 0: per tensor
  }
}

bool FakeQuantizeOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  const Kind& kind = KindOf(Type());
  param_ = FakeQuantizeParam();
  param_.mode = kind.mode;
  param_.scale_from = kind.scale_from;
  param_.x = GetInputTensor(desc, scope, "X");
  param_.out = GetOutputTensor(desc, scope, kind.linear ? "Y" : "Out");
  AttachScales(desc, scope);
  ReadRange(desc);
  if (kind.linear) param_.only_observer = desc.GetAttrOr<bool>("only_observer", false);
  if (kind.scale_from != ScaleFrom::kInput && desc.HasOutput("OutScale") &&
      !desc.Output("OutScale").empty()) {
    Tensor* out_scale = GetOutputTensor(desc, scope, "OutScale");
    if (!out_scale->persistable()) param_.out_scale = out_scale;
  }
  return true;
}

bool FakeQuantizeOp::CheckShape() const {
  const DDim& x = param_.x->dims();
  const int axis = param_.channel_axis;
  if (axis >= 0) {
    PLITE_CHECK(axis < static_cast<int>(x.size()), "op '", Type(), "': the channel axis ", axis,
                " is outside X ", x);
  }
  if (param_.scale_from != ScaleFrom::kInput) return true;
  const int64_t channels = axis >= 0 ? x[axis] : 1;
  const int64_t numel = param_.scales[0]->numel();
  // A linear op with one scale quantizes the whole tensor whatever its quant_axis.
  PLITE_CHECK(numel == channels || (numel == 1 && axis >= 0 && param_.scales.size() == 1),
              "op '", Type(), "': ",
              axis >= 0 ? StrCat("one scale per channel of axis ", axis, " of X ", x, " (",
                                 channels, ")")
                        : std::string("one scale"),
              " expected, the scale has ", numel);
  if (param_.scales.size() == 2) {
    PLITE_CHECK(param_.scales[1]->numel() == 1, "op '", Type(),
                "': the second of Scales must hold one value, it has ",
                param_.scales[1]->numel());
  }
  return true;
}

bool FakeQuantizeOp::InferShapeImpl() const {
  param_.out->Resize(param_.x->dims());
  param_.out->set_lod(param_.x->lod());
  if (param_.out_scale) {
    const int axis = param_.channel_axis;
    param_.out_scale->Resize(DDim({axis >= 0 ? param_.x->dims()[axis] : 1}));
  }
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

// One line: the registration list generator reads a registration's first line only.
REGISTER_LITE_OPS((fake_quantize_dequantize_moving_average_abs_max, fake_quantize_dequantize_abs_max, fake_channel_wise_quantize_dequantize_abs_max, fake_quantize_moving_average_abs_max, fake_quantize_range_abs_max, fake_quantize_abs_max, fake_channel_wise_quantize_abs_max, fake_dequantize_max_abs, fake_channel_wise_dequantize_max_abs, quantize_linear, dequantize_linear), paddle::lite::operators::FakeQuantizeOp);
