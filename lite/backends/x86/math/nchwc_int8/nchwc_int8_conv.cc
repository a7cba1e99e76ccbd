// The portable half of the NCHW16c int8 convolution (nchwc_int8_conv.h): shapes, the framed
// input, filter packing, the reference loops and the ISA dispatch. Baseline flags.
#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_conv.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "lite/backends/x86/cpu_info.h"
#include "lite/utils/activation_ref.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

constexpr int kB = kNchwcInt8Block;

int Blocks(int channels) { return (channels + kB - 1) / kB; }

NchwcInt8Isa Resolve(NchwcInt8Isa isa) {
  if (isa == NchwcInt8Isa::kAuto) return NchwcInt8BestIsa();
  if (isa == NchwcInt8Isa::kAvx512Vnni) {
    PLITE_CHECK(kWithAvx512 && CpuHasAvx512Vnni(), "NchwcInt8Conv: AVX512_VNNI requested but ",
                "this CPU or build lacks it");
  }
  return isa;
}

void FrameInputScalar(const NchwcInt8ConvShape& s, const NchwcInt8Frame& f,
                      const NchwcInt8Source& in, int row_begin, int row_end, uint8_t* frame) {
  for (int b = 0; b < f.blocks; ++b) {
    for (int r = row_begin; r < row_end; ++r) {
      uint8_t* dst = frame + (static_cast<size_t>(b) * f.h + r) * f.w * kB;
      const int iy = r - s.pad_top;
      for (int c = 0; c < f.w; ++c) {
        const int ix = c - s.pad_left;
        const bool inside = iy >= 0 && iy < s.in_h && ix >= 0 && ix < s.in_w;
        for (int l = 0; l < kB; ++l) {
          const int ch = b * kB + l;
          // Blocked sources hold their padding lanes; planar ones have no channel there.
          const ptrdiff_t src =
              in.planar ? (static_cast<ptrdiff_t>(ch) * s.in_h + iy) * s.in_w + ix
                        : ((static_cast<ptrdiff_t>(b) * s.in_h + iy) * s.in_w + ix) * kB + l;
          const bool value = inside && (!in.planar || ch < s.in_c);
          dst[c * kB + l] = value ? static_cast<uint8_t>(static_cast<int>(in.Q(src)) + 128) : 128;
        }
      }
    }
  }
}

// Output pixel (oy, ox) of blocks [b0, b1), straight from the definition.
void ConvScalar(const NchwcInt8ConvShape& s, const NchwcInt8Frame& f, const uint8_t* frame,
                const NchwcInt8Filter& filter, const Activation& act, int b0, int b1,
                int row_begin, int row_end, const NchwcInt8Sink& out) {
  const int in_blocks = Blocks(s.in_c);
  const int taps = s.kernel_h * s.kernel_w;
  const int out_blocks = Blocks(s.out_c);
  const bool pointwise = NchwcInt8ConvIsPointwise(s);
  for (int b = b0; b < b1; ++b) {
    const int g0 = b / kNchwcInt8GroupBlocks * kNchwcInt8GroupBlocks;
    const int nb = std::min(kNchwcInt8GroupBlocks, out_blocks - g0);
    const int8_t* wg = filter.weights() + static_cast<size_t>(g0) * in_blocks * taps * kB * kB;
    for (int row = row_begin; row < row_end; ++row) {
      const int oy = pointwise ? 0 : row;
      const int ox_begin = pointwise ? row : 0, ox_end = pointwise ? row + 1 : s.out_w;
      for (int ox = ox_begin; ox < ox_end; ++ox) {
        int32_t acc[kB] = {};
        for (int ib = 0; ib < in_blocks; ++ib) {
          for (int ky = 0; ky < s.kernel_h; ++ky) {
            for (int kx = 0; kx < s.kernel_w; ++kx) {
              const int fy = oy * s.stride_h + ky * s.dilation_h;
              const int fx = ox * s.stride_w + kx * s.dilation_w;
              const uint8_t* x =
                  pointwise ? frame + (static_cast<size_t>(ib) * f.h * f.w + ox) * kB
                            : frame + ((static_cast<size_t>(ib) * f.h + fy) * f.w + fx) * kB;
              const int8_t* w =
                  wg + ((static_cast<size_t>(ib) * taps + ky * s.kernel_w + kx) * 4 * nb) * 64;
              for (int q = 0; q < 4; ++q) {
                const int8_t* wq = w + (q * nb + (b - g0)) * 64;
                for (int l = 0; l < kB; ++l) {
                  for (int i = 0; i < 4; ++i) acc[l] += x[q * 4 + i] * wq[l * 4 + i];
                }
              }
            }
          }
        }
        const NchwcInt8Sink o = out.At((static_cast<ptrdiff_t>(b) * s.out_h * s.out_w +
                                        static_cast<ptrdiff_t>(oy) * s.out_w + ox) * kB);
        for (int l = 0; l < kB; ++l) {
          const int c = b * kB + l;
          const float v = static_cast<float>(acc[l] - filter.offsets()[c]) * filter.scales()[c] +
                          filter.bias()[c];
          o.Store(l, ApplyActivation(v, act));
        }
      }
    }
  }
}

}  // namespace

