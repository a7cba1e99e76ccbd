#include "lite/utils/string.h"

#include <cstdio>

namespace paddle {
namespace lite {
namespace strcat_internal {

namespace {
template <typename T>
void AppendFormatted(std::string* out, const char* format, T value) {
  char buf[32];
  const int n = std::snprintf(buf, sizeof(buf), format, value);
  if (n > 0) out->append(buf, static_cast<size_t>(n) < sizeof(buf) ? n : sizeof(buf) - 1);
}
}  // namespace

void Piece::AppendTo(std::string* out) const {
  switch (kind_) {
    case kChar: out->push_back(c_); break;
    case kInteger: AppendFormatted(out, "%lld", i_); break;
    case kUnsigned: AppendFormatted(out, "%llu", u_); break;
    case kFloating: AppendFormatted(out, "%g", d_); break;  // an ostream's default
    case kCString: out->append(s_ ? s_ : "(null)"); break;
    case kString: out->append(*str_); break;
    case kOther: other_.append(out, other_.value); break;
  }
}

std::string Concat(std::initializer_list<Piece> pieces) {
  std::string out;
  for (const Piece& piece : pieces) piece.AppendTo(&out);
  return out;
}

}  // namespace strcat_internal
}  // namespace lite
}  // namespace paddle
