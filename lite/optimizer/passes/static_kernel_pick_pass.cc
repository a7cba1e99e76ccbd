// static_kernel_pick_pass: picks one registered kernel per op, in execution order.
//
// Candidates are the op's kernels whose target is among the valid places (host kernels
// are always candidates: they are the portable fallback), whose CPU features this CPU
// has (an AVX2 kernel is never picked on a CPU without AVX2), whose registration's
// condition holds for the op (KernelInfo::applies), whose image arguments (OpenCL) are not
// declared with a rank above 4 (an image holds four dims) and whose declared Paddle op versions
// include the one the model records for the op type (BindPaddleOpVersion; a kernel without
// a range, or an op type the model records no version for, always matches). Each is scored:
//   + 100000 x (rank of its provider: the app's providers in its order
//          (CxxConfig::set_kernel_providers), then the built-in kernels, then other
//          providers' kernels, which serve op types plite lacks),
//   + 1000 per input whose known precision the kernel accepts as declared (a kernel that
//          would need a calib cast on its inputs loses to one that needs none), or that a
//          cast between two precisions of valid places turns into it: listing
//          {arm fp16, arm float} asks for fp32 <-> fp16 calib casts, so an fp16 kernel
//          reading fp32 values does not lose to an fp32 one for that (and the next term
//          picks the precision listed first); not for a kernel that only moves values
//          (KernelInfo::moves_data_only: a concat follows its inputs' precision),
//   + 10 x (priority of its target in valid_places, earlier is higher),
//   + 2 when its precision and + 1 when its layout equal that place's.
// Ties keep registration order. Picking fixes output types, which the next ops read.
// An op named by the graph's keep_fp32_ops (its type, or a variable it writes) has no fp16
// candidates: a mixed plan keeps the layers whose rounding the model amplifies in fp32.
// An op named by keep_cpu_ops (its type, or a variable it reads or writes) has no device
// candidates: its tensors are too large for the device's images.
// An op marked enable_int8 (int8_quantize_pass) has only int8 candidates: its weight holds
// int8 values that a float kernel would misread.
#include <set>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/optimizer/graph_op_view.h"
#include "lite/optimizer/pass.h"
#include "lite/optimizer/passes/type_inference.h"

namespace paddle {
namespace lite {
namespace mir {

class StaticKernelPickPass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    InferSourceTypes(graph);
    const std::vector<std::string>& fp32 = graph->keep_fp32_ops();
    const std::vector<std::string>& cpu = graph->keep_cpu_ops();
    std::set<std::string> fp32_unmatched(fp32.begin(), fp32.end());
    std::set<std::string> cpu_unmatched(cpu.begin(), cpu.end());
    for (Node* stmt : graph->StmtTopologicalOrder()) {
      Pick(graph, stmt, Names(*stmt, fp32, false, &fp32_unmatched),
           Names(*stmt, cpu, true, &cpu_unmatched));
      InferOutputTypes(graph, stmt);
    }
    const char* renamed =
        " in the optimized program (fusions rename: a conv fused with its activation writes "
        "the activation's output)";
    PLITE_CHECK(fp32_unmatched.empty(), "keep_fp32_ops: ", JoinSet(fp32_unmatched),
                " names no op type of the program and no variable an op writes", renamed);
    PLITE_CHECK(cpu_unmatched.empty(), "keep_cpu_ops: ", JoinSet(cpu_unmatched),
                " names no op type of the program and no variable an op reads or writes",
                renamed);
  }

 private:
  static std::string JoinSet(const std::set<std::string>& names) {
    return Join(std::vector<std::string>(names.begin(), names.end()), ", ");
  }

  // Whether `list` names the op's type or one of its outputs (or inputs, with `inputs`);
  // erases what it names from `unmatched`.
  static bool Names(const Node& stmt, const std::vector<std::string>& list, bool inputs,
                    std::set<std::string>* unmatched) {
    bool named = false;
    for (const std::string& entry : list) {
      bool hit = entry == stmt.desc.Type();
      for (const Node* out : stmt.outlinks) hit = hit || out->name == entry;
      if (inputs) {
        for (const Node* in : stmt.inlinks) hit = hit || in->name == entry;
      }
      if (hit) unmatched->erase(entry);
      named = named || hit;
    }
    return named;
  }

