// transpose / transpose2 on host: every output element reads X at the permuted index.
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class TransposeCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = Param<operators::TransposeParam>();
    const DDim& in_dims = param.x->dims();
    const DDim& out_dims = param.output->dims();
    const size_t rank = in_dims.size();
    std::vector<int64_t> in_strides(rank, 1);
    for (size_t d = rank; d-- > 1;) in_strides[d - 1] = in_strides[d] * in_dims[d];
    // Output dim i walks input dim axis[i].
    std::vector<int64_t> stride_of_out_dim(rank);
    for (size_t i = 0; i < rank; ++i) stride_of_out_dim[i] = in_strides[param.axis[i]];
    const float* in = param.x->data<float>();
    float* out = param.output->mutable_data<float>();
    const int64_t total = out_dims.production();
    for (int64_t o = 0; o < total; ++o) {
      int64_t rest = o;
      int64_t offset = 0;
      for (size_t i = rank; i-- > 0;) {
        offset += (rest % out_dims[i]) * stride_of_out_dim[i];
        rest /= out_dims[i];
      }
      out[o] = in[offset];
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS((transpose, transpose2), kHost, kFloat, kNCHW, paddle::lite::kernels::host::TransposeCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("XShape", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .Finalize();
