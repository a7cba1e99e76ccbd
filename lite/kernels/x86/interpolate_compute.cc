// nearest_interp(_v2) / bilinear_interp(_v2) on x86, NCHW float32, with the host kernel's
// output size and source taps (operators::PlanInterpolate, interp_taps.h). Nearest gathers
// each output row once (2x along x without the index table) and copies it for the following
// rows that read the same source row (upsampling). Bilinear is separable: each source row pair is first blended along x into
// two rows (kept while the next output row uses the same pair), then along y, 8 outputs per
// ymm with gathers (interp_avx2.h); the sums differ from the host's four-term formula only
// by rounding.
// Planes are split over the predictor's pool. Registered for CPUs with AVX2+FMA; the host
// kernel is the reference.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/vec/interp_avx2.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/interp_taps.h"
#include "lite/kernels/x86/parallel_ranges.h"
#include "lite/operators/interpolate_op.h"
#include "lite/operators/op_params.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace {

using host::LinearTaps;

// Whether output column x reads input column x / 2 (2x upsampling along x), so a row is
// each input value written twice: a loop the compiler vectorizes with shuffles.
bool IsDoubling(const std::vector<int>& xs) {
  for (size_t x = 0; x < xs.size(); ++x) {
    if (xs[x] != static_cast<int>(x / 2)) return false;
  }
  return true;
}

void NearestPlane(const float* src, int in_w, const std::vector<int>& ys,
                  const std::vector<int>& xs, bool doubling, float* dst) {
  const int out_h = static_cast<int>(ys.size()), out_w = static_cast<int>(xs.size());
  for (int y = 0; y < out_h; ++y) {
    float* row = dst + static_cast<int64_t>(y) * out_w;
    if (y > 0 && ys[y] == ys[y - 1]) {
      std::memcpy(row, row - out_w, out_w * sizeof(float));
      continue;
    }
    const float* s = src + static_cast<int64_t>(ys[y]) * in_w;
    if (doubling) {
      const int pairs = out_w / 2;
      for (int i = 0; i < pairs; ++i) {
        row[2 * i] = s[i];
        row[2 * i + 1] = s[i];
      }
      if (out_w % 2 != 0) row[out_w - 1] = s[pairs];
    } else {
      lite::x86::math::GatherRowAvx2(s, xs.data(), out_w, row);
    }
  }
}

// Source row `s` blended along x into `row` (out_w values).
void BlendRowX(const float* s, const LinearTaps& tx, float* row) {
  lite::x86::math::LinearBlendGatherAvx2(s, tx.lo.data(), tx.hi.data(), tx.w_hi.data(),
                                         static_cast<int>(tx.lo.size()), row);
}

// rows: scratch for 2 * out_w floats.
void BilinearPlane(const float* src, int in_w, const LinearTaps& ty, const LinearTaps& tx,
                   float* rows, float* dst) {
  const int out_h = static_cast<int>(ty.lo.size()), out_w = static_cast<int>(tx.lo.size());
  float* top = rows;
  float* bottom = rows + out_w;
  int have_top = -1, have_bottom = -1;  // source rows currently blended in top / bottom
  for (int y = 0; y < out_h; ++y) {
    const int lo = ty.lo[y], hi = ty.hi[y];
    if (have_top != lo) {
      if (have_bottom == lo) {  // moving down by one source row: reuse the old bottom
        std::swap(top, bottom);
        std::swap(have_top, have_bottom);
      } else {
        BlendRowX(src + static_cast<int64_t>(lo) * in_w, tx, top);
        have_top = lo;
      }
    }
    if (have_bottom != hi) {
      BlendRowX(src + static_cast<int64_t>(hi) * in_w, tx, bottom);
      have_bottom = hi;
    }
    lite::x86::math::LinearBlendRowsAvx2(top, bottom, ty.w_hi[y], out_w,
                                         dst + static_cast<int64_t>(y) * out_w);
  }
}

}  // namespace

class InterpolateCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::InterpolateParam>();
    const DDim& in_dims = param.x->dims();
    PLITE_CHECK(in_dims.size() == 4, op_type(), ": X must be 4-D NCHW, got ", in_dims);
    const int64_t planes = in_dims[0] * in_dims[1];
    const int in_h = static_cast<int>(in_dims[2]);
    const int in_w = static_cast<int>(in_dims[3]);
    const operators::InterpolatePlan plan = operators::PlanInterpolate(param, op_type());
    const int out_h = plan.out_h, out_w = plan.out_w;
    const float* in = param.x->template data<float>();
    float* out = param.out->template mutable_data<float>();
    if (in_h == out_h && in_w == out_w) {  // as the host kernel: a plain copy
      std::memcpy(out, in, param.x->numel() * sizeof(float));
      return;
    }
    if (planes <= 0 || out_h <= 0 || out_w <= 0) return;
    const float ratio_h = host::InterpSourceRatio(in_h, out_h, plan.scale_h, param.align_corners);
    const float ratio_w = host::InterpSourceRatio(in_w, out_w, plan.scale_w, param.align_corners);
    const int64_t in_plane = static_cast<int64_t>(in_h) * in_w;
    const int64_t out_plane = static_cast<int64_t>(out_h) * out_w;
    // Nearest is a copy: worth a pool task from ~128 K outputs; bilinear from ~32 K.
    const bool nearest = param.interp_method == "nearest";
    const int64_t min_planes = std::max<int64_t>(1, (nearest ? 1 << 17 : 1 << 15) / out_plane);

    if (nearest) {
      const std::vector<int> ys = host::NearestIndices(in_h, out_h, ratio_h, param.align_corners);
      const std::vector<int> xs = host::NearestIndices(in_w, out_w, ratio_w, param.align_corners);
      const bool doubling = IsDoubling(xs);
      ParallelRanges(ctx(), planes, min_planes, [&](int64_t begin, int64_t end) {
        for (int64_t p = begin; p < end; ++p) {
          NearestPlane(in + p * in_plane, in_w, ys, xs, doubling, out + p * out_plane);
        }
      });
      return;
    }
    const LinearTaps ty =
        host::MakeLinearTaps(in_h, out_h, ratio_h, param.align_corners, param.align_mode);
    const LinearTaps tx =
        host::MakeLinearTaps(in_w, out_w, ratio_w, param.align_corners, param.align_mode);
    ParallelRanges(ctx(), planes, min_planes, [&](int64_t begin, int64_t end) {
      std::vector<float> rows(2 * static_cast<size_t>(out_w));
      for (int64_t p = begin; p < end; ++p) {
        BilinearPlane(in + p * in_plane, in_w, ty, tx, rows.data(), out + p * out_plane);
      }
    });
  }
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

using X86Interpolate = paddle::lite::kernels::x86::InterpolateCompute;
#define PLITE_X86_INTERP_TY(precision) \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(precision), DATALAYOUT(kNCHW))
#define PLITE_HOST_ANY_TY paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))
#define PLITE_HOST_FLOAT_TY paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))

REGISTER_LITE_KERNELS((nearest_interp, nearest_interp_v2, bilinear_interp, bilinear_interp_v2), kX86, kFloat, kNCHW, X86Interpolate, def)
    .BindInput("X", {PLITE_X86_INTERP_TY(kFloat)})
    .BindInput("OutSize", {PLITE_HOST_ANY_TY})
    .BindInput("SizeTensor", {PLITE_HOST_ANY_TY})
    .BindInput("Scale", {PLITE_HOST_FLOAT_TY})
    .BindOutput("Out", {PLITE_X86_INTERP_TY(kFloat)})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
