#include "lite/core/ddim.h"

#include <ostream>

#include "lite/utils/check.h"

namespace paddle {
namespace lite {

int64_t DDim::count(size_t start, size_t end) const {
  int64_t n = 1;
  for (size_t i = start; i < end && i < dims_.size(); ++i) {
    PLITE_CHECK(!__builtin_mul_overflow(n, dims_[i], &n), "dims ", repr(),
                " have more elements than a 64-bit count holds");
  }
  return n;
}

DDim DDim::Slice(size_t start, size_t end) const {
  if (end > dims_.size()) end = dims_.size();
  if (start > end) start = end;
  return DDim(std::vector<int64_t>(dims_.begin() + start, dims_.begin() + end));
}

DDim DDim::Flatten2D(size_t col) const {
  return DDim({count(0, col), count(col, dims_.size())});
}

std::string DDim::repr() const {
  std::string s = "[";
  for (size_t i = 0; i < dims_.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(dims_[i]);
  }
  return s + "]";
}

std::ostream& operator<<(std::ostream& os, const DDim& dims) { return os << dims.repr(); }

}  // namespace lite
}  // namespace paddle
