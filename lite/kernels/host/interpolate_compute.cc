// nearest / bilinear interpolation on host, NCHW float32. Source coordinates follow
// Paddle's CPU kernels (interp_taps.h).
#include <cstdint>
#include <cstring>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/interp_taps.h"
#include "lite/operators/interpolate_op.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

namespace {
// One loop over every output pixel of every plane for both methods; pixel(src, y, x) is the
// value of output (y, x) read from the plane `src`.
template <typename Pixel>
void ForEachOutputPixel(const float* in, float* out, int planes, int in_h, int in_w, int out_h,
                        int out_w, const Pixel& pixel) {
  for (int p = 0; p < planes; ++p) {
    const float* src = in + static_cast<int64_t>(p) * in_h * in_w;
    float* dst = out + static_cast<int64_t>(p) * out_h * out_w;
    for (int y = 0; y < out_h; ++y) {
      for (int x = 0; x < out_w; ++x) dst[y * out_w + x] = pixel(src, y, x);
    }
  }
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
    const float ratio_h = InterpSourceRatio(in_h, out_h, plan.scale_h, param.align_corners);
    const float ratio_w = InterpSourceRatio(in_w, out_w, plan.scale_w, param.align_corners);

    if (param.interp_method == "nearest") {
      const std::vector<int> ys = NearestIndices(in_h, out_h, ratio_h, param.align_corners);
      const std::vector<int> xs = NearestIndices(in_w, out_w, ratio_w, param.align_corners);
      ForEachOutputPixel(in, out, planes, in_h, in_w, out_h, out_w,
                         [&](const float* src, int y, int x) { return src[ys[y] * in_w + xs[x]]; });
      return;
    }
    const LinearTaps ty = MakeLinearTaps(in_h, out_h, ratio_h, param.align_corners, param.align_mode);
    const LinearTaps tx = MakeLinearTaps(in_w, out_w, ratio_w, param.align_corners, param.align_mode);
    ForEachOutputPixel(in, out, planes, in_h, in_w, out_h, out_w,
                       [&](const float* src, int y, int x) {
      const float wy1 = ty.w_hi[y];
      const float wy0 = 1.f - wy1;
      const float wx1 = tx.w_hi[x];
      const float wx0 = 1.f - wx1;
      return src[ty.lo[y] * in_w + tx.lo[x]] * wy0 * wx0 + src[ty.hi[y] * in_w + tx.lo[x]] * wy1 * wx0 +
             src[ty.lo[y] * in_w + tx.hi[x]] * wy0 * wx1 + src[ty.hi[y] * in_w + tx.hi[x]] * wy1 * wx1;
    });
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS((nearest_interp, nearest_interp_v2, bilinear_interp, bilinear_interp_v2), kHost, kFloat, kNCHW, paddle::lite::kernels::host::InterpolateCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("OutSize", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("SizeTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("Scale", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
