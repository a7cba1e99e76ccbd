// pool2d on host. The op has already resolved the effective ksize and paddings (global
// pooling, SAME/VALID), so this only walks the windows.
#include <algorithm>
#include <cstdint>
#include <limits>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/pool_window.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class PoolCompute : public KernelLite<TargetType::kHost, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::PoolParam>();
    const DDim& in_dims = param.x->dims();
    const DDim& out_dims = param.output->dims();
    const int64_t planes = in_dims[0] * in_dims[1];
    const int in_h = static_cast<int>(in_dims[2]), in_w = static_cast<int>(in_dims[3]);
    const int out_h = static_cast<int>(out_dims[2]), out_w = static_cast<int>(out_dims[3]);
    const bool is_max = param.pooling_type == "max";
    const bool divide_by_real_count = param.exclusive || param.adaptive;

    const float* x = param.x->data<float>();
    float* out = param.output->mutable_data<float>();
    for (int64_t p = 0; p < planes; ++p) {
      const float* plane = x + p * in_h * in_w;
      for (int oh = 0; oh < out_h; ++oh) {
        const WindowRange rows =
            param.adaptive ? AdaptiveRange(oh, in_h, out_h)
                           : SlidingRange(oh, in_h, param.ksize[0], param.strides[0],
                                          param.paddings[0]);
        for (int ow = 0; ow < out_w; ++ow) {
          const WindowRange cols =
              param.adaptive ? AdaptiveRange(ow, in_w, out_w)
                             : SlidingRange(ow, in_w, param.ksize[1], param.strides[1],
                                            param.paddings[2]);
          float acc = is_max ? std::numeric_limits<float>::lowest() : 0.f;
          for (int h = rows.begin; h < rows.end; ++h) {
            for (int w = cols.begin; w < cols.end; ++w) {
              const float v = plane[h * in_w + w];
              acc = is_max ? std::max(acc, v) : acc + v;
            }
          }
          const int count = std::max(rows.end - rows.begin, 0) * std::max(cols.end - cols.begin, 0);
          float result;
          if (count == 0) {
            // A window entirely in the padding (possible with ceil_mode or paddings >= ksize)
            // reads nothing; it yields 0, the padding value.
            result = 0.f;
          } else if (is_max) {
            result = acc;
          } else {
            const int divisor =
                divide_by_real_count ? count : rows.padded_size * cols.padded_size;
            result = acc / static_cast<float>(divisor);
          }
          out[(p * out_h + oh) * out_w + ow] = result;
        }
      }
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(pool2d, kHost, kFloat, kNCHW, paddle::lite::kernels::host::PoolCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .Finalize();
