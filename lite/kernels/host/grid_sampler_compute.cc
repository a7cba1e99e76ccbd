// grid_sampler on host (float), as phi's CPU kernel computes it: the grid point is mapped to
// pixel coordinates, padded (border: clamped; reflection: mirrored, then clamped), then
// read bilinearly from its four neighbours or at the nearest pixel; with zeros padding a
// neighbour outside the image reads 0.
#include <cmath>

#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

namespace {

// [-1, 1] -> [0, size - 1] (align_corners: the corner pixels' centres) or the pixels' outer
// edges [-0.5, size - 0.5].
float Unnormalize(float g, int64_t size, bool align_corners) {
  const float max_val = static_cast<float>(size - 1);
  return align_corners ? (g + 1.f) * (max_val * 0.5f) : (g + 1.f) * ((max_val + 1.f) * 0.5f) - 0.5f;
}

float Pad(float v, int64_t size, bool align_corners, const std::string& padding_mode) {
  const float max_val = static_cast<float>(size - 1);
  if (padding_mode == "border") return std::fmin(std::fmax(v, 0.f), max_val);
  if (padding_mode != "reflection") return v;
  if (align_corners) {
    if (size == 1) return 0.f;
    const float range = max_val * 2.f;
    const float a = std::fabs(v);
    const float extra = a - std::floor(a / range) * range;
    return std::fmin(extra, range - extra);
  }
  const float range = (max_val + 1.f) * 2.f;
  const float a = std::fabs(v + 0.5f);
  const float extra = a - std::floor(a / range) * range;
  return std::fmin(std::fmax(std::fmin(extra, range - extra) - 0.5f, 0.f), max_val);
}

}  // namespace

class GridSamplerCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = Param<operators::GridSamplerParam>();
    const DDim& in = param.x->dims();
    const int64_t n = in[0], c = in[1], h = in[2], w = in[3];
    const int64_t out_h = param.grid->dims()[1], out_w = param.grid->dims()[2];
    const float* x = param.x->data<float>();
    const float* grid = param.grid->data<float>();
    float* out = param.out->mutable_data<float>();
    const bool nearest = param.mode == "nearest";
    // A pixel's value, 0 outside the image (and for non-finite coordinates).
    auto at = [&](const float* plane, float yy, float xx) {
      if (!(xx >= 0.f && xx <= static_cast<float>(w - 1) && yy >= 0.f &&
            yy <= static_cast<float>(h - 1))) {
        return 0.f;
      }
      return plane[static_cast<int64_t>(yy) * w + static_cast<int64_t>(xx)];
    };
    for (int64_t b = 0; b < n; ++b) {
      for (int64_t p = 0; p < out_h * out_w; ++p) {
        const float* g = grid + (b * out_h * out_w + p) * 2;
        const float gx = Pad(Unnormalize(g[0], w, param.align_corners), w, param.align_corners,
                             param.padding_mode);
        const float gy = Pad(Unnormalize(g[1], h, param.align_corners), h, param.align_corners,
                             param.padding_mode);
        // A NaN or infinite point reads 0, like one outside the image.
        const bool finite = std::isfinite(gx) && std::isfinite(gy);
        for (int64_t ch = 0; ch < c; ++ch) {
          const float* plane = x + (b * c + ch) * h * w;
          if (!finite) {
            out[((b * c + ch) * out_h * out_w) + p] = 0.f;
            continue;
          }
          float v;
          if (nearest) {
            v = at(plane, std::round(gy), std::round(gx));
          } else {
            const float x0 = std::floor(gx), y0 = std::floor(gy);
            const float dx = gx - x0, dy = gy - y0;
            v = at(plane, y0, x0) * (1.f - dx) * (1.f - dy) + at(plane, y0, x0 + 1.f) * dx * (1.f - dy) +
                at(plane, y0 + 1.f, x0) * (1.f - dx) * dy + at(plane, y0 + 1.f, x0 + 1.f) * dx * dy;
          }
          out[((b * c + ch) * out_h * out_w) + p] = v;
        }
      }
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(grid_sampler, kHost, kFloat, kNCHW, paddle::lite::kernels::host::GridSamplerCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .BindInput("Grid", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .Finalize();