  static void Pick(SSAGraph* graph, Node* stmt, bool keep_fp32, bool keep_cpu) {
    const auto& places = graph->valid_places();
    stmt->candidates.clear();
    stmt->picked = nullptr;
    int best = -1;
    std::vector<std::string> registered;
    std::vector<std::string> other_versions;  // kernels left out only for the op version
    const GraphOpView view(*graph, *stmt);
    const bool int8_op = stmt->desc.GetAttrOr<bool>("enable_int8", false);
    for (const KernelInfo* info : KernelRegistry::Global().Kernels(stmt->desc.Type())) {
      const bool applies =
          info->AppliesTo(view) && (!int8_op || info->place.precision == PrecisionType::kInt8);
      registered.push_back(info->place.DebugString() + (applies ? "" : " (not for this op)"));
      const int rank = TargetRank(places, info->place.target);
      if (rank < 0 || !info->RunsOnThisCpu() || !applies) continue;
      if (keep_fp32 && info->place.precision == PrecisionType::kFP16) continue;
      if (keep_cpu && !IsHostMemory(info->place.target)) continue;
      if (!info->ImplementsModelVersion(graph->op_versions())) {
        other_versions.push_back(StrCat(info->DeclaredOpVersions()->ToString(), " (",
                                        info->place.DebugString(), ")"));
        continue;
      }
      auto kernel = KernelRegistry::Create(*info);
      if (!ImagesHoldKnownRanks(*stmt, view, *kernel)) continue;
      int score = 100000 * ProviderPreference(graph->kernel_providers(), info->provider);
      score += 10 * (static_cast<int>(places.size()) + 1 - rank);
      if (rank < static_cast<int>(places.size())) {
        if (info->place.precision == places[rank].precision) score += 2;
        if (info->place.layout == places[rank].layout) score += 1;
      }
      for (const Node* in : stmt->inlinks) {
        const Type decl = kernel->GetInputDeclType(InputParamOf(*stmt, in->name));
        const PrecisionType actual = KnownPrecision(graph, *in);
        const bool cast_is_free = !info->moves_data_only &&
                                  ListsPrecision(places, decl.precision) &&
                                  ListsPrecision(places, actual);
        if (actual == PrecisionType::kUnk || PrecisionCompatible(decl.precision, actual) ||
            cast_is_free) {
          score += 1000;
        }
      }
      stmt->candidates.push_back(std::move(kernel));
      if (score > best) {
        best = score;
        stmt->picked = stmt->candidates.back().get();
      }
    }
    if (!stmt->picked && !other_versions.empty()) {
      const std::string& type = stmt->desc.Type();
      const int32_t version = graph->op_versions().at(type);
      PLITE_THROW("op '", type, "': the model records version ", version,
                  "; kernels for it implement versions ", Join(other_versions, ", "),
                  " — use a build whose kernels implement version ", version,
                  ", or export the model with a Paddle that saves this op at a version they "
                  "implement");
    }
    if (!stmt->picked) {
      // Checked only now: a device check may start the device's runtime.
      const auto kernels = KernelRegistry::Global().Kernels(stmt->desc.Type());
      for (size_t i = 0; i < kernels.size() && i < registered.size(); ++i) {
        if (!kernels[i]->RunsOnThisCpu()) {
          registered[i] +=
              StrCat(" (needs ", kernels[i]->cpu_feature, ", which this machine lacks)");
        }
      }
      std::vector<std::string> wanted;
      for (const auto& p : places) wanted.push_back(p.DebugString());
      PLITE_THROW("no kernel for op '", stmt->desc.Type(), "' on the valid places [",
                  Join(wanted, ", "), "]", keep_fp32 ? " other than fp16 (keep_fp32_ops)" : "",
                  keep_cpu ? " on the CPU (keep_cpu_ops)" : "",
                  int8_op ? " in int8 (the op is marked enable_int8)" : "",
                  "; this build has kernels for [", Join(registered, ", "), "]");
    }
  }

  // Whether no argument the kernel takes as an image is declared with a rank above 4.
  static bool ImagesHoldKnownRanks(const Node& stmt, const GraphOpView& view,
                                   const KernelBase& kernel) {
    for (const Node* in : stmt.inlinks) {
      const Type decl = kernel.GetInputDeclType(InputParamOf(stmt, in->name));
      if (IsImageLayout(decl.layout) && view.Rank(in->name) > 4) return false;
    }
    for (const Node* out : stmt.outlinks) {
      const Type decl = kernel.GetOutputDeclType(OutputParamOf(stmt, out->name));
      if (IsImageLayout(decl.layout) && view.Rank(out->name) > 4) return false;
    }
    return true;
  }

  // Higher for preferred providers: listed ones in order, then built-in, then the rest.
  static int ProviderPreference(const std::vector<std::string>& providers,
                                const std::string& provider) {
    const int n = static_cast<int>(providers.size());
    for (int i = 0; i < n; ++i) {
      if (providers[i] == provider) return n + 2 - i;
    }
    return provider == kBuiltinProvider ? 1 : 0;
  }

  static bool ListsPrecision(const std::vector<Place>& places, PrecisionType precision) {
    for (const Place& p : places) {
      if (p.precision == precision) return true;
    }
    return false;
  }

  // Position of the first valid place on `target`; host comes last when not listed.
  static int TargetRank(const std::vector<Place>& places, TargetType target) {
    for (size_t i = 0; i < places.size(); ++i) {
      if (places[i].target == target) return static_cast<int>(i);
    }
    return target == TargetType::kHost ? static_cast<int>(places.size()) : -1;
  }
};

// variable_place_inference_pass: recomputes every arg's type from the picked kernels
// (passes after kernel picking may have changed the graph).
class VariablePlaceInferencePass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    for (auto& n : graph->nodes()) {
      if (n.IsArg()) n.type_known = false;
    }
    InferSourceTypes(graph);
    for (Node* stmt : graph->StmtTopologicalOrder()) {
      PLITE_CHECK(stmt->picked, "op '", stmt->desc.Type(), "' has no picked kernel");
      InferOutputTypes(graph, stmt);
    }
  }
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(static_kernel_pick_pass, paddle::lite::mir::StaticKernelPickPass);
REGISTER_MIR_PASS(variable_place_inference_pass, paddle::lite::mir::VariablePlaceInferencePass);
