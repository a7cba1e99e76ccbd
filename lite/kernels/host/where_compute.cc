// where on host: Out = Condition ? X : Y with numpy broadcasting; X, Y and Out float32,
// int32 or int64, Condition bool.
#include <array>
#include <cstdint>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/broadcast_loop.h"
#include "lite/operators/broadcast_shape.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename T>
class WhereCompute
    : public KernelLite<TargetType::kHost, PrecisionTypeTrait<T>::value, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::WhereParam>();
    const operators::MultiBroadcastShape shape = operators::NumpyBroadcast(
        {param.condition->dims(), param.x->dims(), param.y->dims()}, {"Condition", "X", "Y"},
        "where");
    const bool* cond = param.condition->template data<bool>();
    const T* x = param.x->template data<T>();
    const T* y = param.y->template data<T>();
    T* out = param.out->template mutable_data<T>();
    const auto& in = shape.in_dims;
    ForEachBroadcast<3>(shape.out_dims, {&in[0], &in[1], &in[2]},
                        [&](int64_t i, const std::array<int64_t, 3>& at) {
                          out[i] = cond[at[0]] ? x[at[1]] : y[at[2]];
                        });
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_WHERE_TY(precision__) \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(precision__), DATALAYOUT(kNCHW))

REGISTER_LITE_KERNEL(where, kHost, kFloat, kNCHW, paddle::lite::kernels::host::WhereCompute<float>, def)
    .BindInput("Condition", {PLITE_WHERE_TY(kBool)})
    .BindInput("X", {PLITE_WHERE_TY(kFloat)})
    .BindInput("Y", {PLITE_WHERE_TY(kFloat)})
    .BindOutput("Out", {PLITE_WHERE_TY(kFloat)})
    .Finalize();
REGISTER_LITE_KERNEL(where, kHost, kInt32, kNCHW, paddle::lite::kernels::host::WhereCompute<int32_t>, int32)
    .BindInput("Condition", {PLITE_WHERE_TY(kBool)})
    .BindInput("X", {PLITE_WHERE_TY(kInt32)})
    .BindInput("Y", {PLITE_WHERE_TY(kInt32)})
    .BindOutput("Out", {PLITE_WHERE_TY(kInt32)})
    .Finalize();
REGISTER_LITE_KERNEL(where, kHost, kInt64, kNCHW, paddle::lite::kernels::host::WhereCompute<int64_t>, int64)
    .BindInput("Condition", {PLITE_WHERE_TY(kBool)})
    .BindInput("X", {PLITE_WHERE_TY(kInt64)})
    .BindInput("Y", {PLITE_WHERE_TY(kInt64)})
    .BindOutput("Out", {PLITE_WHERE_TY(kInt64)})
    .Finalize();
