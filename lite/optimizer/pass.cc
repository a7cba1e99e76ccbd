#include "lite/optimizer/pass.h"

namespace paddle {
namespace lite {
namespace mir {

PassRegistry& PassRegistry::Global() {
  static PassRegistry registry;
  return registry;
}

bool PassRegistry::Register(const std::string& name, Creator creator) {
  creators_[name] = std::move(creator);
  return true;
}

std::unique_ptr<Pass> PassRegistry::Create(const std::string& name) const {
  auto it = creators_.find(name);
  PLITE_CHECK(it != creators_.end(), "unknown optimizer pass '", name, "'");
  return it->second();
}

}  // namespace mir
}  // namespace lite
}  // namespace paddle
