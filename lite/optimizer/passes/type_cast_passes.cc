// The cast passes: where an arg's type differs from what its reader's kernel declared,
// insert a cast op whose kernel converts exactly that difference.
//   type_target_cast_pass    -> io_copy (target),    io_copy_once for weights
//   type_precision_cast_pass -> calib   (precision), calib_once
//   type_layout_cast_pass    -> layout  (layout),    layout_once
// Cast kernels are ordinary registered kernels, found by their declared from/to types;
// among those that run on this CPU the one on the earliest valid target is taken (with
// {arm fp16, arm float, host} the ARM calib, not the host one).
// One cast per (arg, wanted type) is shared by all readers that want it.
// A value in a layout no cast kernel of this field reads (an OpenCL image meeting a CPU
// kernel, an NCHW4c value meeting an fp16 kernel) is first reordered into NCHW by a layout
// kernel of its own target and precision.
// The model's outputs keep their names and precision: where a fetch needs a cast (an
// OpenCL image to host memory, or an fp16 value of a var the model declares fp32, which a
// reduced-precision plan leaves and fetch itself would take), the producer writes a var of
// its own and the cast writes the model's var, so an app fetches the float outputs, by the
// names, it always did.
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
        Type want = stmt->picked->GetInputDeclType(param);
        if (FetchesReducedOutput(*graph, *stmt, *in)) want.precision = PrecisionType::kFloat;
        if (Compatible(want, in->type)) continue;
        if (stmt->desc.Type() == "fetch" && !in->inlinks.empty()) {
          // The producer's value takes a name of its own; the cast writes the model's var.
          const std::string name = in->name;
          RenameArg(graph, in, name + Suffix(in->type, "/"));
          RewireInput(graph, stmt, in, CastFor(graph, in, want, *stmt, name));
          continue;
        }
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

  // Whether `reader` fetches an fp16 value some op computed for a var the model declares
  // fp32 (the precision pass casts it back).
  static bool FetchesReducedOutput(const SSAGraph& graph, const Node& reader, const Node& in) {
    if (Field != CastField::kPrecision || reader.desc.Type() != "fetch" ||
        in.type.precision != PrecisionType::kFP16 || in.inlinks.empty()) {
      return false;
    }
    const cpp::VarDesc* var = graph.FindVarDesc(in.name);
    return var && var->kind == cpp::VarKind::kLodTensor && var->precision == PrecisionType::kFloat;
  }

  // Renames the value `arg` holds in its producer and readers.
  static void RenameArg(SSAGraph* graph, Node* arg, const std::string& name) {
    const auto rename = [&](cpp::OpDesc::ArgMap* args) {
      for (auto& kv : *args) {
        for (auto& n : kv.second) {
          if (n == arg->name) n = name;
        }
      }
    };
    graph->scope()->Var(name)->GetMutable<Tensor>();
    for (Node* producer : arg->inlinks) {
      rename(producer->desc.mutable_outputs());
      graph->ResetStmt(producer);
    }
    for (Node* reader : arg->outlinks) {
      rename(reader->desc.mutable_inputs());
      graph->ResetStmt(reader);
    }
    arg->name = name;
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

  static std::string Suffix(const Type& t, const char* prefix = "/to_") {
    switch (Field) {
      case CastField::kTarget: return prefix + lite_api::TargetToStr(t.target);
      case CastField::kPrecision: return prefix + lite_api::PrecisionToStr(t.precision);
      case CastField::kLayout: return prefix + lite_api::DataLayoutToStr(t.layout);
    }
    return "";
  }

  // A cast kernel converting `from` into `to` (exactly in this field, compatibly else) that
  // runs on this CPU: the first registered on the earliest target of `places` (any other
  // target after those).
  static const KernelInfo* FindCastKernel(const std::string& op_type, const Type& from,
                                          const Type& to, const std::vector<Place>& places) {
    const KernelInfo* best = nullptr;
    size_t best_rank = 0;
    for (const KernelInfo* info : KernelRegistry::Global().Kernels(op_type)) {
      if (!info->RunsOnThisCpu()) continue;
      auto k = KernelRegistry::Create(*info);
      const Type in = k->GetInputDeclType("Input");
      const Type out = k->GetOutputDeclType("Out");
      if (!TypeCompatible(in, from) || !TypeCompatible(out, to) || Compatible(in, to)) continue;
      size_t rank = 0;
      while (rank < places.size() && places[rank].target != info->place.target) ++rank;
      if (!best || rank < best_rank) {
        best = info;
        best_rank = rank;
      }
    }
    return best;
  }

  // The cast of `in` to what `want` asks in this pass's field, shared by the readers that
  // want the same; one writing a given `out_name` (a model output) is its reader's own.
  Node* CastFor(SSAGraph* graph, Node* in, const Type& want, const Node& reader,
                const std::string& out_name = "") {
    const Type to = Converted(in->type, want);
    auto key = std::make_pair(in, to.DebugString());
    auto it = casts_.find(key);
    if (out_name.empty() && it != casts_.end()) return it->second;

    const std::string op_type = CastOpType(in->persistable);
    const auto& places = graph->valid_places();
    const KernelInfo* info = FindCastKernel(op_type, in->type, to, places);
    Node* from = in;
    if (!info && Field != CastField::kLayout && in->type.layout != DataLayoutType::kNCHW) {
      // Calibs and io_copies convert planar tensors: a blocked fp32 value read by an fp16
      // kernel (a convolution kept fp32 before one planned fp16), or an image read on the
      // CPU, is reordered into NCHW on its own target, in its own precision, first.
      from = TypeCastPass<CastField::kLayout>::PlanarCopy(graph, in);
      if (from) info = FindCastKernel(op_type, from->type, Converted(from->type, want), places);
    }
    PLITE_CHECK(info != nullptr, "op '", reader.desc.Type(), "' reads '", in->name, "' as ",
                want.DebugString(), " but it is ", in->type.DebugString(), ", and this build has no ",
                op_type, " kernel from ", in->type.DebugString(), " to ", to.DebugString());
    Node* out_arg = AddCast(graph, from, *info, Converted(from->type, want), out_name);
    if (out_name.empty()) casts_[key] = out_arg;
    return out_arg;
  }

  // A cast op running `info` that converts `in` into `to` and writes `out_name` (a name of
  // its own when empty).
  static Node* AddCast(SSAGraph* graph, Node* in, const KernelInfo& info, const Type& to,
                       const std::string& out_name) {
    const std::string out = out_name.empty() ? in->name + Suffix(to) : out_name;
    graph->scope()->Var(out)->GetMutable<Tensor>();
    cpp::OpDesc desc(CastOpType(in->persistable));
    desc.SetInput("Input", {in->name});
    desc.SetOutput("Out", {out});
    Node* cast = graph->NewStmt(desc);
    cast->candidates.push_back(KernelRegistry::Create(info));
    cast->picked = cast->candidates.back().get();
    Node* out_arg = graph->NewArg(out);
    out_arg->persistable = false;
    graph->Link(in, cast);
    graph->Link(cast, out_arg);
    // The input's type, changed in this field only (a cast kernel's kAny fields follow its
    // input, whatever the model declares for a var the cast writes).
    out_arg->type = to;
    out_arg->type_known = true;
    return out_arg;
  }

  // `in` reordered into NCHW, or null where no layout kernel does that.
  static Node* PlanarCopy(SSAGraph* graph, Node* in) {
    Type planar = in->type;
    planar.layout = DataLayoutType::kNCHW;
    const KernelInfo* info =
        FindCastKernel(CastOpType(in->persistable), in->type, planar, graph->valid_places());
    return info ? AddCast(graph, in, *info, planar, "") : nullptr;
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

  template <CastField>
  friend class TypeCastPass;
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
