// Op plugins (paddle_op_plugin.h): shared libraries whose C ops become custom op types and
// provider kernels.
#pragma once

#include <string>

namespace paddle {
namespace lite {

// Loads every `*.so` in the directories of PLITE_OP_PLUGIN_PATH that this process has not
// tried yet (each file once). A plugin that fails registers nothing: the reason, naming the
// file, goes to stderr and into the error of a model that needs an op type plite lacks.
// Called when a predictor is created (full or light).
void LoadOpPluginsFromEnv();

// Loads one plugin; throws naming the file and what is wrong (it cannot be opened, lacks the
// entry function, was built for another ABI version, or has a malformed or duplicate op).
void LoadOpPlugin(const std::string& path);

}  // namespace lite
}  // namespace paddle
