// The cast passes: where an arg's type differs from what its reader's kernel declared,
// insert a cast op whose kernel converts exactly that difference.
//   type_target_cast_pass    -> io_copy (target),    io_copy_once for weights
//   type_precision_cast_pass -> calib   (precision), calib_once
//   type_layout_cast_pass    -> layout  (layout),    layout_once
// Cast kernels are ordinary registered kernels, found by their declared from/to types.
// One cast per (arg, wanted type) is shared by all readers that want it.
#include <map>
#include <utility>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/optimizer/pass.h"
#include "lite/optimizer/passes/type_inference.h"

namespace paddle {
namespace lite {
namespace mir {

enum class CastField { kTarget, kPrecision, kLayout };

template <CastField Field>
class TypeCastPass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    casts_.clear();
    for (Node* stmt : graph->StmtTopologicalOrder()) {
      for (Node* in : std::vector<Node*>(stmt->inlinks)) {
        if (!in->type_known) continue;
        const std::string param = InputParamOf(*stmt, in->name);
        const Type want = stmt->picked->GetInputDeclType(param);
        if (Compatible(want, in->type)) continue;
        Node* cast_out = CastFor(graph, in, want, *stmt);
        RewireInput(graph, stmt, in, cast_out);
      }
    }
  }

 private:
  static const char* CastOpType(bool weight) {
    switch (Field) {
      case CastField::kTarget: return weight ? "io_copy_once" : "io_copy";
      case CastField::kPrecision: return weight ? "calib_once" : "calib";
      case CastField::kLayout: return weight ? "layout_once" : "layout";
    }
    return "";
  }

  static bool Compatible(const Type& want, const Type& have) {
    switch (Field) {
      case CastField::kTarget: return TargetCompatible(want.target, have.target);
      case CastField::kPrecision: return PrecisionCompatible(want.precision, have.precision);
      case CastField::kLayout: return LayoutCompatible(want.layout, have.layout);
    }
    return true;
  }

  // The result type of casting `have` to what `want` asks in this pass's field.
  static Type Converted(Type have, const Type& want) {
    switch (Field) {
      case CastField::kTarget: have.target = want.target; break;
      case CastField::kPrecision: have.precision = want.precision; break;
      case CastField::kLayout:
        // A kernel that takes any layout reads blocked and NHWC data as NCHW.
        have.layout = want.layout == DataLayoutType::kAny ? DataLayoutType::kNCHW : want.layout;
        break;
    }
    return have;
  }

  static std::string Suffix(const Type& t) {
    switch (Field) {
      case CastField::kTarget: return "/to_" + lite_api::TargetToStr(t.target);
      case CastField::kPrecision: return "/to_" + lite_api::PrecisionToStr(t.precision);
      case CastField::kLayout: return "/to_" + lite_api::DataLayoutToStr(t.layout);
    }
    return "";
  }

  // A cast kernel converting `from` into `to` (exactly in this field, compatibly else).
  static const KernelInfo* FindCastKernel(const std::string& op_type, const Type& from,
                                          const Type& to) {
    for (const KernelInfo* info : KernelRegistry::Global().Kernels(op_type)) {
      auto k = KernelRegistry::Create(*info);
      const Type in = k->GetInputDeclType("Input");
      const Type out = k->GetOutputDeclType("Out");
      if (TypeCompatible(in, from) && TypeCompatible(out, to) && !Compatible(in, to)) {
        return info;
      }
    }
    return nullptr;
  }

  Node* CastFor(SSAGraph* graph, Node* in, const Type& want, const Node& reader) {
    const Type to = Converted(in->type, want);
    auto key = std::make_pair(in, to.DebugString());
    auto it = casts_.find(key);
    if (it != casts_.end()) return it->second;

    const std::string op_type = CastOpType(in->persistable);
    const KernelInfo* info = FindCastKernel(op_type, in->type, to);
    PLITE_CHECK(info != nullptr, "op '", reader.desc.Type(), "' reads '", in->name, "' as ",
                want.DebugString(), " but it is ", in->type.DebugString(), ", and this build has no ",
                op_type, " kernel from ", in->type.DebugString(), " to ", to.DebugString());

    const std::string out_name = in->name + Suffix(to);
    graph->scope()->Var(out_name)->GetMutable<Tensor>();
    cpp::OpDesc desc(op_type);
    desc.SetInput("Input", {in->name});
    desc.SetOutput("Out", {out_name});
    Node* cast = graph->NewStmt(desc);
    cast->candidates.push_back(KernelRegistry::Create(*info));
    cast->picked = cast->candidates.back().get();
    Node* out = graph->NewArg(out_name);
    out->persistable = false;
    graph->Link(in, cast);
    graph->Link(cast, out);
    InferOutputTypes(graph, cast);
    out->type = Converted(out->type, to);  // the kernel's kAny fields follow the input
    casts_[key] = out;
    return out;
  }

  static void RewireInput(SSAGraph* graph, Node* stmt, Node* old_arg, Node* new_arg) {
    graph->Unlink(old_arg, stmt);
    graph->Link(new_arg, stmt);
    auto* inputs = stmt->desc.mutable_inputs();
    for (auto& kv : *inputs) {
      for (auto& name : kv.second) {
        if (name == old_arg->name) name = new_arg->name;
      }
    }
    graph->ResetStmt(stmt);
  }

  std::map<std::pair<Node*, std::string>, Node*> casts_;
};

using TypeTargetCastPass = TypeCastPass<CastField::kTarget>;
using TypePrecisionCastPass = TypeCastPass<CastField::kPrecision>;
using TypeLayoutCastPass = TypeCastPass<CastField::kLayout>;

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(type_target_cast_pass, paddle::lite::mir::TypeTargetCastPass);
REGISTER_MIR_PASS(type_precision_cast_pass, paddle::lite::mir::TypePrecisionCastPass);
REGISTER_MIR_PASS(type_layout_cast_pass, paddle::lite::mir::TypeLayoutCastPass);
