// elementwise_activation_fuse_pass: elementwise_add/sub/mul/div followed by a fusable
// activation (relu, relu6, leaky_relu, hard_swish, hard_sigmoid, sigmoid) that is the only
// reader of its output becomes one elementwise op with that activation as its epilogue
// (act_type + act_* attributes, activation_attrs.h), e.g. the relu after a residual add.
// Runs after the conv and fc fusions, which want the plain elementwise_add.
#include <vector>

#include "lite/optimizer/pass.h"
#include "lite/optimizer/passes/fuse_util.h"
#include "lite/operators/activation_attrs.h"

namespace paddle {
namespace lite {
namespace mir {

namespace {

bool IsElementwise(const Node& n) {
  if (!n.IsStmt()) return false;
  const std::string& t = n.desc.Type();
  return t == "elementwise_add" || t == "elementwise_sub" || t == "elementwise_mul" ||
         t == "elementwise_div";
}

}  // namespace

class ElementwiseActivationFusePass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    std::vector<Node*> elementwise;
    for (auto& n : graph->nodes()) {
      if (IsElementwise(n)) elementwise.push_back(&n);
    }
    for (Node* ew : elementwise) {
      if (ew->desc.HasAttr("act_type")) continue;
      Node* out = OutputOf(ew, "Out");
      Node* act = SoleConsumer(out);
      if (!act || !operators::IsFusableActivation(act->desc.Type()) || out->persistable ||
          InputOf(act, "X") != out) {
        continue;
      }
      // Integer elementwise kernels (shape arithmetic) take no activation but relu.
      const cpp::VarDesc* var = graph->FindVarDesc(out->name);
      if (var && var->precision != PrecisionType::kFloat) continue;
      operators::WriteFusedActivation(act->desc, &ew->desc);
      FoldInto(graph, ew, "Out", act, "Out");
    }
  }
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(elementwise_activation_fuse_pass,
                  paddle::lite::mir::ElementwiseActivationFusePass);
