#include "lite/optimizer/passes/type_inference.h"

#include <algorithm>

namespace paddle {
namespace lite {
namespace mir {

namespace {
std::string ParamOf(const cpp::OpDesc::ArgMap& args, const std::string& var) {
  for (const auto& kv : args) {
    if (std::find(kv.second.begin(), kv.second.end(), var) != kv.second.end()) return kv.first;
  }
  return "";
}
}  // namespace

std::string InputParamOf(const Node& stmt, const std::string& var) {
  return ParamOf(stmt.desc.inputs(), var);
}

std::string OutputParamOf(const Node& stmt, const std::string& var) {
  return ParamOf(stmt.desc.outputs(), var);
}

PrecisionType KnownPrecision(SSAGraph* graph, const Node& arg) {
  if (arg.type_known) return arg.type.precision;
  if (const cpp::VarDesc* var = graph->FindVarDesc(arg.name)) {
    if (var->kind == cpp::VarKind::kLodTensor) return var->precision;
  }
  if (const Tensor* t = graph->scope()->FindTensor(arg.name)) return t->precision();
  return PrecisionType::kUnk;
}

namespace {
// Whether the stmt reads an fp16 value of a var the model declares fp32.
bool ReadsLoweredValue(SSAGraph* graph, const Node& stmt) {
  for (const Node* in : stmt.inlinks) {
    if (!in->type_known || in->type.precision != PrecisionType::kFP16) continue;
    const cpp::VarDesc* var = graph->FindVarDesc(in->name);
    if (var && var->kind == cpp::VarKind::kLodTensor && var->precision == PrecisionType::kFloat) {
      return true;
    }
  }
  return false;
}
}  // namespace

void InferSourceTypes(SSAGraph* graph) {
  for (auto& n : graph->nodes()) {
    if (!n.IsArg() || !n.inlinks.empty()) continue;
    const cpp::VarDesc* var = graph->FindVarDesc(n.name);
    const bool is_list = var && var->kind != cpp::VarKind::kLodTensor;
    n.type.target = TargetType::kHost;
    n.type.precision = is_list ? PrecisionType::kAny : KnownPrecision(graph, n);
    n.type.layout = is_list ? DataLayoutType::kAny : DataLayoutType::kNCHW;
    n.type_known = true;
  }
}

void InferOutputTypes(SSAGraph* graph, Node* stmt) {
  const KernelBase* kernel = stmt->picked;
  const Node* first_in = nullptr;
  for (const Node* in : stmt->inlinks) {
    if (in->type_known && in->type.precision != PrecisionType::kAny) {
      first_in = in;
      break;
    }
  }
  for (Node* out : stmt->outlinks) {
    const Type decl = kernel->GetOutputDeclType(OutputParamOf(*stmt, out->name));
    Type t = decl;
    if (t.target == TargetType::kAny) t.target = kernel->target();
    if (t.precision == PrecisionType::kAny) {
      const cpp::VarDesc* var = graph->FindVarDesc(out->name);
      if (var && var->kind == cpp::VarKind::kLodTensor) {
        t.precision = var->precision;
        // What a reduced-precision plan made fp16 stays fp16 through ops that pass it on
        // (flatten, reshape with its int32 shape inputs, ...): an output the model declares
        // fp32 like that input.
        if (t.precision == PrecisionType::kFloat && ReadsLoweredValue(graph, *stmt)) {
          t.precision = PrecisionType::kFP16;
        }
      } else {
        t.precision = first_in ? first_in->type.precision : PrecisionType::kFloat;
      }
    }
    if (t.layout == DataLayoutType::kAny) {
      t.layout = first_in ? first_in->type.layout : DataLayoutType::kNCHW;
      // A kAny kernel reads blocked, NHWC or image data only after a cast to NCHW
      // (LayoutCompatible).
      if (t.layout == DataLayoutType::kAny || IsExactLayout(t.layout)) {
        t.layout = DataLayoutType::kNCHW;
      }
    }
    out->type = t;
    out->type_known = true;
  }
}

}  // namespace mir
}  // namespace lite
}  // namespace paddle