NchwcInt8Isa NchwcInt8BestIsa() {
  return kWithAvx512 && CpuHasAvx512Vnni() ? NchwcInt8Isa::kAvx512Vnni : NchwcInt8Isa::kScalar;
}

const char* NchwcInt8IsaName(NchwcInt8Isa isa) {
  switch (isa) {
    case NchwcInt8Isa::kAuto: return "auto";
    case NchwcInt8Isa::kScalar: return "scalar";
    case NchwcInt8Isa::kAvx512Vnni: return "avx512_vnni";
  }
  return "?";
}

bool NchwcInt8ConvSupports(const NchwcInt8ConvShape& s) {
  const auto span = [](int out, int stride, int kernel, int dilation) {
    return static_cast<int64_t>(out - 1) * stride + static_cast<int64_t>(kernel - 1) * dilation + 1;
  };
  return s.in_c > 0 && s.out_c > 0 && s.in_h > 0 && s.in_w > 0 && s.out_h > 0 && s.out_w > 0 &&
         s.kernel_h > 0 && s.kernel_w > 0 && s.stride_h > 0 && s.stride_w > 0 &&
         s.dilation_h > 0 && s.dilation_w > 0 && s.pad_top >= 0 && s.pad_left >= 0 &&
         s.kernel_h * s.kernel_w <= 256 &&
         span(s.out_h, s.stride_h, s.kernel_h, s.dilation_h) < (int64_t{1} << 20) &&
         span(s.out_w, s.stride_w, s.kernel_w, s.dilation_w) < (int64_t{1} << 20);
}

bool NchwcInt8ConvIsPointwise(const NchwcInt8ConvShape& s) {
  return s.kernel_h == 1 && s.kernel_w == 1 && s.stride_h == 1 && s.stride_w == 1 &&
         s.pad_top == 0 && s.pad_left == 0 && s.out_h == s.in_h && s.out_w == s.in_w;
}

int NchwcInt8ConvRows(const NchwcInt8ConvShape& s) {
  return NchwcInt8ConvIsPointwise(s) ? s.out_h * s.out_w : s.out_h;
}

NchwcInt8Frame NchwcInt8FrameOf(const NchwcInt8ConvShape& s) {
  NchwcInt8Frame f;
  f.blocks = Blocks(s.in_c);
  if (NchwcInt8ConvIsPointwise(s)) {
    f.h = s.in_h;
    f.w = s.in_w;
  } else {
    f.h = (s.out_h - 1) * s.stride_h + (s.kernel_h - 1) * s.dilation_h + 1;
    f.w = (s.out_w - 1) * s.stride_w + (s.kernel_w - 1) * s.dilation_w + 1;
  }
  return f;
}

