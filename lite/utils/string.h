// Small string helpers used across the runtime (no dependencies beyond the STL).
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace paddle {
namespace lite {

template <typename T>
std::ostream& StreamValue(std::ostream& os, const T& value) {
  return os << value;
}

template <typename T>
std::ostream& StreamValue(std::ostream& os, const std::vector<T>& values) {
  os << "[";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) os << ", ";
    StreamValue(os, values[i]);
  }
  return os << "]";
}

// Concatenates anything streamable (vectors print as [a, b]).
template <typename... Args>
std::string StrCat(const Args&... args) {
  std::ostringstream os;
  (StreamValue(os, args), ...);
  return os.str();
}

inline std::string Join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i) out += sep;
    out += parts[i];
  }
  return out;
}

inline bool StartsWith(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

inline bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace lite
}  // namespace paddle
