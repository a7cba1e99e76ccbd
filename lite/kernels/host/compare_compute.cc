// Comparison ops (float32, int32, int64 in; bool out) and logical ops (bool in and out) on
// host, with the elementwise ops' broadcasting. A NaN compares unequal to everything, so
// only not_equal is true for it, as in IEEE arithmetic and Paddle.
#include <array>
#include <cstdint>
#include <string>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/broadcast_loop.h"
#include "lite/operators/broadcast_shape.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename T>
using BinaryPredicate = bool (*)(T, T);

template <typename T>
BinaryPredicate<T> PredicateOf(const std::string& type) {
  if (type == "less_than") return [](T a, T b) { return a < b; };
  if (type == "less_equal") return [](T a, T b) { return a <= b; };
  if (type == "greater_than") return [](T a, T b) { return a > b; };
  if (type == "greater_equal") return [](T a, T b) { return a >= b; };
  if (type == "equal") return [](T a, T b) { return a == b; };
  if (type == "not_equal") return [](T a, T b) { return a != b; };
  if (type == "logical_and") return [](T a, T b) { return a && b; };
  if (type == "logical_or") return [](T a, T b) { return a || b; };
  if (type == "logical_xor") return [](T a, T b) { return a != b; };
  PLITE_THROW("host compare kernel: no predicate for op type '", type, "'");
}

// Out = pred(X, Y) broadcast; T is float/int32/int64 for comparisons, bool for logical ops.
template <typename T>
class CompareCompute
    : public KernelLite<TargetType::kHost, PrecisionTypeTrait<T>::value, DataLayoutType::kNCHW> {
 public:
  void PrepareForRun() override {
    if (this->op_type() != "logical_not") pred_ = PredicateOf<T>(this->op_type());
  }

  void Run() override {
    auto& param = this->template Param<operators::CompareParam>();
    const T* x = param.x->template data<T>();
    bool* out = param.out->template mutable_data<bool>();
    if (!param.y) {  // logical_not
      const int64_t n = param.x->numel();
      for (int64_t i = 0; i < n; ++i) out[i] = !x[i];
      return;
    }
    const operators::BroadcastShape shape = operators::ElementwiseBroadcast(
        param.x->dims(), param.y->dims(), param.axis, this->op_type());
    const T* y = param.y->template data<T>();
    const BinaryPredicate<T> pred = pred_;
    ForEachBroadcast<2>(shape.out_dims, {&shape.x_dims, &shape.y_dims},
                        [&](int64_t i, const std::array<int64_t, 2>& at) {
                          out[i] = pred(x[at[0]], y[at[1]]);
                        });
  }

 private:
  BinaryPredicate<T> pred_ = nullptr;
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_COMPARE_TY(precision__) \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(precision__), DATALAYOUT(kNCHW))

REGISTER_LITE_KERNELS((less_than, less_equal, greater_than, greater_equal, equal, not_equal), kHost, kFloat, kNCHW, paddle::lite::kernels::host::CompareCompute<float>, def)
    .BindInput("X", {PLITE_COMPARE_TY(kFloat)})
    .BindInput("Y", {PLITE_COMPARE_TY(kFloat)})
    .BindOutput("Out", {PLITE_COMPARE_TY(kBool)})
    .Finalize();
REGISTER_LITE_KERNELS((less_than, less_equal, greater_than, greater_equal, equal, not_equal), kHost, kInt32, kNCHW, paddle::lite::kernels::host::CompareCompute<int32_t>, int32)
    .BindInput("X", {PLITE_COMPARE_TY(kInt32)})
    .BindInput("Y", {PLITE_COMPARE_TY(kInt32)})
    .BindOutput("Out", {PLITE_COMPARE_TY(kBool)})
    .Finalize();
REGISTER_LITE_KERNELS((less_than, less_equal, greater_than, greater_equal, equal, not_equal), kHost, kInt64, kNCHW, paddle::lite::kernels::host::CompareCompute<int64_t>, int64)
    .BindInput("X", {PLITE_COMPARE_TY(kInt64)})
    .BindInput("Y", {PLITE_COMPARE_TY(kInt64)})
    .BindOutput("Out", {PLITE_COMPARE_TY(kBool)})
    .Finalize();
REGISTER_LITE_KERNELS((logical_and, logical_or, logical_xor), kHost, kBool, kNCHW, paddle::lite::kernels::host::CompareCompute<bool>, def)
    .BindInput("X", {PLITE_COMPARE_TY(kBool)})
    .BindInput("Y", {PLITE_COMPARE_TY(kBool)})
    .BindOutput("Out", {PLITE_COMPARE_TY(kBool)})
    .Finalize();
REGISTER_LITE_KERNEL(logical_not, kHost, kBool, kNCHW, paddle::lite::kernels::host::CompareCompute<bool>, def)
    .BindInput("X", {PLITE_COMPARE_TY(kBool)})
    .BindOutput("Out", {PLITE_COMPARE_TY(kBool)})
    .Finalize();
