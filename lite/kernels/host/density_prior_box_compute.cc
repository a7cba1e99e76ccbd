// density_prior_box on host, float32, following Paddle's arithmetic exactly:
//   step = image / feature size when step_w or step_h is 0; centre c = (index + offset) * step;
//   step_average = int((step_w + step_h) / 2); per fixed size s with density d:
//   shift = step_average / d (integer division); for each fixed ratio r (outer) and grid
//   point (di, dj) (row-major), a box of width s*sqrt(r) and height s/sqrt(r) centred at
//   (cx - step_average/2 + shift/2 + dj*shift, cy - ... + di*shift).
// The left/top corners are always floored at 0 and the right/bottom capped at 1 (as Paddle
// does); clip then clamps every coordinate to [0, 1].
#include <algorithm>
#include <cmath>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/prior_boxes_finish.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class DensityPriorBoxCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& p = Param<operators::DensityPriorBoxParam>();
    const DDim& in = p.input->dims();
    const DDim& img = p.image->dims();
    const int64_t feat_h = in[2], feat_w = in[3];
    const float img_h = static_cast<float>(img[2]), img_w = static_cast<float>(img[3]);
    float step_w = p.step_w, step_h = p.step_h;
    if (step_w == 0.f || step_h == 0.f) {
      step_w = img_w / feat_w;
      step_h = img_h / feat_h;
    }
    const int step_average = static_cast<int>((step_w + step_h) * 0.5f);
    float* out = p.boxes->mutable_data<float>();
    p.variances->mutable_data<float>();
    // No boxes: nothing to do (and no looping over the other, possibly huge, feature dim).
    if (p.boxes->numel() == 0) return;
    for (int64_t h = 0; h < feat_h; ++h) {
      for (int64_t w = 0; w < feat_w; ++w) {
        const float cx = (w + p.offset) * step_w;
        const float cy = (h + p.offset) * step_h;
        for (size_t s = 0; s < p.fixed_sizes.size(); ++s) {
          const int density = p.densities[s];
          const int shift = step_average / density;
          for (float ratio : p.fixed_ratios) {
            const float box_w = p.fixed_sizes[s] * std::sqrt(ratio);
            const float box_h = p.fixed_sizes[s] / std::sqrt(ratio);
            const float x0 = cx - step_average / 2.f + shift / 2.f;
            const float y0 = cy - step_average / 2.f + shift / 2.f;
            for (int di = 0; di < density; ++di) {
              for (int dj = 0; dj < density; ++dj) {
                const float x = x0 + dj * shift;
                const float y = y0 + di * shift;
                out[0] = std::max((x - box_w / 2.f) / img_w, 0.f);
                out[1] = std::max((y - box_h / 2.f) / img_h, 0.f);
                out[2] = std::min((x + box_w / 2.f) / img_w, 1.f);
                out[3] = std::min((y + box_h / 2.f) / img_h, 1.f);
                out += 4;
              }
            }
          }
        }
      }
    }
    FinishPriorBoxes(p.clip, p.variances_attr, p.boxes, p.variances);
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(density_prior_box, kHost, kFloat, kNCHW, paddle::lite::kernels::host::DensityPriorBoxCompute, def)
    // Only the shapes of Input and Image are read, so any precision will do.
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kNCHW))})
    .BindInput("Image", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kNCHW))})
    .BindOutput("Boxes", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Variances", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
