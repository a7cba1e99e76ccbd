// AVX512_VNNI half of the NCHW16c int8 convolution (nchwc_int8_conv.h): the framed input
// copy and the register tiles. Built with -mavx512f -mavx512bw -mavx512vnni; called
// only where the CPU has AVX512_VNNI (nchwc_int8_conv.cc).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"  // _mm512_undefined_ps in GCC 12's max/min
#endif
#include <immintrin.h>

#include <cstring>
#include <type_traits>
#include <utility>

#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_conv.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

#include "lite/backends/x86/math/vec/vec_avx512.inc"
#include "lite/backends/simd/activation_vec.inc"
#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_avx512.inc"

using Act = VectorActivation<VecAvx512>;
constexpr int kB = kNchwcInt8Block;
constexpr int kGroup = kNchwcInt8GroupBlocks;
constexpr int kMaxTaps = 256;

// Pixels a tile takes for OB blocks: 24 accumulators at most, 12 pixels at most.
constexpr int MaxPixels(int ob) { return 24 / ob < 12 ? 24 / ob : 12; }


// What the tiles of one group share. Input offsets in bytes, output in elements.
struct Layout {
  long in_block;   // between input blocks of the frame
  long px_step;    // between the windows of adjacent output pixels
  int in_blocks, taps;
  const long* tap;  // from a window's first byte to each tap's
  long w_block;     // packed weight bytes per input block
  long out_block;   // between output blocks
  const int32_t* offsets;  // the group's: 128 * weight sums
  const float* scales;
  const float* bias;
};

// P output pixels x OB blocks (the whole packed group): int32 sums of u8 inputs x s8
// weights, then the epilogue.
template <int P, int OB>
__attribute__((always_inline)) inline void TileOnce(const Layout& l, const uint8_t* x,
                                                    const int8_t* w, const Act& act,
                                                    const SinkAvx512& out, long o) {
  __m512i acc[P][OB];
  Unroll<P>([&](auto p) { Unroll<OB>([&](auto b) { acc[p][b] = _mm512_setzero_si512(); }); });
  for (int ib = 0; ib < l.in_blocks; ++ib) {
    const uint8_t* xb = x + ib * l.in_block;
    const int8_t* wb = w + ib * l.w_block;
    for (int t = 0; t < l.taps; ++t) {
      const uint8_t* xt = xb + l.tap[t];
      const int8_t* wt = wb + t * (4 * OB * 64);
      Unroll<4>([&](auto q) {
        __m512i wv[OB];
        Unroll<OB>([&](auto b) { wv[b] = _mm512_loadu_si512(wt + (q * OB + b) * 64); });
        Unroll<P>([&](auto p) {
          int32_t word;
          std::memcpy(&word, xt + p * l.px_step + q * 4, 4);
          const __m512i in = _mm512_set1_epi32(word);
          Unroll<OB>([&](auto b) { acc[p][b] = _mm512_dpbusd_epi32(acc[p][b], in, wv[b]); });
        });
      });
    }
  }
  const Act a = act;
  Unroll<OB>([&](auto b) {
    const __m512i off = _mm512_loadu_si512(l.offsets + b * kB);
    const __m512 scale = _mm512_loadu_ps(l.scales + b * kB);
    const __m512 bias = _mm512_loadu_ps(l.bias + b * kB);
    Unroll<P>([&](auto p) {
      const __m512 sum = _mm512_cvtepi32_ps(_mm512_sub_epi32(acc[p][b], off));
      out.Store(o + b * l.out_block + p * kB, a(_mm512_fmadd_ps(sum, scale, bias)));
    });
  });
}

template <int P, int OB>
void Tiles(const Layout& l, const uint8_t* x, const int8_t* w, const Act& act,
           const SinkAvx512& out, long o, int count) {
  for (int i = 0; i < count; ++i, x += P * l.px_step, o += P * kB) {
    TileOnce<P, OB>(l, x, w, act, out, o);
  }
}

using TileFn = void (*)(const Layout&, const uint8_t*, const int8_t*, const Act&,
                        const SinkAvx512&, long, int);

