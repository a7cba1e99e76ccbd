// blocked_layout_pass: runs chains of ops in a channel-blocked layout (lite/core/
// blocked_layout.h, the block size taken from the layout) where their target offers blocked
// kernels, e.g. a pointwise convolution whose tile covers a block of output channels per
// vector at any number of pixels, or a depthwise or pooling window that reads a block per
// load.
//
// Runs after static_kernel_pick_pass, over the stmts whose picked kernel is in the plain
// NCHW layout. The blocked kernels say where they apply and how (their registrations:
// KernelInfo::applies, starts_blocked_region, blocked_channels, and which arguments they
// bind in a blocked layout); this pass knows no target, op type or kernel:
//   anchors    kernels that StartsBlockedRegion (convolutions) switch where they apply;
//   followers  other blocked kernels switch where they apply and every input they bind
//              blocked arrives blocked, in their layout, from a switched stmt.
// Switched stmts that pass blocked values between them form regions; a region needs a cast
// for each value entering it unblocked (into an input bound blocked) and each value leaving
// it to a reader that is not switched. A region needs two blocked ops per cast (a kernel
// with no input bound blocked, such as a first convolution reading the image, counts none)
// or stays plain: a lone pointwise convolution would only add two casts, and ShuffleNetV2's
// branches (pointwise, depthwise, pointwise between NCHW channel shuffles: two casts for
// three ops) ran slower blocked. An op whose plain kernel reorders around blocked loops of
// its own (ReordersAroundBlockedLoops: the x86 int8 convs on NCHW data) counts twice: run
// blocked, it saves those two reorders. Repeated until nothing changes. Switched stmts get their
// blocked kernel; type_layout_cast_pass then adds the casts.
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/optimizer/graph_op_view.h"
#include "lite/optimizer/pass.h"
#include "lite/optimizer/passes/type_inference.h"

namespace paddle {
namespace lite {
namespace mir {

namespace {

// The input arguments a kernel binds in a channel-blocked layout, and that layout.
struct BlockedArgs {
  std::vector<std::string> inputs;
  DataLayoutType layout{DataLayoutType::kUnk};
};

BlockedArgs BlockedArgsOf(const KernelInfo& info) {
  BlockedArgs args;
  for (const auto& kv : info.inputs) {
    if (IsBlockedLayout(kv.second.layout)) {
      args.inputs.push_back(kv.first);
      args.layout = kv.second.layout;
    }
  }
  return args;
}

// The layout `info` declares for output argument `param` (its own layout when unbound).
DataLayoutType OutputLayout(const KernelInfo& info, const std::string& param) {
  auto it = info.outputs.find(param);
  return it == info.outputs.end() ? info.place.layout : it->second.layout;
}

// Blocked kernels that may replace a stmt's picked kernel: same target, precision and
// provider (a provider's kernel the app asked for stays), a blocked layout, runnable on this
// CPU, implementing the op version the model records; in registration order.
std::vector<const KernelInfo*> BlockedAlternatives(
    const Node& stmt, const std::map<std::string, int32_t>& op_versions) {
  std::vector<const KernelInfo*> out;
  if (!stmt.picked || stmt.picked->layout() != DataLayoutType::kNCHW) return out;
  const Place picked = stmt.picked->place();
  for (const KernelInfo* info : KernelRegistry::Global().Kernels(stmt.desc.Type())) {
    if (info->place.target == picked.target && info->place.precision == picked.precision &&
        info->provider == stmt.picked->info().provider &&
        IsBlockedLayout(info->place.layout) && info->RunsOnThisCpu() &&
        info->ImplementsModelVersion(op_versions)) {
      out.push_back(info);
    }
  }
  return out;
}

class BlockedLayoutPlanner {
 public:
  explicit BlockedLayoutPlanner(SSAGraph* graph) : graph_(graph) {}

  void Apply() {
    order_ = graph_->StmtTopologicalOrder();
    for (Node* stmt : order_) {
      for (const KernelInfo* info : BlockedAlternatives(*stmt, graph_->op_versions())) {
        (info->starts_blocked_region ? anchors_[stmt] : followers_[stmt]).push_back(info);
      }
    }
    // Drop regions that cost more casts than they run blocked ops, until the plan is stable.
    for (bool changed = true; changed;) {
      Plan();
      changed = false;
      for (const std::vector<Node*>& region : Regions()) {
        if (2 * Casts(region) <= BlockedOps(region)) continue;
        for (Node* stmt : region) dropped_.insert(stmt);
        changed = true;
      }
    }
    for (const auto& kv : switched_) Switch(kv.first, *kv.second);
  }

 private:
  // The input arg of `stmt` for variable `var`.
  static Node* Arg(Node* stmt, const std::string& var) { return SSAGraph::InputArg(stmt, var); }

  // Whether every input `info` binds blocked arrives blocked, in its layout.
  bool InputsArriveBlocked(Node* stmt, const KernelInfo& info) const {
    const BlockedArgs args = BlockedArgsOf(info);
    bool any = false;
    for (const std::string& param : args.inputs) {
      for (const std::string& var : stmt->desc.Input(param)) {
        auto it = layouts_.find(Arg(stmt, var));
        if (it == layouts_.end() || it->second != args.layout) return false;
        any = true;
      }
    }
    return any;
  }

