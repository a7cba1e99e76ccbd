// identity_op_eliminate_pass: removes the ops that are the identity at inference, so no
// kernel runs (and no tensor is copied) for them:
//   - dropout with dropout_implementation "upscale_in_train", or "downgrade_in_infer" with
//     dropout_prob 0;
//   - scale with scale 1 and bias 0 (either bias_after_scale) and no ScaleTensor input.
// A "downgrade_in_infer" dropout with dropout_prob p > 0 becomes scale(1 - p), the same
// product, when a host float scale kernel is registered.
//
// The consumers of the op's Out then read its X. When Out is fetched its name is the
// user's output name, so X's producer writes Out instead (and X's other readers read Out);
// that needs a producer other than feed and an X that is not fetched itself. Ops are kept
// when Out or X is persistable, when their name is written more than once (renaming could
// move a value past another write of the name), when another output (dropout's Mask) or an
// extra input (Seed) is in use, or when the fetch/feed contract leaves no name to keep.
#include <algorithm>
#include <string>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/optimizer/pass.h"
#include "lite/optimizer/passes/fuse_util.h"

namespace paddle {
namespace lite {
namespace mir {

namespace {

enum class Inference { kKeep, kIdentity, kScale };

struct Verdict {
  Inference what{Inference::kKeep};
  float factor{1.f};  // for kScale
};

bool HasHostFloatScaleKernel() {
  if (!OpRegistry::Global().Has("scale")) return false;
  for (const KernelInfo* k : KernelRegistry::Global().Kernels("scale")) {
    if (k->place.target == TargetType::kHost && k->place.precision == PrecisionType::kFloat) {
      return true;
    }
  }
  return false;
}

// Attribute defaults match the ops' own (dropout_op.cc, scale_op.cc).
Verdict Classify(const cpp::OpDesc& desc) {
  if (desc.Type() == "dropout") {
    if (!desc.GetAttrOr<bool>("is_test", true)) return {};
    const std::string impl =
        desc.GetAttrOr<std::string>("dropout_implementation", "downgrade_in_infer");
    const float prob = desc.GetAttrOr<float>("dropout_prob", 0.5f);
    if (impl == "upscale_in_train") return {Inference::kIdentity, 1.f};
    if (impl != "downgrade_in_infer") return {};
    if (prob == 0.f) return {Inference::kIdentity, 1.f};
    return {Inference::kScale, 1.f - prob};
  }
  if (desc.Type() == "scale") {
    if (desc.HasInput("ScaleTensor")) return {};
    if (desc.GetAttrOr<float>("scale", 1.f) == 1.f && desc.GetAttrOr<float>("bias", 0.f) == 0.f) {
      return {Inference::kIdentity, 1.f};
    }
  }
  return {};
}

// Number of arg nodes named `name`: 1 when the name is written at most once and never read
// before that write.
int ArgCount(SSAGraph* graph, const std::string& name) {
  int count = 0;
  for (const Node& n : graph->nodes()) count += n.IsArg() && n.name == name;
  return count;
}

// Removes `stmt` and its outputs other than `keep`.
void RemoveStmt(SSAGraph* graph, Node* stmt, const Node* keep) {
  for (Node* out : std::vector<Node*>(stmt->outlinks)) {
    if (out != keep) graph->Remove(out);
  }
  graph->Remove(stmt);
}

// `stmt` computes Out = X; true if it was removed.
bool Eliminate(SSAGraph* graph, Node* stmt) {
  const auto& xs = stmt->desc.Input("X");
  const auto& outs = stmt->desc.Output("Out");
  if (xs.size() != 1 || outs.size() != 1 || xs[0] == outs[0]) return false;
  Node* x = InputOf(stmt, "X");
  Node* out = OutputOf(stmt, "Out");
  if (!x || !out || x->persistable || out->persistable) return false;
  if (ArgCount(graph, x->name) != 1 || ArgCount(graph, out->name) != 1) return false;

  if (!ReadByFetch(out)) {
    MoveReaders(graph, out, x, nullptr);
    RemoveStmt(graph, stmt, nullptr);
    return true;
  }
  // Out's name is a user-visible output: the producer of X writes it instead.
  Node* producer = x->inlinks.size() == 1 ? x->inlinks[0] : nullptr;
  if (!producer || producer->desc.Type() == "feed" || ReadByFetch(x)) return false;
  const auto written = producer->desc.OutputArgumentNames();
  if (std::count(written.begin(), written.end(), x->name) != 1) return false;
  for (auto& param : *producer->desc.mutable_outputs()) {
    std::replace(param.second.begin(), param.second.end(), x->name, out->name);
  }
  graph->Unlink(stmt, out);
  graph->Unlink(producer, x);
  graph->Link(producer, out);
  MoveReaders(graph, x, out, stmt);
  RemoveStmt(graph, stmt, nullptr);
  graph->Remove(x);
  graph->ResetStmt(producer);
  return true;
}

// A downgrade_in_infer dropout becomes scale(factor), which computes X * factor alike.
void ToScale(SSAGraph* graph, Node* stmt, float factor) {
  cpp::OpDesc scale("scale");
  scale.SetInput("X", stmt->desc.Input("X"));
  scale.SetOutput("Out", stmt->desc.Output("Out"));
  scale.SetAttr<float>("scale", factor);
  scale.SetAttr<float>("bias", 0.f);
  scale.SetAttr<bool>("bias_after_scale", true);
  Node* out = OutputOf(stmt, "Out");
  for (Node* arg : std::vector<Node*>(stmt->outlinks)) {
    if (arg != out) graph->Remove(arg);  // Mask, unread
  }
  stmt->desc = scale;
  graph->ResetStmt(stmt);
}

}  // namespace

class IdentityOpEliminatePass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    const bool can_scale = HasHostFloatScaleKernel();
    // Producers first, so a chain of identities collapses one link at a time.
    for (Node* stmt : graph->StmtTopologicalOrder()) {
      const Verdict v = Classify(stmt->desc);
      if (v.what == Inference::kKeep || !OtherOutputsUnused(stmt, "Out")) continue;
      // Every input must be X (dropout's optional Seed is not).
      const Node* x = InputOf(stmt, "X");
      if (!x || std::any_of(stmt->inlinks.begin(), stmt->inlinks.end(),
                            [x](const Node* in) { return in != x; })) {
        continue;
      }
      if (v.what == Inference::kIdentity) {
        Eliminate(graph, stmt);
      } else if (can_scale && OutputOf(stmt, "Out")) {
        ToScale(graph, stmt, v.factor);
      }
    }
  }
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(identity_op_eliminate_pass, paddle::lite::mir::IdentityOpEliminatePass);
