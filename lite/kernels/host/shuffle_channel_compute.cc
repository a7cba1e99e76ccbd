// shuffle_channel on host, element by element from the definition (the reference for the
// x86 kernel): Out[n, i * group + j, h, w] = X[n, j * (C / group) + i, h, w].
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class ShuffleChannelCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = Param<operators::ShuffleChannelParam>();
    const DDim& d = param.x->dims();
    const int64_t n = d[0], c = d[1], plane = d[2] * d[3];
    const int64_t group = param.group;
    const int64_t per_group = c / group;
    const float* x = param.x->data<float>();
    float* out = param.out->mutable_data<float>();
    for (int64_t b = 0; b < n; ++b) {
      for (int64_t i = 0; i < per_group; ++i) {
        for (int64_t j = 0; j < group; ++j) {
          const float* src = x + (b * c + j * per_group + i) * plane;
          float* dst = out + (b * c + i * group + j) * plane;
          for (int64_t k = 0; k < plane; ++k) dst[k] = src[k];
        }
      }
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(shuffle_channel, kHost, kFloat, kNCHW, paddle::lite::kernels::host::ShuffleChannelCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
