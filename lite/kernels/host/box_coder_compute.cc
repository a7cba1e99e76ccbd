// box_coder on host, float32 (Paddle's formulas; "+1" = 1 when box_normalized is false).
// A prior box has pw = x1 - x0 + 1?, ph likewise, centre (x0 + pw/2, y0 + ph/2).
// encode_center_size, target box t = corners [N, 4], output [N, M, 4]:
//   tw = tx1 - tx0 (+1), tcx = (tx0 + tx1) / 2 (and y likewise);
//   out = ((tcx - pcx) / pw, (tcy - pcy) / ph, log|tw / pw|, log|th / ph|) / variance
// decode_center_size, target [N, M, 4] holds deltas; prior j (axis 0) or i (axis 1):
//   cx = v0 * t0 * pw + pcx, cy = v1 * t1 * ph + pcy, w = exp(v2 * t2) * pw, h likewise;
//   out = (cx - w/2, cy - h/2, cx + w/2 (-1), cy + h/2 (-1)).
// The variance is PriorBoxVar's row for that prior, else the 'variance' attribute, else 1.
#include <cmath>

#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class BoxCoderCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& p = Param<operators::BoxCoderParam>();
    const float* prior = p.prior_box->data<float>();
    const float* prior_var = p.prior_box_var ? p.prior_box_var->data<float>() : nullptr;
    const float* target = p.target_box->data<float>();
    float* out = p.output_box->mutable_data<float>();
    if (p.output_box->numel() == 0) return;  // no looping over the other, possibly huge, dim
    const float one = p.box_normalized ? 0.f : 1.f;
    static const float kUnit[4] = {1.f, 1.f, 1.f, 1.f};
    // The 4 variances that go with prior box j.
    auto variance = [&](int64_t j) -> const float* {
      if (prior_var) return prior_var + j * 4;
      return p.variance.empty() ? kUnit : p.variance.data();
    };
    const DDim& od = p.output_box->dims();
    const int64_t rows = od[0], cols = od[1];
    for (int64_t i = 0; i < rows; ++i) {
      for (int64_t j = 0; j < cols; ++j) {
        const int64_t k = p.encode || p.axis == 0 ? j : i;  // which prior box
        const float* pb = prior + k * 4;
        const float pw = pb[2] - pb[0] + one;
        const float ph = pb[3] - pb[1] + one;
        const float pcx = pb[0] + pw / 2;
        const float pcy = pb[1] + ph / 2;
        const float* v = variance(k);
        float* o = out + (i * cols + j) * 4;
        if (p.encode) {
          const float* tb = target + i * 4;
          const float tw = tb[2] - tb[0] + one;
          const float th = tb[3] - tb[1] + one;
          const float tcx = (tb[0] + tb[2]) / 2;
          const float tcy = (tb[1] + tb[3]) / 2;
          o[0] = (tcx - pcx) / pw / v[0];
          o[1] = (tcy - pcy) / ph / v[1];
          o[2] = std::log(std::fabs(tw / pw)) / v[2];
          o[3] = std::log(std::fabs(th / ph)) / v[3];
        } else {
          const float* t = target + (i * cols + j) * 4;
          const float cx = v[0] * t[0] * pw + pcx;
          const float cy = v[1] * t[1] * ph + pcy;
          const float w = std::exp(v[2] * t[2]) * pw;
          const float h = std::exp(v[3] * t[3]) * ph;
          o[0] = cx - w / 2;
          o[1] = cy - h / 2;
          o[2] = cx + w / 2 - one;
          o[3] = cy + h / 2 - one;
        }
      }
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(box_coder, kHost, kFloat, kNCHW, paddle::lite::kernels::host::BoxCoderCompute, def)
    .BindInput("PriorBox", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("PriorBoxVar", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("TargetBox", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("OutputBox", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
