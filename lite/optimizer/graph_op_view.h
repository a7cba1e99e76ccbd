// The optimizer's answer to a kernel's conditions (lite/core/kernel_op_view.h): one stmt of
// the graph, its weights from the weight scope, shapes from the program's var descs, and the
// channels of values a pass has moved to a channel-blocked layout.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "lite/core/kernel_op_view.h"
#include "lite/optimizer/ssa_graph.h"

namespace paddle {
namespace lite {
namespace mir {

class GraphOpView : public KernelOpView {
 public:
  // `blocked_channels` (may be null): channels of blocked values, by arg node.
  GraphOpView(const SSAGraph& graph, const Node& stmt,
              const std::map<const Node*, int64_t>* blocked_channels = nullptr)
      : graph_(graph), stmt_(stmt), blocked_channels_(blocked_channels) {}

  const cpp::OpDesc& desc() const override { return stmt_.desc; }
  const Tensor* Weight(const std::string& var) const override;
  const cpp::VarDesc* FindVarDesc(const std::string& var) const override {
    return graph_.FindVarDesc(var);
  }
  int64_t Channels(const std::string& var) const override;

 private:
  const SSAGraph& graph_;
  const Node& stmt_;
  const std::map<const Node*, int64_t>* blocked_channels_;
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle
