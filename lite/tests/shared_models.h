// Where tests find the shared real models: $PLITE_MODELS_DIR, else ../shared/models beside
// the source tree (PLITE_SOURCE_DIR is defined for every test by lite/tests/CMakeLists.txt).
#pragma once

#include <cstdlib>
#include <string>

namespace paddle {
namespace lite {
namespace test {

inline std::string SharedModelsRoot() {
  const char* env = std::getenv("PLITE_MODELS_DIR");
  return env && *env ? std::string(env) : std::string(PLITE_SOURCE_DIR) + "/../shared/models";
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
