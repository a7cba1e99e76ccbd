// Helpers shared by the shape and detection op tests: typed (int32/int64) inputs, typed
// reads, and an error-message expectation.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {

// Appends var `name` to input `param` of the runner's op, holding `values` shaped `dims`.
template <typename T>
Tensor* SetTypedInput(OpRunner* r, const std::string& param, const std::string& name,
                      const DDim& dims, const std::vector<T>& values) {
  auto args = r->desc().Input(param);
  args.push_back(name);
  r->desc().SetInput(param, args);
  Tensor* t = r->Var(name);
  t->Resize(dims);
  EXPECT_EQ(static_cast<int64_t>(values.size()), dims.production()) << name;
  std::copy(values.begin(), values.end(), t->mutable_data<T>());
  return t;
}

template <typename T>
std::vector<T> TypedValues(const Tensor& t) {
  const T* p = t.data<T>();
  return std::vector<T>(p, p + t.numel());
}

// 0, 1, 2, ... as floats (easy to check by hand: value = flat index).
inline std::vector<float> Iota(int64_t n) {
  std::vector<float> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[i] = static_cast<float>(i);
  return v;
}

// Row-major strides of `dims`.
inline std::vector<int64_t> Strides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> s(dims.size(), 1);
  for (size_t d = dims.size(); d-- > 1;) s[d - 1] = s[d] * dims[d];
  return s;
}

}  // namespace test
}  // namespace lite
}  // namespace paddle

// Runs `stmt` and expects a PaddleLiteException whose message contains `substr`.
#define EXPECT_PLITE_ERROR(stmt, substr)                                                  \
  do {                                                                                    \
    try {                                                                                 \
      stmt;                                                                               \
      ADD_FAILURE() << "expected an error containing '" << (substr) << "'";               \
    } catch (const ::paddle::lite::PaddleLiteException& e) {                              \
      EXPECT_NE(std::string(e.what()).find(substr), std::string::npos) << e.what();       \
    }                                                                                     \
  } while (0)
