// Variable: a named slot in a Scope. Holds a Tensor, or a list of tensors for ops that
// take one (e.g. a tensor array); empty until first use.
#pragma once

#include <variant>
#include <vector>

#include "lite/core/tensor.h"

namespace paddle {
namespace lite {

using TensorList = std::vector<Tensor>;

class Variable {
 public:
  template <typename T>
  T* GetMutable() {
    if (!std::holds_alternative<T>(value_)) value_ = T();
    return &std::get<T>(value_);
  }
  template <typename T>
  const T& Get() const {
    PLITE_CHECK(std::holds_alternative<T>(value_), "variable holds another kind of value");
    return std::get<T>(value_);
  }
  template <typename T>
  bool IsType() const {
    return std::holds_alternative<T>(value_);
  }

 private:
  std::variant<std::monostate, Tensor, TensorList> value_;
};

}  // namespace lite
}  // namespace paddle
