// layout / layout_once on host: float32 4-D NCHW <-> NHWC.
//
// Convention: a tensor's dims always describe its memory order. An NCHW tensor with dims
// [N, C, H, W] becomes an NHWC tensor with dims [N, H, W, C] (and back), and the output's
// layout tag is set to the layout the kernel produces. The layout op only copies dims, since
// it cannot know the direction; the kernel sets the permuted dims when it runs.
#include <cstdint>

#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <bool kToNhwc>
class LayoutCompute : public KernelLite<TargetType::kHost, PrecisionType::kFloat,
                                        kToNhwc ? DataLayoutType::kNHWC : DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::TypeCastParam>();
    const DDim& in_dims = param.x->dims();
    PLITE_CHECK(in_dims.size() == 4, "layout ", kToNhwc ? "nchw_to_nhwc" : "nhwc_to_nchw",
                ": Input must be 4-D, got ", in_dims);
    // Logical sizes, whichever order the source holds them in.
    const int64_t n = in_dims[0];
    const int64_t c = kToNhwc ? in_dims[1] : in_dims[3];
    const int64_t h = kToNhwc ? in_dims[2] : in_dims[1];
    const int64_t w = kToNhwc ? in_dims[3] : in_dims[2];

    const float* src = param.x->template data<float>();
    param.out->Resize(kToNhwc ? DDim({n, h, w, c}) : DDim({n, c, h, w}));
    float* dst = param.out->template mutable_data<float>();
    for (int64_t in = 0; in < n; ++in) {
      for (int64_t ic = 0; ic < c; ++ic) {
        for (int64_t ih = 0; ih < h; ++ih) {
          for (int64_t iw = 0; iw < w; ++iw) {
            const int64_t nchw = ((in * c + ic) * h + ih) * w + iw;
            const int64_t nhwc = ((in * h + ih) * w + iw) * c + ic;
            if (kToNhwc) {
              dst[nhwc] = src[nchw];
            } else {
              dst[nchw] = src[nhwc];
            }
          }
        }
      }
    }
    param.out->set_layout(kToNhwc ? DataLayoutType::kNHWC : DataLayoutType::kNCHW);
  }
};

using LayoutNchwToNhwc = LayoutCompute<true>;
using LayoutNhwcToNchw = LayoutCompute<false>;

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_LAYOUT_TY(layout__) \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(layout__))

REGISTER_LITE_KERNELS((layout, layout_once), kHost, kFloat, kNHWC, paddle::lite::kernels::host::LayoutNchwToNhwc, nchw_to_nhwc)
    .BindInput("Input", {PLITE_LAYOUT_TY(kNCHW)})
    .BindOutput("Out", {PLITE_LAYOUT_TY(kNHWC)})
    .Finalize();
REGISTER_LITE_KERNELS((layout, layout_once), kHost, kFloat, kNCHW, paddle::lite::kernels::host::LayoutNhwcToNchw, nhwc_to_nchw)
    .BindInput("Input", {PLITE_LAYOUT_TY(kNHWC)})
    .BindOutput("Out", {PLITE_LAYOUT_TY(kNCHW)})
    .Finalize();
