// x86_blocked_layout_pass: runs chains of x86 float convolutions in the channel-blocked
// layout NCHW16c (lite/core/blocked_layout.h), where a pointwise convolution's tile covers
// 16 output channels per vector at any number of pixels and a depthwise or pooling window
// reads 16 channels per load, with no shuffles.
//
// Runs after static_kernel_pick_pass. Stmts whose picked kernel is x86/float/NCHW:
//   seeds      conv2d, one group, output channels a multiple of 16, and either a 1x1 or 3x3
//              filter on input channels a multiple of 16 (kernel "def": blocked in, blocked
//              out; not 3x3 stride-1 layers with fewer than 16 4x4 output tiles, such as 7x7
//              planes, where the NCHW kernel's Winograd F(2x2) is faster) or fewer than 16
//              input channels (kernel "nchw_in": a network's first convolution reads its
//              NCHW input directly); depthwise_conv2d with one filter per channel and
//              channels a multiple of 16.
//   followers  pool2d; concat along channels; elementwise ops on two inputs of the same
//              known shape; activations: when every float input arrives blocked.
// Channel counts that are not multiples of 16 run blocked when padding adds at most half
// (24 -> 32); padding lanes hold finite values (zeros out of convolutions) that zero filter
// rows ignore, so divisions and concat inputs other than the last need whole blocks.
// Switched stmts that pass blocked values between them form regions; a region needs a cast
// for each value entering it in NCHW and each value leaving it to an NCHW reader. A region
// needs two blocked ops per cast (a first convolution, which reads NCHW anyway, does not
// count) or stays NCHW: a lone pointwise convolution would only add two casts, and
// ShuffleNetV2's branches (pointwise, depthwise, pointwise between NCHW channel shuffles:
// two casts for three ops) ran 12% slower blocked. Repeated until nothing changes.
// Switched stmts get the op's x86/float/NCHW16c kernel of that alias; type_layout_cast_pass
// then adds the casts.
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "lite/core/blocked_layout.h"
#include "lite/core/op_registry.h"
#include "lite/optimizer/pass.h"
#include "lite/optimizer/passes/fuse_util.h"

namespace paddle {
namespace lite {
namespace mir {

namespace {

const char kBlockedIn[] = "def";
constexpr int64_t kMinWinogradTiles = 16;
const char kNchwIn[] = "nchw_in";

bool IsX86FloatNchw(const Node& stmt) {
  if (!stmt.picked) return false;
  const Place p = stmt.picked->place();
  return p.target == TargetType::kX86 && p.precision == PrecisionType::kFloat &&
         p.layout == DataLayoutType::kNCHW;
}

const KernelInfo* BlockedKernel(const std::string& op_type, const std::string& alias) {
  for (const KernelInfo* info : KernelRegistry::Global().Kernels(op_type)) {
    if (info->place.target == TargetType::kX86 && info->place.precision == PrecisionType::kFloat &&
        info->place.layout == DataLayoutType::kNCHW16c && info->alias == alias &&
        info->RunsOnThisCpu()) {
      return info;
    }
  }
  return nullptr;
}

bool IsActivation(const std::string& type) {
  static const std::set<std::string> kTypes = {"relu",        "relu6",       "leaky_relu",
                                               "hard_swish",  "hard_sigmoid", "sigmoid"};
  return kTypes.count(type) > 0;
}

bool IsElementwise(const std::string& type) {
  static const std::set<std::string> kTypes = {"elementwise_add", "elementwise_sub",
                                               "elementwise_mul", "elementwise_div",
                                               "elementwise_max", "elementwise_min"};
  return kTypes.count(type) > 0;
}

class BlockedLayoutPlanner {
 public:
  explicit BlockedLayoutPlanner(SSAGraph* graph) : graph_(graph) {}