  // The first of `kernels` that applies to `stmt` (for a follower: whose blocked inputs
  // arrive blocked), or nullptr.
  const KernelInfo* Applicable(Node* stmt, const std::vector<const KernelInfo*>& kernels,
                               bool follower) const {
    const GraphOpView view(*graph_, *stmt, &channels_);
    for (const KernelInfo* info : kernels) {
      if (follower && !InputsArriveBlocked(stmt, *info)) continue;
      if (info->AppliesTo(view)) return info;
    }
    return nullptr;
  }

  // Channels a switched stmt writes: its kernel's rule, or its first blocked input's.
  int64_t OutputChannels(Node* stmt, const KernelInfo& info) const {
    const GraphOpView view(*graph_, *stmt, &channels_);
    if (info.blocked_channels) return info.blocked_channels(view);
    for (const std::string& param : BlockedArgsOf(info).inputs) {
      const std::string var = view.Input(param);
      if (!var.empty()) return view.Channels(var);
    }
    return -1;
  }

  // Which stmts run blocked with the dropped regions left out, and the layout and channels
  // of the blocked values they write.
  void Plan() {
    switched_.clear();
    channels_.clear();
    layouts_.clear();
    for (Node* stmt : order_) {
      if (dropped_.count(stmt)) continue;
      const KernelInfo* info = nullptr;
      if (anchors_.count(stmt)) info = Applicable(stmt, anchors_.at(stmt), false);
      if (!info && followers_.count(stmt)) info = Applicable(stmt, followers_.at(stmt), true);
      if (!info) continue;
      const int64_t channels = OutputChannels(stmt, *info);
      if (channels <= 0) continue;
      switched_[stmt] = info;
      for (Node* out : stmt->outlinks) {
        const DataLayoutType layout = OutputLayout(*info, OutputParamOf(*stmt, out->name));
        if (!IsBlockedLayout(layout)) continue;
        channels_[out] = channels;
        layouts_[out] = layout;
      }
    }
  }

  // The switched stmts grouped by the blocked values they pass to each other.
  std::vector<std::vector<Node*>> Regions() const {
    std::map<Node*, Node*> parent;
    for (const auto& kv : switched_) parent[kv.first] = kv.first;
    std::function<Node*(Node*)> root = [&](Node* n) {
      return parent[n] == n ? n : parent[n] = root(parent[n]);
    };
    for (const auto& kv : switched_) {
      for (Node* out : kv.first->outlinks) {
        if (!layouts_.count(out)) continue;
        for (Node* reader : out->outlinks) {
          if (switched_.count(reader)) parent[root(reader)] = root(kv.first);
        }
      }
    }
    std::map<Node*, std::vector<Node*>> groups;
    for (const auto& kv : switched_) groups[root(kv.first)].push_back(kv.first);
    std::vector<std::vector<Node*>> regions;
    for (auto& kv : groups) regions.push_back(std::move(kv.second));
    return regions;
  }

  // Values cast into the region (bound blocked, arriving otherwise) or out of it (written
  // blocked, read by a stmt that is not switched); each cast once, whatever the readers.
  int Casts(const std::vector<Node*>& region) const {
    std::set<Node*> in, out;
    for (Node* stmt : region) {
      for (const std::string& param : BlockedArgsOf(*switched_.at(stmt)).inputs) {
        for (const std::string& var : stmt->desc.Input(param)) {
          Node* arg = Arg(stmt, var);
          if (arg && !layouts_.count(arg)) in.insert(arg);
        }
      }
      for (Node* arg : stmt->outlinks) {
        if (!layouts_.count(arg)) continue;
        for (Node* reader : arg->outlinks) {
          if (!switched_.count(reader)) out.insert(arg);
        }
      }
    }
    return static_cast<int>(in.size() + out.size());
  }

  int BlockedOps(const std::vector<Node*>& region) const {
    int ops = 0;
    for (Node* stmt : region) {
      if (BlockedArgsOf(*switched_.at(stmt)).inputs.empty()) continue;
      ops += PlainKernelReorders(stmt) ? 2 : 1;
    }
    return ops;
  }

  // Whether the stmt's plain kernel blocks and unblocks around blocked loops itself.
  bool PlainKernelReorders(Node* stmt) const {
    if (!stmt->picked) return false;
    const KernelInfo& plain = stmt->picked->info();
    return plain.reorders_around_blocked_loops &&
           plain.reorders_around_blocked_loops(GraphOpView(*graph_, *stmt, &channels_));
  }

  void Switch(Node* stmt, const KernelInfo& info) {
    stmt->candidates.push_back(KernelRegistry::Create(info));
    stmt->picked = stmt->candidates.back().get();
  }

  SSAGraph* graph_;
  std::vector<Node*> order_;
  std::map<Node*, std::vector<const KernelInfo*>> anchors_, followers_;
  std::set<Node*> dropped_;
  std::map<Node*, const KernelInfo*> switched_;
  std::map<const Node*, int64_t> channels_;
  std::map<const Node*, DataLayoutType> layouts_;
};

}  // namespace

class BlockedLayoutPass : public Pass {
 public:
  void Apply(SSAGraph* graph) override { BlockedLayoutPlanner(graph).Apply(); }
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(blocked_layout_pass, paddle::lite::mir::BlockedLayoutPass);
