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

int64_t GraphOpView::Channels(const std::string& var) const {
  if (blocked_channels_) {
    for (const Node* in : stmt_.inlinks) {
      if (in->name != var) continue;
      auto it = blocked_channels_->find(in);
      if (it != blocked_channels_->end()) return it->second;
    }
  }
  return KernelOpView::Channels(var);
}

}  // namespace mir
}  // namespace lite
}  // namespace paddle