// fn[ob][p] = Tiles<p, ob> for p = 1 .. MaxPixels(ob).
struct TileTable {
  TileFn fn[kGroup + 1][13] = {};
  TileTable() { FillGroups(std::make_integer_sequence<int, kGroup>()); }
  template <int... B>
  void FillGroups(std::integer_sequence<int, B...>) {
    (FillPixels<B + 1>(std::make_integer_sequence<int, MaxPixels(B + 1)>()), ...);
  }
  template <int OB, int... P>
  void FillPixels(std::integer_sequence<int, P...>) {
    ((fn[OB][P + 1] = &Tiles<P + 1, OB>), ...);
  }
};

const TileTable& Table() {
  static const TileTable table;
  return table;
}

}  // namespace

namespace nchwc_int8_internal {

void FrameInputAvx512(const NchwcInt8ConvShape& s, const NchwcInt8Frame& f,
                      const NchwcInt8Source& in, int row_begin, int row_end, uint8_t* frame) {
  const Int8Quantizer quantize(in.inv_scale, in.ties_to_even);
  const __m512i offset = _mm512_set1_epi32(128);
  const __m128i flip = _mm_set1_epi8(static_cast<char>(0x80));  // s8 q to u8 q + 128
  // Columns: `left` of frame, the image's first ix_end, the frame on the right.
  const int left = s.pad_left < f.w ? s.pad_left : f.w;
  const int inside = f.w - left < s.in_w ? f.w - left : s.in_w;
  const int right = f.w - left - inside;
  for (int b = 0; b < f.blocks; ++b) {
    for (int r = row_begin; r < row_end; ++r) {
      uint8_t* dst = frame + (static_cast<size_t>(b) * f.h + r) * f.w * kB;
      const int iy = r - s.pad_top;
      if (iy < 0 || iy >= s.in_h) {
        std::memset(dst, 128, static_cast<size_t>(f.w) * kB);
        continue;
      }
      std::memset(dst, 128, static_cast<size_t>(left) * kB);
      const size_t src = (static_cast<size_t>(b) * s.in_h + iy) * s.in_w * kB;
      __m128i* row = reinterpret_cast<__m128i*>(dst + left * kB);
      if (in.s8) {
        const __m128i* q = reinterpret_cast<const __m128i*>(in.s8 + src);
        for (int ix = 0; ix < inside; ++ix) {
          _mm_storeu_si128(row + ix, _mm_xor_si128(_mm_loadu_si128(q + ix), flip));
        }
      } else {
        for (int ix = 0; ix < inside; ++ix) {
          const __m512i q =
              _mm512_add_epi32(quantize.Int32(_mm512_loadu_ps(in.f32 + src + ix * kB)), offset);
          _mm_storeu_si128(row + ix, _mm512_cvtepi32_epi8(q));
        }
      }
      std::memset(dst + (left + inside) * kB, 128, static_cast<size_t>(right) * kB);
    }
  }
}

// 16 channel rows x 16 pixels of bytes to 16 pixels x 16 channels: four rounds of
// interleaving row k with row k + 8 (b[2k], b[2k + 1] = their low and high halves).
inline void Transpose16x16(__m128i r[16]) {
  for (int round = 0; round < 4; ++round) {
    __m128i t[16];
    for (int k = 0; k < 8; ++k) {
      t[2 * k] = _mm_unpacklo_epi8(r[k], r[k + 8]);
      t[2 * k + 1] = _mm_unpackhi_epi8(r[k], r[k + 8]);
    }
    for (int k = 0; k < 16; ++k) r[k] = t[k];
  }
}

void FramePlanarAvx512(const NchwcInt8ConvShape& s, const NchwcInt8Frame& f,
                       const NchwcInt8Source& in, int row_begin, int row_end, uint8_t* frame) {
  const Int8Quantizer quantize(in.inv_scale, in.ties_to_even);
  const __m512i offset = _mm512_set1_epi32(128);
  const int left = s.pad_left < f.w ? s.pad_left : f.w;
  const int inside = f.w - left < s.in_w ? f.w - left : s.in_w;
  const int right = f.w - left - inside;
  const size_t plane = static_cast<size_t>(s.in_h) * s.in_w;
  for (int b = 0; b < f.blocks; ++b) {
    const int lanes = s.in_c - b * kB < kB ? s.in_c - b * kB : kB;  // channels of the block
    for (int r = row_begin; r < row_end; ++r) {
      uint8_t* dst = frame + (static_cast<size_t>(b) * f.h + r) * f.w * kB;
      const int iy = r - s.pad_top;
      if (iy < 0 || iy >= s.in_h) {
        std::memset(dst, 128, static_cast<size_t>(f.w) * kB);
        continue;
      }
      std::memset(dst, 128, static_cast<size_t>(left) * kB);
      const float* row = in.f32 + static_cast<size_t>(b) * kB * plane + static_cast<size_t>(iy) * s.in_w;
      // 16 pixels at a time: each channel's 16 q as bytes, then transposed to pixels.
      for (int ix = 0; ix < inside; ix += kB) {
        const int n = inside - ix < kB ? inside - ix : kB;
        const __mmask16 m = static_cast<__mmask16>((1u << n) - 1);
        __m128i q[kB];
        for (int l = 0; l < kB; ++l) {
          q[l] = _mm_set1_epi8(static_cast<char>(128));
          if (l >= lanes) continue;
          const __m512 v = _mm512_maskz_loadu_ps(m, row + l * plane + ix);
          q[l] = _mm512_cvtepi32_epi8(_mm512_add_epi32(quantize.Int32(v), offset));
        }
        Transpose16x16(q);
        __m128i* out = reinterpret_cast<__m128i*>(dst + (left + ix) * kB);
        for (int p = 0; p < n; ++p) _mm_storeu_si128(out + p, q[p]);
      }
      std::memset(dst + (left + inside) * kB, 128, static_cast<size_t>(right) * kB);
    }
  }
}

void ConvAvx512Vnni(const NchwcInt8ConvShape& s, const NchwcInt8Frame& f, const uint8_t* frame,
                    const NchwcInt8Filter& filter, const Activation& act, int block_begin,
                    int block_end, int row_begin, int row_end, const NchwcInt8Sink& out) {
  const Act vact(act);
  const SinkAvx512 sink(out);
  const int in_blocks = f.blocks;
  const int out_blocks = (s.out_c + kB - 1) / kB;
  const int taps = s.kernel_h * s.kernel_w;
  const bool pointwise = NchwcInt8ConvIsPointwise(s);
  long tap[kMaxTaps];
  for (int ky = 0; ky < s.kernel_h; ++ky) {
    for (int kx = 0; kx < s.kernel_w; ++kx) {
      tap[ky * s.kernel_w + kx] =
          (static_cast<long>(ky) * s.dilation_h * f.w + static_cast<long>(kx) * s.dilation_w) * kB;
    }
  }
  Layout l;
  l.in_block = static_cast<long>(f.h) * f.w * kB;
  l.px_step = pointwise ? kB : static_cast<long>(s.stride_w) * kB;
  l.in_blocks = in_blocks;
  l.taps = taps;
  l.tap = tap;
  l.out_block = static_cast<long>(s.out_h) * s.out_w * kB;
  const TileTable& table = Table();
  for (int g0 = block_begin; g0 < block_end; g0 += kGroup) {
    const int nb = out_blocks - g0 < kGroup ? out_blocks - g0 : kGroup;
    const int8_t* w = filter.weights() + static_cast<size_t>(g0) * in_blocks * taps * kB * kB;
    l.w_block = static_cast<long>(taps) * 4 * nb * 64;
    l.offsets = filter.offsets() + g0 * kB;
    l.scales = filter.scales() + g0 * kB;
    l.bias = filter.bias() + g0 * kB;
    const long out_g = g0 * l.out_block;
    const int tile = MaxPixels(nb);
    // Pixels [begin, end) of output row oy: whole tiles in one call, then the rest.
    auto run = [&](int oy, int begin, int end) {
      const uint8_t* x = frame + (static_cast<long>(oy) * s.stride_h * f.w +
                                  static_cast<long>(begin) * (pointwise ? 1 : s.stride_w)) * kB;
      const long o = out_g + (static_cast<long>(oy) * s.out_w + begin) * kB;
      const int whole = (end - begin) / tile;
      if (whole > 0) table.fn[nb][tile](l, x, w, vact, sink, o, whole);
      const int rest = end - begin - whole * tile;
      if (rest > 0) {
        table.fn[nb][rest](l, x + whole * tile * l.px_step, w, vact, sink,
                           o + whole * tile * kB, 1);
      }
    };
    if (pointwise) {
      run(0, row_begin, row_end);
      continue;
    }
    for (int oy = row_begin; oy < row_end; ++oy) run(oy, 0, s.out_w);
  }
}

}  // namespace nchwc_int8_internal

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
