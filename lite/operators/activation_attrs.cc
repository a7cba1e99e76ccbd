#include "lite/operators/activation_attrs.h"

#include <cmath>

#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {

// A float parameter: its Paddle attribute name and the descriptor field it sets (whose
// default in Activation{} is Paddle's).
struct FloatAttr {
  const char* name;
  float Activation::*field;
};

// One activation op type: its kind and parameters (at most three floats and one bool).
// `host_only` kinds have no x86 vector form (ActivationSupported is false): they run as
// standalone ops on host and are never fused.
struct ActivationOp {
  const char* type;
  ActivationType kind;
  FloatAttr floats[3];
  const char* bool_name;
  bool Activation::*bool_field;
  bool host_only;
};

const ActivationOp kActivationOps[] = {
    {"relu", ActivationType::kRelu, {}, nullptr, nullptr, false},
    {"relu6", ActivationType::kRelu6, {{"threshold", &Activation::relu6_threshold}}, nullptr,
     nullptr, false},
    {"leaky_relu", ActivationType::kLeakyRelu, {{"alpha", &Activation::leaky_relu_alpha}},
     nullptr, nullptr, false},
    {"sigmoid", ActivationType::kSigmoid, {}, nullptr, nullptr, false},
    {"tanh", ActivationType::kTanh, {}, nullptr, nullptr, false},
    {"swish", ActivationType::kSwish, {{"beta", &Activation::swish_beta}}, nullptr, nullptr,
     false},
    {"exp", ActivationType::kExp, {}, nullptr, nullptr, false},
    {"abs", ActivationType::kAbs, {}, nullptr, nullptr, false},
    {"hard_swish",
     ActivationType::kHardSwish,
     {{"threshold", &Activation::hard_swish_threshold},
      {"scale", &Activation::hard_swish_scale},
      {"offset", &Activation::hard_swish_offset}},
     nullptr,
     nullptr,
     false},
    {"hard_sigmoid",
     ActivationType::kHardSigmoid,
     {{"slope", &Activation::hard_sigmoid_slope}, {"offset", &Activation::hard_sigmoid_offset}},
     nullptr,
     nullptr,
     false},
    {"gelu", ActivationType::kGelu, {}, "approximate", &Activation::gelu_approximate, false},
    // log and softplus would need a vector log, which the x86 vector form lacks; mish is
    // rare after conv in the models we run. Host-only until a backend needs them fused.
    {"log", ActivationType::kLog, {}, nullptr, nullptr, true},
    {"softplus",
     ActivationType::kSoftPlus,
     {{"beta", &Activation::softplus_beta}, {"threshold", &Activation::softplus_threshold}},
     nullptr,
     nullptr,
     true},
    {"mish", ActivationType::kMish, {{"threshold", &Activation::mish_threshold}}, nullptr,
     nullptr, true},
};

const ActivationOp* Find(const std::string& type) {
  for (const ActivationOp& op : kActivationOps) {
    if (type == op.type) return &op;
  }
  return nullptr;
}

}  // namespace

Activation ReadActivation(const std::string& act_type, const cpp::OpDesc& desc,
                          const std::string& p) {
  const ActivationOp* op = Find(act_type);
  PLITE_CHECK(op != nullptr, "op '", desc.Type(), "': unsupported activation '", act_type, "'");
  Activation act;
  act.kind = op->kind;
  for (const FloatAttr& f : op->floats) {
    if (f.name == nullptr) break;
    const std::string name = p + f.name;
    if (!desc.HasAttr(name)) continue;
    const float value = desc.GetAttr<float>(name);
    PLITE_CHECK(std::isfinite(value), "op '", desc.Type(), "': attribute '", name, "' of ",
                act_type, " is ", value, ", expected a finite number");
    act.*f.field = value;
  }
  if (op->bool_name != nullptr && desc.HasAttr(p + op->bool_name)) {
    act.*op->bool_field = desc.GetAttr<bool>(p + op->bool_name);
  }
  PLITE_CHECK(act.kind != ActivationType::kHardSwish || act.hard_swish_scale != 0.f, "op '",
              desc.Type(), "': attribute '", p, "scale' of hard_swish is 0");
  PLITE_CHECK(act.kind != ActivationType::kSoftPlus || act.softplus_beta != 0.f, "op '",
              desc.Type(), "': attribute '", p, "beta' of softplus is 0 (it divides by beta)");
  return act;
}

Activation ReadFusedActivation(const cpp::OpDesc& desc) {
  const std::string type = desc.GetAttrOr<std::string>("act_type", "");
  if (type.empty()) return Activation{};
  PLITE_CHECK(IsFusableActivation(type), "op '", desc.Type(), "': unsupported activation '",
              type, "' in attribute 'act_type'");
  return ReadActivation(type, desc, "act_");
}

bool IsFusableActivation(const std::string& op_type) {
  const ActivationOp* op = Find(op_type);
  return op != nullptr && !op->host_only;
}

void WriteFusedActivation(const cpp::OpDesc& act_op, cpp::OpDesc* fused) {
  PLITE_CHECK(IsFusableActivation(act_op.Type()), "op '", act_op.Type(),
              "' is not an activation that can be fused");
  const Activation act = ReadActivation(act_op.Type(), act_op);
  const ActivationOp* op = Find(act_op.Type());
  fused->SetAttr<std::string>("act_type", act_op.Type());
  for (const FloatAttr& f : op->floats) {
    if (f.name == nullptr) break;
    fused->SetAttr<float>(std::string("act_") + f.name, act.*f.field);
  }
  if (op->bool_name != nullptr) {
    fused->SetAttr<bool>(std::string("act_") + op->bool_name, act.*op->bool_field);
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