  void Apply() {
    order_ = graph_->StmtTopologicalOrder();
    for (Node* stmt : order_) {
      if (!IsX86FloatNchw(*stmt)) continue;
      const std::string alias = SeedAlias(stmt);
      if (!alias.empty() && BlockedKernel(stmt->desc.Type(), alias)) seeds_[stmt] = alias;
    }
    // Drop regions that cost more casts than they run blocked ops, until the plan is stable.
    for (bool changed = true; changed;) {
      Plan();
      changed = false;
      for (const std::vector<Node*>& region : Regions()) {
        if (2 * Casts(region) <= BlockedOps(region)) continue;
        for (Node* stmt : region) seeds_.erase(stmt);
        changed = true;
      }
    }
    for (const auto& kv : switched_) Switch(kv.first, kv.second);
  }

 private:
  // The blocked kernel alias a conv can take on its own, or "" when it stays NCHW.
  std::string SeedAlias(Node* stmt) const {
    const std::string& type = stmt->desc.Type();
    if (type != "conv2d" && type != "depthwise_conv2d") return "";
    Node* filter = InputOf(stmt, "Filter");
    const Tensor* w = filter ? graph_->weight_scope()->FindTensor(filter->name) : nullptr;
    if (!w || w->dims().size() != 4) return "";
    const int64_t out_c = w->dims()[0], in_per_group = w->dims()[1];
    const int groups = stmt->desc.GetAttrOr<int>("groups", 1);
    if (!PadsWell(out_c)) return "";
    if (type == "conv2d") {
      if (groups != 1) return "";
      if (in_per_group < kChannelBlock) return kNchwIn;
      if (!PadsWell(in_per_group)) return "";
      const int64_t kh = w->dims()[2], kw = w->dims()[3];
      if (kh == 1 && kw == 1) return kBlockedIn;
      if (kh != 3 || kw != 3) return "";
      // 3x3 stride 1 runs by Winograd F(4x4) blocked; on planes of fewer than 16 such
      // tiles (7x7) the NCHW kernel's F(2x2) is faster.
      const std::vector<int> strides =
          stmt->desc.GetAttrOr<std::vector<int>>("strides", std::vector<int>{1, 1});
      const std::vector<int64_t> out = KnownDims(OutputOf(stmt, "Output"));
      const bool stride1 = strides.size() == 2 && strides[0] == 1 && strides[1] == 1;
      if (stride1 && !out.empty() &&
          ((out[2] + 3) / 4) * ((out[3] + 3) / 4) < kMinWinogradTiles) {
        return "";
      }
      return kBlockedIn;
    }
    // Depthwise: one input channel and one filter per output channel.
    return in_per_group == 1 && groups == out_c ? kBlockedIn : "";
  }

  // Whether `channels` fill their blocks well enough to run blocked: padding to a multiple
  // of 16 adds at most half (24 -> 32 and 40 -> 48 do; 8 -> 16 does not).
  static bool PadsWell(int64_t channels) {
    return 2 * ChannelBlocks(channels) * kChannelBlock <= 3 * channels;
  }

  // Channels of a blocked arg (known for every arg a switched stmt writes).
  int64_t Channels(Node* arg) const {
    auto it = channels_.find(arg);
    return it == channels_.end() ? -1 : it->second;
  }

  bool ArrivesBlocked(Node* arg) const { return channels_.count(arg) > 0; }

  // The float activation inputs of a stmt (weights and int inputs excluded).
  std::vector<Node*> ActivationInputs(Node* stmt) const {
    std::vector<Node*> ins;
    for (Node* in : stmt->inlinks) {
      if (in->persistable) continue;
      if (in->type_known && in->type.precision != PrecisionType::kFloat) continue;
      ins.push_back(in);
    }
    return ins;
  }

  // Known logical dims of an arg from its var desc (empty when unknown or not 4-D).
  std::vector<int64_t> KnownDims(Node* arg) const {
    const cpp::VarDesc* var = arg ? graph_->FindVarDesc(arg->name) : nullptr;
    if (!var || var->shape.size() != 4) return {};
    for (size_t i = 1; i < 4; ++i) {
      if (var->shape[i] <= 0) return {};
    }
    return var->shape;
  }

