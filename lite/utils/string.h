// Small string helpers used across the runtime (no dependencies beyond the STL).
#pragma once

#include <initializer_list>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace paddle {
namespace lite {

namespace strcat_internal {
// One argument of StrCat, held by reference or value without formatting it (as absl's
// AlphaNum): StrCat's callers only fill an array of these and make one call, and Concat,
// out of line, prints them as an std::ostream would (integers in decimal, floating point
// as %g, vectors as [a, b], other types through their operator<<).
class Piece {
 public:
  template <typename T>
  Piece(const T& value) {  // NOLINT(runtime/explicit): StrCat's arguments convert
    if constexpr (std::is_same_v<T, char> || std::is_same_v<T, signed char> ||
                  std::is_same_v<T, unsigned char>) {
      kind_ = kChar;
      c_ = static_cast<char>(value);
    } else if constexpr (std::is_same_v<T, bool> ||
                         (std::is_integral_v<T> && std::is_signed_v<T>)) {
      kind_ = kInteger;
      i_ = static_cast<long long>(value);
    } else if constexpr (std::is_integral_v<T>) {
      kind_ = kUnsigned;
      u_ = static_cast<unsigned long long>(value);
    } else if constexpr (std::is_floating_point_v<T>) {
      kind_ = kFloating;
      d_ = static_cast<double>(value);
    } else if constexpr (std::is_convertible_v<const T&, const char*>) {
      kind_ = kCString;
      s_ = static_cast<const char*>(value);
    } else if constexpr (std::is_same_v<T, std::string>) {
      kind_ = kString;
      str_ = &value;
    } else {
      kind_ = kOther;
      other_ = {&value, &AppendOther<T>};
    }
  }
  void AppendTo(std::string* out) const;

 private:
  using AppendFn = void (*)(std::string* out, const void* value);
  template <typename T>
  static void AppendOther(std::string* out, const void* value) {
    const T& v = *static_cast<const T*>(value);
    if constexpr (IsVector<T>::value) {
      out->push_back('[');
      for (size_t i = 0; i < v.size(); ++i) {
        if (i) out->append(", ");
        Piece(v[i]).AppendTo(out);
      }
      out->push_back(']');
    } else {
      std::ostringstream os;
      os << v;
      out->append(os.str());
    }
  }
  template <typename T>
  struct IsVector : std::false_type {};
  template <typename T, typename A>
  struct IsVector<std::vector<T, A>> : std::true_type {};

  enum Kind { kChar, kInteger, kUnsigned, kFloating, kCString, kString, kOther } kind_;
  union {
    char c_;
    long long i_;
    unsigned long long u_;
    double d_;
    const char* s_;
    const std::string* str_;
    struct {
      const void* value;
      AppendFn append;
    } other_;
  };
};

std::string Concat(std::initializer_list<Piece> pieces);
}  // namespace strcat_internal

// Concatenates strings, numbers and anything with operator<< (vectors print as [a, b]),
// as an std::ostream would print them.
template <typename... Args>
std::string StrCat(const Args&... args) {
  return strcat_internal::Concat({strcat_internal::Piece(args)...});
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
