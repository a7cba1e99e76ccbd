// fc_fuse_pass: mul / matmul / matmul_v2 with a 2-D weight, followed by an
// elementwise_add of a 1-D weight over the last dim, becomes one fc op; a fusable activation
// that is the only reader of the sum then becomes its epilogue (act_type + act_*,
// activation_attrs.h), as conv_activation_fuse_pass does for convolutions.
#include <vector>

#include "lite/optimizer/pass.h"
#include "lite/operators/activation_attrs.h"
#include "lite/optimizer/passes/fuse_util.h"

namespace paddle {
namespace lite {
namespace mir {

namespace {

// The fc in_num_col_dims equivalent to this product, or -1 when it is not an fc.
int FcColDims(SSAGraph* graph, Node* stmt) {
  const auto& d = stmt->desc;
  if (d.Type() == "mul") {
    if (d.GetAttrOr<int32_t>("y_num_col_dims", 1) != 1) return -1;
    return d.GetAttrOr<int32_t>("x_num_col_dims", 1);
  }
  const bool v2 = d.Type() == "matmul_v2";
  if (!v2 && d.Type() != "matmul") return -1;
  const bool trans_x = d.GetAttrOr<bool>(v2 ? "trans_x" : "transpose_X", false);
  const bool trans_y = d.GetAttrOr<bool>(v2 ? "trans_y" : "transpose_Y", false);
  if (trans_x || trans_y || (!v2 && d.GetAttrOr<float>("alpha", 1.f) != 1.f)) return -1;
  const cpp::VarDesc* x = graph->FindVarDesc(d.Input("X")[0]);
  if (!x || x->shape.size() < 2) return -1;
  return static_cast<int>(x->shape.size()) - 1;
}

}  // namespace

class FcFusePass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    std::vector<Node*> products;
    for (auto& n : graph->nodes()) {
      if (n.IsStmt() && (n.desc.Type() == "mul" || n.desc.Type() == "matmul" ||
                         n.desc.Type() == "matmul_v2")) {
        products.push_back(&n);
      }
    }
    for (Node* product : products) {
      const int col_dims = FcColDims(graph, product);
      if (col_dims < 1) continue;
      Node* w = InputOf(product, "Y");
      const Tensor* weight = w ? graph->weight_scope()->FindTensor(w->name) : nullptr;
      if (!w || !w->persistable || !weight || weight->dims().size() != 2) continue;
      Node* out = OutputOf(product, "Out");
      Node* add = SoleConsumer(out);
      if (!add || add->desc.Type() != "elementwise_add" || InputOf(add, "X") != out) continue;
      if (add->desc.HasAttr("act_type")) continue;
      Node* b = InputOf(add, "Y");
      const Tensor* bias = b ? graph->weight_scope()->FindTensor(b->name) : nullptr;
      const int axis = add->desc.GetAttrOr<int32_t>("axis", -1);
      if (!b || !b->persistable || !bias || bias->dims().size() != 1 ||
          bias->numel() != weight->dims()[1] || (axis != -1 && axis != col_dims)) {
        continue;
      }
      cpp::OpDesc fc("fc");
      fc.SetInput("Input", product->desc.Input("X"));
      fc.SetInput("W", {w->name});
      fc.SetInput("Bias", {b->name});
      fc.SetOutput("Out", add->desc.Output("Out"));
      fc.SetAttr<int32_t>("in_num_col_dims", col_dims);
      fc.SetAttr<std::string>("activation_type", "");
      // Rewrite the product stmt into the fc and fold the add into it.
      graph->Unlink(b, add);
      graph->Link(b, product);
      product->desc = fc;
      product->desc.SetOutput("Out", {out->name});
      graph->ResetStmt(product);
      FoldInto(graph, product, "Out", add, "Out");
      FoldActivation(graph, product);
    }
  }

 private:
  // The activation reading only the fc's output becomes the fc's epilogue.
  static void FoldActivation(SSAGraph* graph, Node* fc) {
    Node* out = OutputOf(fc, "Out");
    Node* act = out ? SoleConsumer(out) : nullptr;
    if (!act || !operators::IsFusableActivation(act->desc.Type()) || out->persistable ||
        InputOf(act, "X") != out) {
      return;
    }
    operators::WriteFusedActivation(act->desc, &fc->desc);
    FoldInto(graph, fc, "Out", act, "Out");
  }
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(fc_fuse_pass, paddle::lite::mir::FcFusePass);