  // Whether a non-seed stmt can follow its blocked inputs; sets its output channels.
  bool Follows(Node* stmt, int64_t* out_channels) const {
    if (!IsX86FloatNchw(*stmt) || !BlockedKernel(stmt->desc.Type(), kBlockedIn)) return false;
    const std::string& type = stmt->desc.Type();
    const std::vector<Node*> ins = ActivationInputs(stmt);
    if (ins.empty()) return false;
    for (Node* in : ins) {
      if (!ArrivesBlocked(in)) return false;
    }
    if (type == "pool2d" || IsActivation(type)) {
      if (ins.size() != 1) return false;
      *out_channels = Channels(ins[0]);
      return true;
    }
    if (type == "concat") {
      const int axis = stmt->desc.GetAttrOr<int>("axis", 0);
      if ((axis != 1 && axis != -3) || !stmt->desc.Input("AxisTensor").empty()) return false;
      // Inputs in the order the op lists them: only the last may have padded blocks.
      const std::vector<std::string>& names = stmt->desc.Input("X");
      int64_t sum = 0;
      for (size_t i = 0; i < names.size(); ++i) {
        Node* in = SSAGraph::InputArg(stmt, names[i]);
        if (!in || !ArrivesBlocked(in)) return false;
        if (i + 1 < names.size() && Channels(in) % kChannelBlock != 0) return false;
        sum += Channels(in);
      }
      *out_channels = sum;
      return true;
    }
    if (IsElementwise(type)) {
      if (ins.size() != 2) return false;
      // Padding lanes hold zeros (a convolution's padded filter rows): 0 / 0 would put NaN
      // where the next convolution's zero weights read it.
      if (type == "elementwise_div" && Channels(ins[0]) % kChannelBlock != 0) return false;
      const std::vector<int64_t> x = KnownDims(ins[0]), y = KnownDims(ins[1]);
      if (x.empty() || y.empty()) return false;
      for (size_t i = 1; i < 4; ++i) {
        if (x[i] != y[i]) return false;
      }
      *out_channels = Channels(ins[0]);
      return true;
    }
    return false;
  }

  // Which stmts run blocked given the current seeds, and the channels of what they write.
  void Plan() {
    switched_.clear();
    channels_.clear();
    for (Node* stmt : order_) {
      int64_t out_c = -1;
      std::string alias;
      auto seed = seeds_.find(stmt);
      if (seed != seeds_.end()) {
        alias = seed->second;
        out_c = graph_->weight_scope()->FindTensor(InputOf(stmt, "Filter")->name)->dims()[0];
      } else if (Follows(stmt, &out_c)) {
        alias = kBlockedIn;
      } else {
        continue;
      }
      switched_[stmt] = alias;
      for (Node* out : stmt->outlinks) channels_[out] = out_c;
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

  // Values cast into the region (read blocked, arriving NCHW) or out of it (written blocked,
  // read by an NCHW stmt); each cast once, whatever the number of readers.
  int Casts(const std::vector<Node*>& region) const {
    std::set<Node*> in, out;
    for (Node* stmt : region) {
      if (switched_.at(stmt) != kNchwIn) {
        for (Node* arg : ActivationInputs(stmt)) {
          if (!ArrivesBlocked(arg)) in.insert(arg);
        }
      }
      for (Node* arg : stmt->outlinks) {
        for (Node* reader : arg->outlinks) {
          if (!switched_.count(reader)) out.insert(arg);
        }
      }
    }
    return static_cast<int>(in.size() + out.size());
  }

  int BlockedOps(const std::vector<Node*>& region) const {
    int ops = 0;
    for (Node* stmt : region) ops += switched_.at(stmt) != kNchwIn;
    return ops;
  }

  void Switch(Node* stmt, const std::string& alias) {
    const KernelInfo* info = BlockedKernel(stmt->desc.Type(), alias);
    stmt->candidates.push_back(KernelRegistry::Create(*info));
    stmt->picked = stmt->candidates.back().get();
  }

  SSAGraph* graph_;
  std::vector<Node*> order_;
  std::map<Node*, std::string> seeds_;
  std::map<Node*, std::string> switched_;
  std::map<Node*, int64_t> channels_;
};

}  // namespace

class X86BlockedLayoutPass : public Pass {
 public:
  void Apply(SSAGraph* graph) override { BlockedLayoutPlanner(graph).Apply(); }
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(x86_blocked_layout_pass, paddle::lite::mir::X86BlockedLayoutPass);
