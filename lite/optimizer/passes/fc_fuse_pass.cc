// fc_fuse_pass: mul / matmul / matmul_v2 with a 2-D weight, followed by an
// elementwise_add of a 1-D weight over the last dim, becomes one fc op (an int8 fc that
// int8_quantize_pass made of such a product takes the add as its Bias); a fusable activation
// that is the only reader of the sum then becomes its epilogue (act_type + act_*,
// activation_attrs.h), as conv_activation_fuse_pass does for convolutions.
#include <string>
#include <vector>

#include "lite/optimizer/pass.h"
#include "lite/operators/activation_attrs.h"
#include "lite/optimizer/passes/fuse_util.h"

namespace paddle {
namespace lite {
namespace mir {

class FcFusePass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    std::vector<Node*> products;
    for (auto& n : graph->nodes()) {
      const std::string& type = n.desc.Type();
      const bool int8_fc = type == "fc" && n.desc.GetAttrOr<bool>("enable_int8", false) &&
                           !n.desc.HasInput("Bias");
      if (n.IsStmt() && (type == "mul" || type == "matmul" || type == "matmul_v2" || int8_fc)) {
        products.push_back(&n);
      }
    }
    for (Node* product : products) {
      const bool int8_fc = product->desc.Type() == "fc";
      const int col_dims = int8_fc ? product->desc.GetAttrOr<int32_t>("in_num_col_dims", 1)
                                   : FcInNumColDims(graph, product);
      if (col_dims < 1) continue;
      Node* w = InputOf(product, int8_fc ? "W" : "Y");
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
      // Rewrite the product stmt into the fc and fold the add into it.
      graph->Unlink(b, add);
      graph->Link(b, product);
      if (!int8_fc) {
        cpp::OpDesc fc("fc");
        fc.SetInput("Input", product->desc.Input("X"));
        fc.SetInput("W", {w->name});
        fc.SetAttr<int32_t>("in_num_col_dims", col_dims);
        fc.SetAttr<std::string>("activation_type", "");
        product->desc = fc;
      }
      product->desc.SetInput("Bias", {b->name});
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
