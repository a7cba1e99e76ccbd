// conv2d / depthwise_conv2d on host: per image and group, im2col then a GEMM with the
// group's filters, then bias and the fused activation (grouped_conv.h, shared as the
// backends' fallback). Depthwise is groups == channels.
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/grouped_conv.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class ConvCompute : public KernelLite<TargetType::kHost, PrecisionType::kFloat> {
 public:
  void Run() override {
    RunGroupedConv(*this, "host", Param<operators::ConvParam>(), &col_);
  }

 private:
  std::vector<float> col_;  // im2col scratch, reused across runs
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS((conv2d, depthwise_conv2d), kHost, kFloat, kNCHW, paddle::lite::kernels::host::ConvCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .Finalize();
