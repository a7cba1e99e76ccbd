// The portable half of the NCHW16c int8 depthwise convolution (nchwc_int8_depthwise.h):
// shapes, filter packing, the reference loops and the ISA dispatch. Baseline flags.
#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_depthwise.h"

#include <algorithm>
#include <cmath>

#include "lite/backends/x86/cpu_info.h"
#include "lite/utils/activation_ref.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

constexpr int kB = kNchwcInt8DepthwiseBlock;

int64_t Span(int out, int stride, int kernel, int dilation) {
  return static_cast<int64_t>(out - 1) * stride + static_cast<int64_t>(kernel - 1) * dilation + 1;
}

void RowsScalar(const NchwcInt8DepthwiseShape& s, const NchwcInt8Source& in,
                const NchwcInt8DepthwiseFilter& filter, int block, const Activation& act,
                int oy0, int oy1, float* band, const NchwcInt8Sink& out) {
  const nchwc_int8_internal::DepthwiseBand b = nchwc_int8_internal::DepthwiseBandOf(s, oy0, oy1);
  for (int r = 0; r < b.rows; ++r) {
    const int iy = b.first_row + r;
    for (int c = 0; c < b.cols; ++c) {
      const int ix = c - s.pad_left;
      const bool inside = iy >= 0 && iy < s.in_h && ix >= 0 && ix < s.in_w;
      const int64_t src = (static_cast<int64_t>(iy) * s.in_w + ix) * kB;
      float* dst = band + (static_cast<int64_t>(r) * b.cols + c) * kB;
      for (int l = 0; l < kB; ++l) dst[l] = inside ? in.Q(src + l) : 0.f;
    }
  }
  const float* w = filter.weights(block);
  const float* scale = filter.scales(block);
  const float* bias = filter.bias(block);
  for (int oy = oy0; oy < oy1; ++oy) {
    for (int ox = 0; ox < s.out_w; ++ox) {
      const NchwcInt8Sink o = out.At((static_cast<int64_t>(oy) * s.out_w + ox) * kB);
      for (int l = 0; l < kB; ++l) {
        float acc = 0.f;
        for (int ky = 0; ky < s.kernel_h; ++ky) {
          const int r = (oy - oy0) * s.stride_h + ky * s.dilation_h;
          for (int kx = 0; kx < s.kernel_w; ++kx) {
            const int c = ox * s.stride_w + kx * s.dilation_w;
            acc += band[(static_cast<int64_t>(r) * b.cols + c) * kB + l] *
                   w[(ky * s.kernel_w + kx) * kB + l];
          }
        }
        o.Store(l, ApplyActivation(acc * scale[l] + bias[l], act));
      }
    }
  }
}

}  // namespace

NchwcInt8DepthwiseIsa NchwcInt8DepthwiseBestIsa() {
  return kWithAvx512 && CpuHasAvx512f() ? NchwcInt8DepthwiseIsa::kAvx512
                                        : NchwcInt8DepthwiseIsa::kScalar;
}

bool NchwcInt8DepthwiseSupports(const NchwcInt8DepthwiseShape& s) {
  return s.channels > 0 && s.in_h > 0 && s.in_w > 0 && s.out_h > 0 && s.out_w > 0 &&
         s.kernel_h > 0 && s.kernel_w > 0 && s.stride_h > 0 && s.stride_w > 0 &&
         s.dilation_h > 0 && s.dilation_w > 0 && s.pad_top >= 0 && s.pad_left >= 0 &&
         static_cast<int64_t>(s.kernel_h) * s.kernel_w <= kNchwcInt8DepthwiseMaxTaps &&
         Span(s.out_h, s.stride_h, s.kernel_h, s.dilation_h) < (int64_t{1} << 20) &&
         Span(s.out_w, s.stride_w, s.kernel_w, s.dilation_w) < (int64_t{1} << 20);
}

