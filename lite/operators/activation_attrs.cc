#include "lite/operators/activation_attrs.h"

namespace paddle {
namespace lite {
namespace operators {

ActParam ReadActivation(const std::string& act_type, const cpp::OpDesc& desc,
                        const std::string& p) {
  ActParam act;
  if (act_type == "relu") {
    act.type = ActivationType::kRelu;
  } else if (act_type == "relu6") {
    act.type = ActivationType::kRelu6;
    act.relu6_threshold = desc.GetAttrOr<float>(p + "threshold", 6.f);
  } else if (act_type == "leaky_relu") {
    act.type = ActivationType::kLeakyRelu;
    act.leaky_alpha = desc.GetAttrOr<float>(p + "alpha", 0.02f);
  } else if (act_type == "hard_swish") {
    act.type = ActivationType::kHardSwish;
    act.hard_swish_threshold = desc.GetAttrOr<float>(p + "threshold", 6.f);
    act.hard_swish_scale = desc.GetAttrOr<float>(p + "scale", 6.f);
    act.hard_swish_offset = desc.GetAttrOr<float>(p + "offset", 3.f);
    PLITE_CHECK(act.hard_swish_scale != 0.f, "op '", desc.Type(), "': hard_swish scale is 0");
  } else if (act_type == "hard_sigmoid") {
    act.type = ActivationType::kHardSigmoid;
    act.hard_sigmoid_slope = desc.GetAttrOr<float>(p + "slope", 0.2f);
    act.hard_sigmoid_offset = desc.GetAttrOr<float>(p + "offset", 0.5f);
  } else if (act_type == "sigmoid") {
    act.type = ActivationType::kSigmoid;
  } else {
    PLITE_THROW("op '", desc.Type(), "': unsupported activation '", act_type, "'");
  }
  return act;
}

ActParam ReadFusedActivation(const cpp::OpDesc& desc) {
  const std::string type = desc.GetAttrOr<std::string>("act_type", "");
  if (type.empty()) return ActParam{};
  return ReadActivation(type, desc, "act_");
}

bool IsFusableActivation(const std::string& op_type) {
  return op_type == "relu" || op_type == "relu6" || op_type == "leaky_relu" ||
         op_type == "hard_swish" || op_type == "hard_sigmoid" || op_type == "sigmoid";
}

void WriteFusedActivation(const cpp::OpDesc& act_op, cpp::OpDesc* fused) {
  fused->SetAttr<std::string>("act_type", act_op.Type());
  for (const char* name : {"threshold", "alpha", "scale", "offset", "slope"}) {
    if (act_op.HasAttr(name)) {
      fused->SetAttr<float>(std::string("act_") + name, act_op.GetAttr<float>(name));
    }
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
