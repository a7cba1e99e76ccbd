// concat on host: for every outer slice, the inputs' runs along the axis are laid end
// to end (float32, int32, int64).
#include <cstring>

#include "lite/core/op_registry.h"
#include "lite/operators/concat_op.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename T, PrecisionType P>
class ConcatCompute : public KernelLite<TargetType::kHost, P, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::ConcatParam>();
    const DDim& out_dims = param.output->dims();
    const int axis = operators::ResolveConcatAxis(param, out_dims.size(), this->op_type());
    const int64_t outer = out_dims.count(0, axis);
    const int64_t inner = out_dims.count(axis + 1, out_dims.size());
    const int64_t out_run = out_dims[axis] * inner;
    T* out = param.output->template mutable_data<T>();
    int64_t axis_offset = 0;
    for (const Tensor* x : param.x) {
      const int64_t run = x->dims()[axis] * inner;
      if (run > 0) {
        const T* in = x->template data<T>();
        for (int64_t o = 0; o < outer; ++o) {
          std::memcpy(out + o * out_run + axis_offset, in + o * run, run * sizeof(T));
        }
      }
      axis_offset += run;
    }
  }
};

using ConcatFloat = ConcatCompute<float, PrecisionType::kFloat>;
using ConcatInt32 = ConcatCompute<int32_t, PrecisionType::kInt32>;
using ConcatInt64 = ConcatCompute<int64_t, PrecisionType::kInt64>;

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(concat, kHost, kFloat, kNCHW, paddle::lite::kernels::host::ConcatFloat, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("AxisTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
REGISTER_LITE_KERNEL(concat, kHost, kInt32, kNCHW, paddle::lite::kernels::host::ConcatInt32, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt32))})
    .BindInput("AxisTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt32))})
    .Finalize();
REGISTER_LITE_KERNEL(concat, kHost, kInt64, kNCHW, paddle::lite::kernels::host::ConcatInt64, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt64))})
    .BindInput("AxisTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt64))})
    .Finalize();
