// DDim: a tensor's dimensions. LoD: Paddle's level-of-detail offsets (kept, passed through).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace paddle {
namespace lite {

using LoD = std::vector<std::vector<uint64_t>>;

class DDim {
 public:
  DDim() = default;
  explicit DDim(std::vector<int64_t> dims) : dims_(std::move(dims)) {}
  DDim(std::initializer_list<int64_t> dims) : dims_(dims) {}

  size_t size() const { return dims_.size(); }
  bool empty() const { return dims_.empty(); }
  int64_t operator[](size_t i) const { return dims_[i]; }
  int64_t& operator[](size_t i) { return dims_[i]; }
  const std::vector<int64_t>& Vectorize() const { return dims_; }
  std::vector<int64_t>& data() { return dims_; }

  // Number of elements (1 for a 0-D tensor); negative dims are not counted as sizes.
  // Throws naming the dims when the product does not fit in int64: a hostile shape must
  // not wrap to a small size that a later allocation would then trust.
  int64_t production() const { return count(0, dims_.size()); }
  // Product of dims in [start, end), overflow-checked like production().
  int64_t count(size_t start, size_t end) const;
  DDim Slice(size_t start, size_t end) const;
  // Collapses to 2-D at col: [prod(dims[:col]), prod(dims[col:])].
  DDim Flatten2D(size_t col) const;
  std::string repr() const;

  friend bool operator==(const DDim& a, const DDim& b) { return a.dims_ == b.dims_; }
  friend bool operator!=(const DDim& a, const DDim& b) { return a.dims_ != b.dims_; }

 private:
  std::vector<int64_t> dims_;
};

std::ostream& operator<<(std::ostream& os, const DDim& dims);

}  // namespace lite
}  // namespace paddle
