// weight_reshape_fold_pass: an op that only reshapes a weight (reshape, squeeze, unsqueeze,
// flatten and their *2 forms, with the shape given by attributes) becomes a weight of the
// new dims, so the fusions after it see the weight it is: Paddle 3 exports add a conv's
// bias as reshape(bias, [1, C, 1, 1]) + add, which conv_elementwise_add_fuse_pass then
// folds into the conv as a legacy export's elementwise_add(axis 1) would be.
//
// The new weight, "<Out>@folded", holds the weight's bytes under the op's output dims (the
// op's own shape inference gives them). Kept: ops whose shape comes from a tensor input,
// whose Out is persistable or fetched (a user-visible name), or whose other outputs
// (XShape) are read.
#include <set>
#include <string>
#include <vector>

#include "lite/optimizer/pass.h"
#include "lite/optimizer/passes/fuse_util.h"

namespace paddle {
namespace lite {
namespace mir {

namespace {

const std::set<std::string>& ReshapeOps() {
  static const std::set<std::string> ops = {"reshape",   "reshape2", "squeeze",
                                            "squeeze2",  "unsqueeze", "unsqueeze2",
                                            "flatten",   "flatten2", "flatten_contiguous_range"};
  return ops;
}

bool Foldable(Node* stmt, Node* x, Node* out) {
  if (!x || !out || !x->persistable || out->persistable || ReadByFetch(out)) return false;
  if (!OtherOutputsUnused(stmt, "Out")) return false;
  // X is the only input: no Shape / ShapeTensor / AxesTensor deciding the dims at run time.
  for (const Node* in : stmt->inlinks) {
    if (in != x) return false;
  }
  return true;
}

}  // namespace

class WeightReshapeFoldPass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    for (Node* stmt : graph->StmtTopologicalOrder()) {
      if (!ReshapeOps().count(stmt->desc.Type())) continue;
      Node* x = InputOf(stmt, "X");
      Node* out = OutputOf(stmt, "Out");
      if (!Foldable(stmt, x, out)) continue;
      const Tensor* weight = graph->weight_scope()->FindTensor(x->name);
      if (!weight || weight->precision() != PrecisionType::kFloat) continue;
      // Out's dims, from the op's attributes and the weight's dims. An op whose shape
      // inference fails is left for the run to report, with the program's other checks.
      try {
        stmt->op->InferShape();
      } catch (const PaddleLiteException&) {
        continue;
      }
      const DDim dims = graph->scope()->FindTensor(out->name)->dims();
      if (dims.production() != weight->numel()) continue;

      const std::string name = out->name + "@folded";
      Tensor* folded = NewWeight(graph, name, dims);
      std::copy(weight->data<float>(), weight->data<float>() + weight->numel(),
                folded->mutable_data<float>());
      Node* arg = graph->NewArg(name);
      MoveReaders(graph, out, arg, nullptr);
      graph->Remove(out);
      for (Node* other : std::vector<Node*>(stmt->outlinks)) graph->Remove(other);  // XShape
      graph->Unlink(x, stmt);
      graph->Remove(stmt);
      if (x->outlinks.empty()) graph->Remove(x);
    }
  }
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(weight_reshape_fold_pass, paddle::lite::mir::WeightReshapeFoldPass);
