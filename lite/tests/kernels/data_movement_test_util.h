// Helpers for the data movement op tests: load-only attach (for attribute errors that
// must surface when the model loads), multi-index arithmetic for naive references.
#pragma once

#include <string>
#include <vector>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {

// Creates the runner's op and attaches it (what loading a model does), nothing more.
inline void AttachOnly(OpRunner* r) {
  auto op = OpRegistry::Global().Create(r->desc().Type());
  op->Attach(r->desc(), &r->scope());
}

// The multi-index of flat index `i` in row-major `dims`.
inline std::vector<int64_t> Unflatten(int64_t i, const std::vector<int64_t>& dims) {
  std::vector<int64_t> idx(dims.size());
  for (size_t d = dims.size(); d-- > 0;) {
    idx[d] = i % dims[d];
    i /= dims[d];
  }
  return idx;
}

inline int64_t Flatten(const std::vector<int64_t>& idx, const std::vector<int64_t>& dims) {
  int64_t i = 0;
  for (size_t d = 0; d < dims.size(); ++d) i = i * dims[d] + idx[d];
  return i;
}

inline int64_t Count(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

const Place kInt32Place(TargetType::kHost, PrecisionType::kInt32);
const Place kInt64Place(TargetType::kHost, PrecisionType::kInt64);
const Place kBoolPlace(TargetType::kHost, PrecisionType::kBool);

}  // namespace test
}  // namespace lite
}  // namespace paddle
