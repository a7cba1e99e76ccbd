// split on host: each output takes its run of the split axis from every outer slice.
#include <cstring>

#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"
#include "lite/operators/split_op.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class SplitCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = Param<operators::SplitParam>();
    const DDim& in_dims = param.x->dims();
    const int axis = operators::ResolveSplitAxis(param, in_dims.size(), op_type());
    const int64_t outer = in_dims.count(0, axis);
    const int64_t inner = in_dims.count(axis + 1, in_dims.size());
    const int64_t in_run = in_dims[axis] * inner;  // elements per outer slice of X
    const float* in = param.x->data<float>();
    int64_t axis_offset = 0;
    for (Tensor* out_t : param.output) {
      const int64_t run = out_t->dims()[axis] * inner;
      float* out = out_t->mutable_data<float>();
      for (int64_t o = 0; o < outer; ++o) {
        std::memcpy(out + o * run, in + o * in_run + axis_offset, run * sizeof(float));
      }
      axis_offset += run;
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(split, kHost, kFloat, kNCHW, paddle::lite::kernels::host::SplitCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("AxisTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("SectionsTensorList", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
