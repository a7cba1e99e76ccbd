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
  // The value, made empty on first use. A value of the other kind is never replaced: ops
  // and the predictor keep pointers to it, which would then point into the new value.
  template <typename T>
  T* GetMutable() {
    if (std::holds_alternative<std::monostate>(value_)) value_ = T();
    PLITE_CHECK(std::holds_alternative<T>(value_), "variable holds a ", KindName(),
                ", not a ", std::is_same<T, Tensor>::value ? "tensor" : "tensor list");
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
  const char* KindName() const {
    return std::holds_alternative<Tensor>(value_)       ? "tensor"
           : std::holds_alternative<TensorList>(value_) ? "tensor list"
                                                        : "nothing";
  }

 private:
  std::variant<std::monostate, Tensor, TensorList> value_;
};

}  // namespace lite
}  // namespace paddle
