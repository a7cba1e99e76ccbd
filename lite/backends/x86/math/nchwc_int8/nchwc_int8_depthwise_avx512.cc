// AVX-512 half of the NCHW16c int8 depthwise convolution (nchwc_int8_depthwise.h): the
// band of q and the register tiles (up to 8 output pixels of one block, one FMA
// per tap and pixel from the band, the tap's 16 weights in one zmm). Built with -mavx512f
// -mavx2 -mfma; called only where the CPU has AVX-512F (nchwc_int8_depthwise.cc).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"  // _mm512_undefined_ps in GCC 12's max/min
#endif
#include <immintrin.h>

#include <type_traits>
#include <utility>

#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_depthwise.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

#include "lite/backends/x86/math/vec/vec_avx512.inc"
#include "lite/backends/simd/activation_vec.inc"
#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_avx512.inc"

using Act = VectorActivation<VecAvx512>;
constexpr int kB = kNchwcInt8DepthwiseBlock;
constexpr int kTile = 8;  // output pixels a tile: 8 accumulators, the rest for the taps

// The band's q: the float input quantized, or the int8 input widened.
void FillBand(const NchwcInt8DepthwiseShape& s, const nchwc_int8_internal::DepthwiseBand& b,
              const NchwcInt8Source& in, float* band) {
  const Int8Quantizer quantize(in.inv_scale, in.ties_to_even);
  const __m512 zero = _mm512_setzero_ps();
  // Columns: `left` of padding, the image's `inside`, padding on the right.
  const int left = s.pad_left < b.cols ? s.pad_left : b.cols;
  const int inside = b.cols - left < s.in_w ? b.cols - left : s.in_w;
  for (int r = 0; r < b.rows; ++r) {
    float* dst = band + static_cast<long>(r) * b.cols * kB;
    const int iy = b.first_row + r;
    if (iy < 0 || iy >= s.in_h) {
      for (int c = 0; c < b.cols; ++c) _mm512_storeu_ps(dst + c * kB, zero);
      continue;
    }
    for (int c = 0; c < left; ++c) _mm512_storeu_ps(dst + c * kB, zero);
    const long src = static_cast<long>(iy) * s.in_w * kB;
    if (in.s8) {
      for (int ix = 0; ix < inside; ++ix) {
        const __m128i q = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in.s8 + src + ix * kB));
        _mm512_storeu_ps(dst + (left + ix) * kB, _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(q)));
      }
    } else {
      for (int ix = 0; ix < inside; ++ix) {
        _mm512_storeu_ps(dst + (left + ix) * kB, quantize(_mm512_loadu_ps(in.f32 + src + ix * kB)));
      }
    }
    for (int c = left + inside; c < b.cols; ++c) _mm512_storeu_ps(dst + c * kB, zero);
  }
}

// What the tiles of one call share. Offsets in floats.
struct Layout {
  int taps;
  const long* tap;  // from a window's first band float to each tap's
  long px_step;     // between the windows of adjacent output pixels
  const float* weights;
  __m512 scale, bias;
};

template <int P>
__attribute__((always_inline)) inline void TileOnce(const Layout& l, const float* x,
                                                    const Act& act, const SinkAvx512& out,
                                                    long o) {
  __m512 acc[P];
  Unroll<P>([&](auto p) { acc[p] = _mm512_setzero_ps(); });
  for (int t = 0; t < l.taps; ++t) {
    const __m512 w = _mm512_loadu_ps(l.weights + t * kB);
    const float* xt = x + l.tap[t];
    Unroll<P>([&](auto p) {
      acc[p] = _mm512_fmadd_ps(_mm512_loadu_ps(xt + p * l.px_step), w, acc[p]);
    });
  }
  Unroll<P>([&](auto p) {
    out.Store(o + p * kB, act(_mm512_fmadd_ps(acc[p], l.scale, l.bias)));
  });
}

template <int P>
void Tiles(const Layout& l, const float* x, const Act& act, const SinkAvx512& out, long o,
           int count) {
  for (int i = 0; i < count; ++i, x += P * l.px_step, o += P * kB) {
    TileOnce<P>(l, x, act, out, o);
  }
}

using TileFn = void (*)(const Layout&, const float*, const Act&, const SinkAvx512&, long, int);

struct TileTable {
  TileFn fn[kTile + 1] = {};
  TileTable() { Fill(std::make_integer_sequence<int, kTile>()); }
  template <int... P>
  void Fill(std::integer_sequence<int, P...>) {
    ((fn[P + 1] = &Tiles<P + 1>), ...);
  }
};

const TileTable& Table() {
  static const TileTable table;
  return table;
}

}  // namespace

namespace nchwc_int8_internal {

void DepthwiseRowsAvx512(const NchwcInt8DepthwiseShape& s, const NchwcInt8Source& in,
                         const NchwcInt8DepthwiseFilter& filter, int block,
                         const Activation& act, int oy0, int oy1, float* band,
                         const NchwcInt8Sink& out) {
  const DepthwiseBand b = DepthwiseBandOf(s, oy0, oy1);
  FillBand(s, b, in, band);
  const int taps = s.kernel_h * s.kernel_w;
  long tap[kNchwcInt8DepthwiseMaxTaps];
  for (int ky = 0; ky < s.kernel_h; ++ky) {
    for (int kx = 0; kx < s.kernel_w; ++kx) {
      tap[ky * s.kernel_w + kx] =
          (static_cast<long>(ky) * s.dilation_h * b.cols + static_cast<long>(kx) * s.dilation_w) * kB;
    }
  }
  Layout l;
  l.taps = taps;
  l.tap = tap;
  l.px_step = static_cast<long>(s.stride_w) * kB;
  l.weights = filter.weights(block);
  l.scale = _mm512_loadu_ps(filter.scales(block));
  l.bias = _mm512_loadu_ps(filter.bias(block));
  const Act vact(act);
  const SinkAvx512 sink(out);
  const TileTable& table = Table();
  const int whole = s.out_w / kTile, rest = s.out_w % kTile;
  for (int oy = oy0; oy < oy1; ++oy) {
    const float* x = band + static_cast<long>(oy - oy0) * s.stride_h * b.cols * kB;
    const long o = static_cast<long>(oy) * s.out_w * kB;
    if (whole > 0) table.fn[kTile](l, x, vact, sink, o, whole);
    if (rest > 0) {
      table.fn[rest](l, x + whole * kTile * l.px_step, vact, sink, o + whole * kTile * kB, 1);
    }
  }
}

}  // namespace nchwc_int8_internal

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
