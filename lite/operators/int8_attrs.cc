#include "lite/operators/int8_attrs.h"

#include <cmath>
#include <vector>

#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace operators {

Int8Scales ReadInt8Scales(const cpp::OpDesc& desc, const std::string& input_arg,
                          const std::string& weight_arg) {
  Int8Scales s;
  if (!desc.GetAttrOr<bool>("enable_int8", false)) return s;
  const std::string& op = desc.Type();
  const std::string in_attr = input_arg + "0_scale", w_attr = weight_arg + "0_scale";
  PLITE_CHECK(desc.HasAttr(in_attr) && desc.HasAttr(w_attr), "op '", op,
              "': enable_int8 needs the attributes ", in_attr, " and ", w_attr);
  const auto in = desc.GetAttr<std::vector<float>>(in_attr);
  PLITE_CHECK(in.size() == 1 && in[0] > 0.f && std::isfinite(in[0]), "op '", op, "': ", in_attr,
              " must be one positive finite scale, got ", in);
  s.input = in[0];
  s.weight = desc.GetAttr<std::vector<float>>(w_attr);
  for (float v : s.weight) {
    PLITE_CHECK(std::isfinite(v), "op '", op, "': ", w_attr, " holds a non-finite scale");
  }
  s.round_type = desc.GetAttrOr<int32_t>("quant_round_type", 1);
  PLITE_CHECK(s.round_type == 0 || s.round_type == 1, "op '", op, "': quant_round_type ",
              s.round_type, " is not 0 (ties to even) or 1 (ties away)");
  if (desc.HasAttr("Output0_scale")) {
    const auto out = desc.GetAttr<std::vector<float>>("Output0_scale");
    PLITE_CHECK(out.size() == 1 && out[0] > 0.f && std::isfinite(1.f / out[0]), "op '", op,
                "': Output0_scale must be one positive scale with a finite inverse, got ", out);
    s.output = out[0];
  }
  s.enabled = true;
  return s;
}

void CheckInt8Weight(const std::string& op, const Int8Scales& scales, const Tensor& weight,
                     int64_t out_channels) {
  if (!scales.enabled) return;
  PLITE_CHECK(weight.precision() == PrecisionType::kInt8, "op '", op,
              "': enable_int8 needs an int8 weight, got ", PrecisionToStr(weight.precision()));
  PLITE_CHECK(static_cast<int64_t>(scales.weight.size()) == out_channels, "op '", op, "': ",
              scales.weight.size(), " weight scales for ", out_channels, " output channels");
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
