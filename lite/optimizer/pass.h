// Optimizer passes: small classes registered by name, run in a fixed order by the
// Optimizer. REGISTER_MIR_PASS defines a touch function that the optimizer's pass list
// references (USE_MIR_PASS), so a static link keeps every pass it may run.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lite/optimizer/ssa_graph.h"
#include "lite/utils/paddle_lite_factory_helper.h"  // USE_MIR_PASS

namespace paddle {
namespace lite {
namespace mir {

class Pass {
 public:
  virtual ~Pass() = default;
  virtual void Apply(SSAGraph* graph) = 0;
};

class PassRegistry {
 public:
  using Creator = std::function<std::unique_ptr<Pass>()>;
  static PassRegistry& Global();
  bool Register(const std::string& name, Creator creator);
  std::unique_ptr<Pass> Create(const std::string& name) const;  // throws if unknown
  bool Has(const std::string& name) const { return creators_.count(name) > 0; }

 private:
  std::map<std::string, Creator> creators_;
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

#define REGISTER_MIR_PASS(name__, PassClass)                                              \
  int touch_mir_pass_##name__() { return 0; }                                             \
  static bool plite_pass_registered_##name__ [[maybe_unused]] =                           \
      ::paddle::lite::mir::PassRegistry::Global().Register(#name__, [] {                  \
        return std::unique_ptr<::paddle::lite::mir::Pass>(new PassClass);                  \
      })
