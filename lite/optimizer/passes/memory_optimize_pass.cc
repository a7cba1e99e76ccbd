// memory_optimize_pass: activations whose lifetimes do not overlap share one tensor.
//
// Walking the ops in execution order, each activation gets a lifetime [def, last use].
// An activation defined after another's last use takes over that one's var (the ops'
// descs are renamed), so its buffer is reused; the buffer grows to the largest user.
// Left alone: weights, the feed list and feed outputs (they view the user's input; an op
// whose output views its input must not be folded into a reused buffer either, since the
// buffer's next user would overwrite what the view still shows),
// fetch inputs (the user's results), outputs of the run-once casts on weights (they must
// survive between runs), vars written more than once, and non-CPU targets.
// A renamed output's producer keeps the model's names in kModelOutputsAttr, so run-time
// errors still name the variable the app knows.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "lite/core/program.h"
#include "lite/optimizer/pass.h"

namespace paddle {
namespace lite {
namespace mir {

namespace {

struct Lifetime {
  Node* arg{nullptr};
  int def{0};
  int last_use{0};
};

void RenameArg(SSAGraph* graph, Node* arg, const std::string& to) {
  auto rename = [&](cpp::OpDesc::ArgMap* args) {
    for (auto& kv : *args) {
      for (auto& name : kv.second) {
        if (name == arg->name) name = to;
      }
    }
  };
  for (Node* producer : arg->inlinks) {
    // Before its first rename an op's outputs still carry the model's names.
    if (!producer->desc.HasAttr(kModelOutputsAttr)) {
      producer->desc.SetAttr(kModelOutputsAttr, producer->desc.OutputArgumentNames());
    }
    rename(producer->desc.mutable_outputs());
  }
  for (Node* consumer : arg->outlinks) rename(consumer->desc.mutable_inputs());
  arg->name = to;
}

}  // namespace

class MemoryOptimizePass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    const std::vector<Node*> order = graph->StmtTopologicalOrder();
    std::map<Node*, int> position;
    for (size_t i = 0; i < order.size(); ++i) position[order[i]] = static_cast<int>(i);

    std::map<std::string, int> writes;  // names written more than once stay as they are
    for (Node* stmt : order) {
      for (Node* out : stmt->outlinks) ++writes[out->name];
    }

    std::vector<Lifetime> lifetimes;
    for (Node* stmt : order) {
      if (stmt->desc.Type() == "feed") continue;
      for (Node* out : stmt->outlinks) {
        if (!Reusable(graph, out, writes)) continue;
        Lifetime life{out, position[stmt], position[stmt]};
        for (Node* reader : out->outlinks) life.last_use = std::max(life.last_use, position[reader]);
        lifetimes.push_back(life);
      }
    }

    // Greedy assignment in definition order: take the var whose lifetime ended first.
    struct Slot {
      std::string name;
      int free_after;
      TargetType target;
    };
    std::vector<Slot> slots;
    std::set<Node*> touched;
    for (const Lifetime& life : lifetimes) {
      Slot* reuse = nullptr;
      for (Slot& slot : slots) {
        if (slot.free_after < life.def && slot.target == life.arg->type.target &&
            (!reuse || slot.free_after < reuse->free_after)) {
          reuse = &slot;
        }
      }
      if (!reuse) {
        slots.push_back({life.arg->name, life.last_use, life.arg->type.target});
        continue;
      }
      reuse->free_after = life.last_use;
      for (Node* n : life.arg->inlinks) touched.insert(n);
      for (Node* n : life.arg->outlinks) touched.insert(n);
      RenameArg(graph, life.arg, reuse->name);
    }
    for (Node* stmt : touched) graph->ResetStmt(stmt);
  }

 private:
  static bool Reusable(SSAGraph* graph, Node* arg, const std::map<std::string, int>& writes) {
    if (arg->persistable || !arg->type_known || !IsHostMemory(arg->type.target)) return false;
    if (writes.at(arg->name) > 1) return false;
    for (Node* producer : arg->inlinks) {
      if (EndsWith(producer->desc.Type(), "_once")) return false;
    }
    const cpp::VarDesc* var = graph->FindVarDesc(arg->name);
    if (var && var->kind != cpp::VarKind::kLodTensor) return false;
    for (Node* reader : arg->outlinks) {
      if (reader->desc.Type() == "fetch") return false;
    }
    return true;
  }
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(memory_optimize_pass, paddle::lite::mir::MemoryOptimizePass);
