// A light library built without custom ops (LITE_WITH_CUSTOM_OPS=OFF): nothing to register
// or load. paddle_custom_op.h and paddle_op_plugin.h are not installed with it.
#include <atomic>
#include <cstdlib>

#include "lite/api/custom_op_registry.h"
#include "lite/api/op_plugin_loader.h"
#include "lite/utils/log.h"

namespace paddle {
namespace lite {

void ApplyCustomRegistrations() {}

void LoadOpPluginsFromEnv() {
  static std::atomic<bool> warned{false};
  const char* env = std::getenv("PLITE_OP_PLUGIN_PATH");
  if (env == nullptr || env[0] == '\0' || warned.exchange(true)) return;
  PLITE_WARN << "PLITE_OP_PLUGIN_PATH is set, but this library was built without custom ops "
                "(LITE_WITH_CUSTOM_OPS=OFF): no op plugin is loaded";
}

}  // namespace lite
}  // namespace paddle