NchwcInt8DepthwiseFilter::NchwcInt8DepthwiseFilter(const NchwcInt8DepthwiseShape& s,
                                                   const int8_t* filter, const float* scales,
                                                   const float* bias) {
  PLITE_CHECK(s.channels > 0 && s.kernel_h > 0 && s.kernel_w > 0 &&
                  static_cast<int64_t>(s.kernel_h) * s.kernel_w <= kNchwcInt8DepthwiseMaxTaps,
              "NchwcInt8DepthwiseFilter: ", s.channels, " channels of ", s.kernel_h, "x",
              s.kernel_w, " taps (at most ", kNchwcInt8DepthwiseMaxTaps, ")");
  const int blocks = (s.channels + kB - 1) / kB;
  const int taps = s.kernel_h * s.kernel_w;
  block_floats_ = static_cast<size_t>(taps) * kB;
  weights_.assign(block_floats_ * blocks, 0.f);
  scales_.assign(static_cast<size_t>(blocks) * kB, 0.f);
  bias_.assign(static_cast<size_t>(blocks) * kB, 0.f);
  for (int c = 0; c < s.channels; ++c) {
    float* w = weights_.data() + (c / kB) * block_floats_ + c % kB;
    for (int t = 0; t < taps; ++t) w[t * kB] = filter[static_cast<int64_t>(c) * taps + t];
    scales_[c] = FlushSubnormal(scales[c]);
    bias_[c] = bias ? FlushSubnormal(bias[c]) : 0.f;
  }
}

namespace nchwc_int8_internal {
DepthwiseBand DepthwiseBandOf(const NchwcInt8DepthwiseShape& s, int oy0, int oy1) {
  DepthwiseBand b;
  b.rows = static_cast<int>(Span(oy1 - oy0, s.stride_h, s.kernel_h, s.dilation_h));
  b.cols = static_cast<int>(Span(s.out_w, s.stride_w, s.kernel_w, s.dilation_w));
  b.first_row = oy0 * s.stride_h - s.pad_top;
  return b;
}
}  // namespace nchwc_int8_internal

size_t NchwcInt8DepthwiseBandFloats(const NchwcInt8DepthwiseShape& s, int out_rows) {
  const nchwc_int8_internal::DepthwiseBand b =
      nchwc_int8_internal::DepthwiseBandOf(s, 0, std::max(out_rows, 1));
  return static_cast<size_t>(b.rows) * b.cols * kB;
}

void NchwcInt8DepthwiseRows(const NchwcInt8DepthwiseShape& s, const NchwcInt8Source& in,
                            const NchwcInt8DepthwiseFilter& filter, int block,
                            const Activation& act, int oy0, int oy1, float* band,
                            const NchwcInt8Sink& out, NchwcInt8DepthwiseIsa isa) {
  PLITE_CHECK(NchwcInt8DepthwiseSupports(s), "NchwcInt8DepthwiseRows: unsupported shape");
  PLITE_CHECK(0 <= oy0 && oy0 <= oy1 && oy1 <= s.out_h, "NchwcInt8DepthwiseRows: rows [", oy0,
              ", ", oy1, ") outside the ", s.out_h, " output rows");
  PLITE_CHECK(!in.planar, "NchwcInt8DepthwiseRows: takes blocked planes, not NCHW ones");
  PLITE_CHECK(in.s8 || (std::isfinite(in.inv_scale) && in.inv_scale > 0.f),
              "NchwcInt8DepthwiseRows: the input scale's inverse ", in.inv_scale,
              " is not a positive finite float");
  if (oy0 == oy1) return;
  if (isa == NchwcInt8DepthwiseIsa::kAuto) isa = NchwcInt8DepthwiseBestIsa();
  if (isa == NchwcInt8DepthwiseIsa::kAvx512) {
    PLITE_CHECK(kWithAvx512 && CpuHasAvx512f(), "NchwcInt8DepthwiseRows: AVX-512 requested ",
                "but this CPU or build lacks it");
    if constexpr (kWithAvx512) {
      return nchwc_int8_internal::DepthwiseRowsAvx512(s, in, filter, block, act, oy0, oy1, band,
                                                      out);
    }
  }
  RowsScalar(s, in, filter, block, act, oy0, oy1, band, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
