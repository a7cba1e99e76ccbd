#include "lite/optimizer/graph_op_view.h"

namespace paddle {
namespace lite {
namespace mir {

const Tensor* GraphOpView::Weight(const std::string& var) const {
  for (const Node* in : stmt_.inlinks) {
    if (in->name == var && in->persistable) return graph_.weight_scope()->FindTensor(var);
  }
  return nullptr;
}

std::vector<int64_t> GraphOpView::Dims(const std::string& var) const {
  return KnownDims(graph_.FindVarDesc(var));
}

size_t GraphOpView::Rank(const std::string& var) const {
  const cpp::VarDesc* desc = graph_.FindVarDesc(var);
  return desc ? desc->shape.size() : 0;
}

int64_t GraphOpView::Channels(const std::string& var) const {
  if (blocked_channels_) {
    for (const Node* in : stmt_.inlinks) {
      if (in->name != var) continue;
      auto it = blocked_channels_->find(in);
      if (it != blocked_channels_->end()) return it->second;
    }
  }
  const std::vector<int64_t> dims = Dims(var);
  return dims.size() >= 2 ? dims[1] : -1;
}

}  // namespace mir
}  // namespace lite
}  // namespace paddle
