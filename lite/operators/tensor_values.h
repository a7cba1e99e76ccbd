// Reading the small host tensors some ops take as inputs in place of attributes (sizes,
// bounds, axes given at run time). Integer tensors may be int32 or int64, as Paddle
// exports either.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "lite/core/tensor.h"

namespace paddle {
namespace lite {
namespace operators {

// All values of an int32/int64 tensor; throws naming the op and argument otherwise.
inline std::vector<int64_t> ReadIntValues(const Tensor& t, const std::string& op,
                                          const std::string& arg) {
  const int64_t n = t.numel();
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(n));
  if (t.precision() == PrecisionType::kInt32) {
    const int32_t* p = t.data<int32_t>();
    for (int64_t i = 0; i < n; ++i) out.push_back(p[i]);
  } else if (t.precision() == PrecisionType::kInt64) {
    const int64_t* p = t.data<int64_t>();
    for (int64_t i = 0; i < n; ++i) out.push_back(p[i]);
  } else {
    PLITE_THROW("op '", op, "': input '", arg, "' must hold int32 or int64 values, got ",
                lite_api::PrecisionToStr(t.precision()));
  }
  return out;
}

// One value from each tensor of a list of one-element tensors (e.g. ShapeTensor).
inline std::vector<int64_t> ReadIntScalars(const std::vector<const Tensor*>& list,
                                           const std::string& op, const std::string& arg) {
  std::vector<int64_t> out;
  for (size_t i = 0; i < list.size(); ++i) {
    std::vector<int64_t> v = ReadIntValues(*list[i], op, arg);
    PLITE_CHECK(v.size() == 1, "op '", op, "': each tensor of '", arg,
                "' must hold one value, tensor ", i, " has dims ", list[i]->dims());
    out.push_back(v[0]);
  }
  return out;
}

inline std::vector<float> ReadFloatValues(const Tensor& t, const std::string& op,
                                          const std::string& arg) {
  PLITE_CHECK(t.precision() == PrecisionType::kFloat, "op '", op, "': input '", arg,
              "' must hold float32 values, got ", lite_api::PrecisionToStr(t.precision()));
  const float* p = t.data<float>();
  return std::vector<float>(p, p + t.numel());
}

// Normalizes a possibly negative axis against `rank`; throws when out of [-rank, rank).
inline int NormalizeAxis(int64_t axis, size_t rank, const std::string& op,
                         const std::string& what) {
  const int64_t r = static_cast<int64_t>(rank);
  PLITE_CHECK(axis >= -r && axis < r, "op '", op, "': ", what, " ", axis,
              " is out of range for a rank-", rank, " input");
  return static_cast<int>(axis < 0 ? axis + r : axis);
}

// The axis from an optional one-value "AxisTensor" input, else the `axis` attribute,
// normalized against `rank`.
inline int ResolveAxis(int64_t attr_axis, const Tensor* axis_tensor, size_t rank,
                       const std::string& op) {
  int64_t axis = attr_axis;
  if (axis_tensor) {
    const std::vector<int64_t> v = ReadIntValues(*axis_tensor, op, "AxisTensor");
    PLITE_CHECK(v.size() == 1, "op '", op, "': AxisTensor must hold one value, has dims ",
                axis_tensor->dims());
    axis = v[0];
  }
  return NormalizeAxis(axis, rank, op, "axis");
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
