// nearest / bilinear interpolation on host, NCHW float32. Source coordinates follow
// Paddle's CPU kernels, including their float/double mix, so indices match exactly.
#include <algorithm>
#include <cstring>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/operators/interpolate_op.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

namespace {
// Source step per output step along one axis.
float SourceRatio(int in, int out, float given_scale, bool align_corners) {
  if (out <= 1) return 0.f;
  if (align_corners) return static_cast<float>(in - 1) / (out - 1);
  return given_scale > 0.f ? static_cast<float>(1. / given_scale)
                           : static_cast<float>(in) / out;
}

// Nearest source index per output index (clamped so a size forced by OutSize never reads
// past the input).
std::vector<int> NearestIndices(int in, int out, float ratio, bool align_corners) {
  std::vector<int> idx(out);
  for (int k = 0; k < out; ++k) {
    const int i = align_corners ? static_cast<int>(ratio * k + 0.5) : static_cast<int>(ratio * k);
    idx[k] = std::min(std::max(i, 0), in - 1);
  }
  return idx;
}

// Bilinear taps along one axis: lower/upper source index and the weight of the upper.
struct Taps {
  std::vector<int> lo, hi;
  std::vector<float> w_hi;
};

Taps LinearTaps(int in, int out, float ratio, bool align_corners, int align_mode) {
  const bool half_pixel = align_mode == 0 && !align_corners;
  Taps t;
  for (int k = 0; k < out; ++k) {
    int lo = half_pixel ? static_cast<int>(ratio * (k + 0.5) - 0.5) : static_cast<int>(ratio * k);
    lo = std::min(std::max(lo, 0), in - 1);
    const int hi = (lo + 1) < (in - 1) ? (lo + 1) : (in - 1);
    float src = ratio * (k + 0.5) - 0.5;
    src = src > 0 ? src : 0;
    const float w = half_pixel ? src - lo : ratio * k - lo;
    t.lo.push_back(lo);
    t.hi.push_back(hi);
    t.w_hi.push_back(w);
  }
  return t;
}
}  // namespace

class InterpolateCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = Param<operators::InterpolateParam>();
    const DDim& in_dims = param.x->dims();
    const int planes = static_cast<int>(in_dims[0] * in_dims[1]);
    const int in_h = static_cast<int>(in_dims[2]);
    const int in_w = static_cast<int>(in_dims[3]);
    const operators::InterpolatePlan plan = operators::PlanInterpolate(param, op_type());
    const int out_h = plan.out_h;
    const int out_w = plan.out_w;
    const float* in = param.x->data<float>();
    float* out = param.out->mutable_data<float>();
    if (in_h == out_h && in_w == out_w) {  // Paddle copies when the size is unchanged
      std::memcpy(out, in, param.x->numel() * sizeof(float));
      return;
    }
    const float ratio_h = SourceRatio(in_h, out_h, plan.scale_h, param.align_corners);
    const float ratio_w = SourceRatio(in_w, out_w, plan.scale_w, param.align_corners);

    if (param.interp_method == "nearest") {
      const std::vector<int> ys = NearestIndices(in_h, out_h, ratio_h, param.align_corners);
      const std::vector<int> xs = NearestIndices(in_w, out_w, ratio_w, param.align_corners);
      for (int p = 0; p < planes; ++p) {
        const float* src = in + static_cast<int64_t>(p) * in_h * in_w;
        float* dst = out + static_cast<int64_t>(p) * out_h * out_w;
        for (int y = 0; y < out_h; ++y) {
          for (int x = 0; x < out_w; ++x) dst[y * out_w + x] = src[ys[y] * in_w + xs[x]];
        }
      }
      return;
    }

    const Taps ty = LinearTaps(in_h, out_h, ratio_h, param.align_corners, param.align_mode);
    const Taps tx = LinearTaps(in_w, out_w, ratio_w, param.align_corners, param.align_mode);
    for (int p = 0; p < planes; ++p) {
      const float* src = in + static_cast<int64_t>(p) * in_h * in_w;
      float* dst = out + static_cast<int64_t>(p) * out_h * out_w;
      for (int y = 0; y < out_h; ++y) {
        const float wy1 = ty.w_hi[y];
        const float wy0 = 1.f - wy1;
        for (int x = 0; x < out_w; ++x) {
          const float wx1 = tx.w_hi[x];
          const float wx0 = 1.f - wx1;
          dst[y * out_w + x] = src[ty.lo[y] * in_w + tx.lo[x]] * wy0 * wx0 +
                               src[ty.hi[y] * in_w + tx.lo[x]] * wy1 * wx0 +
                               src[ty.lo[y] * in_w + tx.hi[x]] * wy0 * wx1 +
                               src[ty.hi[y] * in_w + tx.hi[x]] * wy1 * wx1;
        }
      }
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(nearest_interp, kHost, kFloat, kNCHW, paddle::lite::kernels::host::InterpolateCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("OutSize", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("SizeTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("Scale", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
REGISTER_LITE_KERNEL(nearest_interp_v2, kHost, kFloat, kNCHW, paddle::lite::kernels::host::InterpolateCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("OutSize", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("SizeTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("Scale", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
REGISTER_LITE_KERNEL(bilinear_interp, kHost, kFloat, kNCHW, paddle::lite::kernels::host::InterpolateCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("OutSize", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("SizeTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("Scale", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
REGISTER_LITE_KERNEL(bilinear_interp_v2, kHost, kFloat, kNCHW, paddle::lite::kernels::host::InterpolateCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("OutSize", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("SizeTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("Scale", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
