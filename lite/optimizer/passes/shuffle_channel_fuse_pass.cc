// shuffle_channel_fuse_pass: the channel shuffle written as
//   reshape2 X [N, C, H, W] -> [N, g, C/g, H, W]
//   -> transpose2 axis [0, 2, 1, 3, 4]
//   -> reshape2 -> [N, C, H, W]
// becomes one shuffle_channel op (group g). Fused only when the result provably equals the
// chain for any batch size N: X's declared dims give C, H, W; both reshapes take their
// shape from the attribute (no Shape/ShapeTensor input); the two intermediate vars have no
// reader but the next op of the chain (not fetched either: fetch is a reader), and the
// XShape outputs are unread.
#include <vector>

#include "lite/optimizer/pass.h"
#include "lite/optimizer/passes/fuse_util.h"

namespace paddle {
namespace lite {
namespace mir {

namespace {

bool IsReshape(const Node* n) {
  return n && n->IsStmt() && (n->desc.Type() == "reshape2" || n->desc.Type() == "reshape") &&
         !n->desc.HasInput("Shape") && !n->desc.HasInput("ShapeTensor");
}

bool IsTranspose(const Node* n) {
  return n && n->IsStmt() && (n->desc.Type() == "transpose2" || n->desc.Type() == "transpose");
}

// Paddle's reshape of `in` to `shape` (0 copies the input dim, one -1 takes the rest);
// empty when the shape does not apply to `in`.
// Sizes past kMaxElements are not tensors anyone runs; refusing them keeps the products
// below from overflowing on a malformed program.
constexpr int64_t kMaxElements = int64_t{1} << 40;

std::vector<int64_t> Reshaped(const std::vector<int32_t>& shape, const std::vector<int64_t>& in) {
  int64_t numel = 1;
  for (int64_t d : in) {
    if (d <= 0 || d > kMaxElements / numel) return {};
    numel *= d;
  }
  std::vector<int64_t> out(shape.size());
  int64_t known = 1;
  int unknown = -1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1 && unknown < 0) {
      unknown = static_cast<int>(i);
      continue;
    }
    if (shape[i] == 0 && i < in.size()) {
      out[i] = in[i];
    } else if (shape[i] > 0) {
      out[i] = shape[i];
    } else {
      return {};
    }
    if (out[i] > kMaxElements / known) return {};
    known *= out[i];
  }
  if (unknown >= 0) {
    if (known <= 0 || numel % known != 0) return {};
    out[unknown] = numel / known;
  } else if (known != numel) {
    return {};
  }
  return out;
}

// The shuffle's group when reshape `first` and `second` around the [0, 2, 1, 3, 4]
// transpose shuffle the channels of an X of declared dims [-1, C, H, W]; 0 otherwise.
int ShuffleGroup(const std::vector<int64_t>& x_dims, const cpp::OpDesc& first,
                 const cpp::OpDesc& second) {
  if (x_dims.size() != 4) return 0;
  const int64_t c = x_dims[1], h = x_dims[2], w = x_dims[3];
  if (c <= 0 || h <= 0 || w <= 0 || c > kMaxElements / h / w / 3) return 0;
  const auto s1 = first.GetAttrOr<std::vector<int32_t>>("shape", {});
  const auto s2 = second.GetAttrOr<std::vector<int32_t>>("shape", {});
  int group = 0;
  for (int64_t n : {1, 3}) {  // two batch sizes: the reshapes must not depend on N
    const std::vector<int64_t> split = Reshaped(s1, {n, c, h, w});
    if (split.size() != 5 || split[0] != n || split[1] * split[2] != c || split[3] != h ||
        split[4] != w) {
      return 0;
    }
    if (group != 0 && group != split[1]) return 0;
    group = static_cast<int>(split[1]);
    const std::vector<int64_t> merged = Reshaped(s2, {n, split[2], split[1], h, w});
    if (merged != std::vector<int64_t>{n, c, h, w}) return 0;
  }
  return group;
}

bool IsChannelSwap(const cpp::OpDesc& transpose) {
  std::vector<int32_t> axis = transpose.GetAttrOr<std::vector<int32_t>>("axis", {});
  for (auto& a : axis) a = a < 0 ? a + 5 : a;
  return axis == std::vector<int32_t>{0, 2, 1, 3, 4};
}

}  // namespace

class ShuffleChannelFusePass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    std::vector<Node*> transposes;
    for (auto& n : graph->nodes()) {
      if (IsTranspose(&n) && IsChannelSwap(n.desc)) transposes.push_back(&n);
    }
    for (Node* transpose : transposes) {
      Node* split = InputOf(transpose, "X");
      Node* first = split && split->inlinks.size() == 1 ? split->inlinks[0] : nullptr;
      if (!IsReshape(first) || OutputOf(first, "Out") != split) continue;
      Node* swapped = OutputOf(transpose, "Out");
      Node* second = SoleConsumer(swapped);
      if (!IsReshape(second) || InputOf(second, "X") != swapped) continue;
      if (SoleConsumer(split) != transpose || split->persistable || swapped->persistable ||
          !OtherOutputsUnused(first, "Out") || !OtherOutputsUnused(transpose, "Out") ||
          !OtherOutputsUnused(second, "Out")) {
        continue;
      }
      Node* x = InputOf(first, "X");
      Node* out = OutputOf(second, "Out");
      const cpp::VarDesc* x_var = x ? graph->FindVarDesc(x->name) : nullptr;
      if (!x_var || !out) continue;
      const int group = ShuffleGroup(x_var->shape, first->desc, second->desc);
      if (group == 0) continue;

      // `first` becomes the shuffle (keeping its place in the program); the rest goes.
      cpp::OpDesc shuffle("shuffle_channel");
      shuffle.SetInput("X", {x->name});
      shuffle.SetOutput("Out", {out->name});
      shuffle.SetAttr<int32_t>("group", group);
      for (Node* arg : std::vector<Node*>(first->outlinks)) graph->Remove(arg);
      for (Node* arg : std::vector<Node*>(transpose->outlinks)) graph->Remove(arg);
      for (Node* arg : std::vector<Node*>(second->outlinks)) {
        if (arg != out) graph->Remove(arg);
      }
      graph->Remove(transpose);
      graph->Remove(second);
      graph->Link(first, out);
      first->desc = shuffle;
      graph->ResetStmt(first);
    }
  }
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(shuffle_channel_fuse_pass, paddle::lite::mir::ShuffleChannelFusePass);
