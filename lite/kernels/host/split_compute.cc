// split on host: each output takes its run of the split axis from every outer slice
// (float32, int32, int64; the integer kernels serve splits of `shape` outputs).
#include <cstring>

#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"
#include "lite/operators/split_op.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename T, PrecisionType P>
class SplitCompute : public KernelLite<TargetType::kHost, P, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::SplitParam>();
    const DDim& in_dims = param.x->dims();
    const int axis = operators::ResolveSplitAxis(param, in_dims.size(), this->op_type());
    const int64_t outer = in_dims.count(0, axis);
    const int64_t inner = in_dims.count(axis + 1, in_dims.size());
    const int64_t in_run = in_dims[axis] * inner;  // elements per outer slice of X
    const T* in = param.x->template data<T>();
    int64_t axis_offset = 0;
    for (Tensor* out_t : param.output) {
      const int64_t run = out_t->dims()[axis] * inner;
      T* out = out_t->template mutable_data<T>();
      for (int64_t o = 0; o < outer; ++o) {
        std::memcpy(out + o * run, in + o * in_run + axis_offset, run * sizeof(T));
      }
      axis_offset += run;
    }
  }
};

using SplitFloat = SplitCompute<float, PrecisionType::kFloat>;
using SplitInt32 = SplitCompute<int32_t, PrecisionType::kInt32>;
using SplitInt64 = SplitCompute<int64_t, PrecisionType::kInt64>;

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(split, kHost, kFloat, kNCHW, paddle::lite::kernels::host::SplitFloat, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("AxisTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("SectionsTensorList", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
REGISTER_LITE_KERNEL(split, kHost, kInt32, kNCHW, paddle::lite::kernels::host::SplitInt32, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt32))})
    .BindInput("AxisTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("SectionsTensorList", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt32))})
    .Finalize();
REGISTER_LITE_KERNEL(split, kHost, kInt64, kNCHW, paddle::lite::kernels::host::SplitInt64, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt64))})
    .BindInput("AxisTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("SectionsTensorList", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt64))})
    .Finalize();