void NchwcInt8FrameInput(const NchwcInt8ConvShape& s, const NchwcInt8Source& in, int row_begin,
                         int row_end, uint8_t* frame, NchwcInt8Isa isa) {
  PLITE_CHECK(NchwcInt8ConvSupports(s), "NchwcInt8FrameInput: unsupported shape");
  const NchwcInt8Frame f = NchwcInt8FrameOf(s);
  PLITE_CHECK(0 <= row_begin && row_begin <= row_end && row_end <= f.h,
              "NchwcInt8FrameInput: rows [", row_begin, ", ", row_end, ") outside the ", f.h,
              " framed rows");
  PLITE_CHECK(!in.planar || in.f32, "NchwcInt8FrameInput: planar inputs are floats");
  if (Resolve(isa) == NchwcInt8Isa::kAvx512Vnni) {
    if constexpr (kWithAvx512) {
      if (in.planar) {
        nchwc_int8_internal::FramePlanarAvx512(s, f, in, row_begin, row_end, frame);
      } else {
        nchwc_int8_internal::FrameInputAvx512(s, f, in, row_begin, row_end, frame);
      }
      return;
    }
  }
  FrameInputScalar(s, f, in, row_begin, row_end, frame);
}

NchwcInt8Filter::NchwcInt8Filter(const NchwcInt8ConvShape& s, const int8_t* filter,
                                 const float* scale, const float* bias) {
  const int in_blocks = Blocks(s.in_c), out_blocks = Blocks(s.out_c);
  const int taps = s.kernel_h * s.kernel_w;
  const size_t per_block = static_cast<size_t>(in_blocks) * taps * kB * kB;
  weights_.assign(per_block * out_blocks, 0);
  offsets_.assign(static_cast<size_t>(out_blocks) * kB, 0);
  scales_.assign(static_cast<size_t>(out_blocks) * kB, 0.f);
  bias_.assign(static_cast<size_t>(out_blocks) * kB, 0.f);
  for (int oc = 0; oc < s.out_c; ++oc) {
    const int b = oc / kB, lane = oc % kB;
    const int g0 = b / kNchwcInt8GroupBlocks * kNchwcInt8GroupBlocks;
    const int nb = std::min(kNchwcInt8GroupBlocks, out_blocks - g0);
    int8_t* wg = weights_.data() + per_block * g0;
    int32_t sum = 0;
    for (int ic = 0; ic < s.in_c; ++ic) {
      const int ib = ic / kB, quad = ic % kB / 4, byte = ic % 4;
      for (int t = 0; t < taps; ++t) {
        const int8_t w = filter[(static_cast<size_t>(oc) * s.in_c + ic) * taps + t];
        wg[((((static_cast<size_t>(ib) * taps + t) * 4 + quad) * nb + (b - g0)) * kB + lane) *
               4 + byte] = w;
        sum += w;
      }
    }
    offsets_[oc] = 128 * sum;
    scales_[oc] = FlushSubnormal(scale[oc]);
    bias_[oc] = bias ? FlushSubnormal(bias[oc]) : 0.f;
  }
}

void NchwcInt8Conv(const NchwcInt8ConvShape& s, const uint8_t* frame,
                   const NchwcInt8Filter& filter, const Activation& act, int block_begin,
                   int block_end, int row_begin, int row_end, const NchwcInt8Sink& out,
                   NchwcInt8Isa isa) {
  PLITE_CHECK(NchwcInt8ConvSupports(s), "NchwcInt8Conv: unsupported shape");
  PLITE_CHECK(!filter.empty(), "NchwcInt8Conv: the filter is not packed");
  const int out_blocks = Blocks(s.out_c);
  PLITE_CHECK(0 <= block_begin && block_begin <= block_end && block_end <= out_blocks &&
                  block_begin % kNchwcInt8GroupBlocks == 0 &&
                  (block_end % kNchwcInt8GroupBlocks == 0 || block_end == out_blocks),
              "NchwcInt8Conv: blocks [", block_begin, ", ", block_end, ") are not whole groups of ",
              out_blocks);
  PLITE_CHECK(0 <= row_begin && row_begin <= row_end && row_end <= NchwcInt8ConvRows(s),
              "NchwcInt8Conv: rows [", row_begin, ", ", row_end, ") outside the output");
  const NchwcInt8Frame f = NchwcInt8FrameOf(s);
  if (Resolve(isa) == NchwcInt8Isa::kAvx512Vnni) {
    if constexpr (kWithAvx512) {
      nchwc_int8_internal::ConvAvx512Vnni(s, f, frame, filter, act, block_begin, block_end,
                                          row_begin, row_end, out);
      return;
    }
  }
  ConvScalar(s, f, frame, filter, act, block_begin, block_end, row_begin, row_end, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
