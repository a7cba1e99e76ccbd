// softmax on host. X is viewed as [outer, n, inner] around the softmax axis; each of the
// outer*inner rows of n strided elements is normalized with its maximum subtracted
// first, so large inputs do not overflow exp.
#include <cmath>

#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class SoftmaxCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = Param<operators::SoftmaxParam>();
    const DDim& dims = param.x->dims();
    const int rank = static_cast<int>(dims.size());
    const size_t axis = static_cast<size_t>(param.axis < 0 ? param.axis + rank : param.axis);
    const int64_t outer = dims.count(0, axis);
    const int64_t n = dims[axis];
    const int64_t inner = dims.count(axis + 1, dims.size());
    const float* x = param.x->data<float>();
    float* out = param.output->mutable_data<float>();
    if (n <= 0) return;  // an empty axis: no element to normalize (and no buffer to read)

    for (int64_t o = 0; o < outer; ++o) {
      for (int64_t in = 0; in < inner; ++in) {
        const int64_t base = o * n * inner + in;
        float max_value = x[base];
        for (int64_t k = 1; k < n; ++k) max_value = std::fmax(max_value, x[base + k * inner]);
        float sum = 0.f;
        for (int64_t k = 0; k < n; ++k) {
          const float e = std::exp(x[base + k * inner] - max_value);
          out[base + k * inner] = e;
          sum += e;
        }
        for (int64_t k = 0; k < n; ++k) out[base + k * inner] /= sum;
      }
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(softmax, kHost, kFloat, kNCHW, paddle::lite::kernels::host::SoftmaxCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .Finalize();
