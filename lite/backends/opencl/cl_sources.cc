#include "lite/backends/opencl/cl_sources.h"

#include <vector>

#include "lite/utils/check.h"
#include "lite/utils/string.h"

namespace paddle {
namespace lite {
namespace opencl {

const std::string& ClSource(const std::string& file) {
  const auto& sources = EmbeddedClSources();
  auto it = sources.find(file);
  if (it == sources.end()) {
    std::vector<std::string> names;
    for (const auto& kv : sources) names.push_back(kv.first);
    PLITE_THROW("OpenCL: no kernel source '", file, "' in this build (it has ", Join(names, ", "),
                ")");
  }
  return it->second;
}

std::string ProgramSource(const std::string& file) {
  const std::string& own = ClSource(file);
  if (file == "common.cl") return own;
  return ClSource("common.cl") + "\n#line 1 \"" + file + "\"\n" + own;
}

}  // namespace opencl
}  // namespace lite
}  // namespace paddle
