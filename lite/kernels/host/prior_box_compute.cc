// prior_box on host, float32. Per cell (h, w) the centre is ((w + offset) * step_w,
// (h + offset) * step_h), step = image size / feature size when step_w or step_h is 0.
// Per min size, in Paddle's two orders:
//   default:                      each expanded ratio ar (1.0 first), then sqrt(min * max);
//   min_max_aspect_ratios_order:  min (the ar = 1 box), sqrt(min * max), then ratios != 1.
// A ratio-ar box is min*sqrt(ar) wide and min/sqrt(ar) high. Corners are divided by the
// image width/height and clamped to [0, 1] with clip. Every Variances row = variances.
#include <algorithm>
#include <cmath>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/prior_boxes_finish.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class PriorBoxCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& p = Param<operators::PriorBoxParam>();
    const DDim& in = p.input->dims();
    const DDim& img = p.image->dims();
    const int64_t feat_h = in[2], feat_w = in[3];
    const float img_h = static_cast<float>(img[2]), img_w = static_cast<float>(img[3]);
    float step_w = p.step_w, step_h = p.step_h;
    if (step_w == 0.f || step_h == 0.f) {
      step_w = img_w / feat_w;
      step_h = img_h / feat_h;
    }
    float* out = p.boxes->mutable_data<float>();
    p.variances->mutable_data<float>();
    // No boxes: nothing to do (and no looping over the other, possibly huge, feature dim).
    if (p.boxes->numel() == 0) return;
    auto emit = [&](float cx, float cy, float half_w, float half_h) {
      out[0] = (cx - half_w) / img_w;
      out[1] = (cy - half_h) / img_h;
      out[2] = (cx + half_w) / img_w;
      out[3] = (cy + half_h) / img_h;
      out += 4;
    };
    for (int64_t h = 0; h < feat_h; ++h) {
      for (int64_t w = 0; w < feat_w; ++w) {
        const float cx = (w + p.offset) * step_w;
        const float cy = (h + p.offset) * step_h;
        for (size_t s = 0; s < p.min_sizes.size(); ++s) {
          const float min_size = p.min_sizes[s];
          const bool has_max = !p.max_sizes.empty();
          const float big = has_max ? std::sqrt(min_size * p.max_sizes[s]) / 2.f : 0.f;
          if (p.min_max_aspect_ratios_order) {
            emit(cx, cy, min_size / 2.f, min_size / 2.f);
            if (has_max) emit(cx, cy, big, big);
            for (float ar : p.expanded_aspect_ratios) {
              if (std::fabs(ar - 1.f) < 1e-6f) continue;  // the min box above is ar = 1
              emit(cx, cy, min_size * std::sqrt(ar) / 2.f, min_size / std::sqrt(ar) / 2.f);
            }
          } else {
            for (float ar : p.expanded_aspect_ratios) {
              emit(cx, cy, min_size * std::sqrt(ar) / 2.f, min_size / std::sqrt(ar) / 2.f);
            }
            if (has_max) emit(cx, cy, big, big);
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

REGISTER_LITE_KERNEL(prior_box, kHost, kFloat, kNCHW, paddle::lite::kernels::host::PriorBoxCompute, def)
    // Only the shapes of Input and Image are read, so any precision will do.
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kNCHW))})
    .BindInput("Image", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kNCHW))})
    .BindOutput("Boxes", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Variances", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
