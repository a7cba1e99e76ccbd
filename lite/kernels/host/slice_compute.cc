// slice on host: copies the resolved region element by element (float32, int32, int64;
// the integer kernels serve slices of `shape` outputs).
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"
#include "lite/operators/slice_op.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename T, PrecisionType P>
class SliceCompute : public KernelLite<TargetType::kHost, P, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::SliceParam>();
    const DDim& in_dims = param.x->dims();
    const operators::SliceRegion r =
        operators::ResolveSliceRegion(param, in_dims, this->op_type());
    const size_t rank = in_dims.size();
    std::vector<int64_t> in_strides(rank, 1);
    for (size_t d = rank; d-- > 1;) in_strides[d - 1] = in_strides[d] * in_dims[d];
    std::vector<int64_t> extent(rank);
    int64_t total = 1;
    for (size_t d = 0; d < rank; ++d) {
      extent[d] = r.ends[d] - r.starts[d];
      total *= extent[d];
    }
    const T* in = param.x->template data<T>();
    T* out = param.out->template mutable_data<T>();
    for (int64_t o = 0; o < total; ++o) {
      // Decompose the output index (row-major over `extent`) into the input offset.
      int64_t rest = o;
      int64_t offset = 0;
      for (size_t d = rank; d-- > 0;) {
        const int64_t i = rest % extent[d];
        rest /= extent[d];
        offset += (r.starts[d] + i) * in_strides[d];
      }
      out[o] = in[offset];
    }
  }
};

using SliceFloat = SliceCompute<float, PrecisionType::kFloat>;
using SliceInt32 = SliceCompute<int32_t, PrecisionType::kInt32>;
using SliceInt64 = SliceCompute<int64_t, PrecisionType::kInt64>;

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(slice, kHost, kFloat, kNCHW, paddle::lite::kernels::host::SliceFloat, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("StartsTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("EndsTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("StartsTensorList", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("EndsTensorList", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
REGISTER_LITE_KERNEL(slice, kHost, kInt32, kNCHW, paddle::lite::kernels::host::SliceInt32, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt32))})
    .BindInput("StartsTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("EndsTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("StartsTensorList", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("EndsTensorList", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt32))})
    .Finalize();
REGISTER_LITE_KERNEL(slice, kHost, kInt64, kNCHW, paddle::lite::kernels::host::SliceInt64, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt64))})
    .BindInput("StartsTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("EndsTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("StartsTensorList", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("EndsTensorList", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt64))})
    .Finalize();
