// AVX-512 depthwise plane kernel (see depthwise_conv.h): 16 columns per zmm. Built with
// -mavx512f -mavx2 -mfma; called only when the CPU has AVX-512F (depthwise_conv.cc).
// GCC 12 reports _mm512_undefined_ps() inside max/min as maybe-uninitialized (a false
// positive of its own headers).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include <type_traits>
#include <utility>

#include "lite/backends/x86/math/depthwise/depthwise_conv.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

#include "lite/backends/x86/math/vec/vec_avx512.inc"
#include "lite/backends/simd/activation_vec.inc"

struct V : VecAvx512 {
  using M = __mmask16;
  static M Lanes(int first, int limit) {
    const int lo = first < 0 ? -first : 0;                       // lanes before column 0
    const int hi = limit - first > kW ? kW : limit - first;      // lanes before `limit`
    if (hi <= lo) return 0;
    return static_cast<M>(((1u << hi) - 1u) & ~((1u << lo) - 1u));
  }
  static T LoadMasked(const float* p, M m) { return _mm512_maskz_loadu_ps(m, p); }
  // Lanes N.. of lo then hi's first N: the 16 floats N columns on from lo.
  template <int N>
  static T Shift(T hi, T lo, std::integral_constant<int, N>) {
    return _mm512_castsi512_ps(
        _mm512_alignr_epi32(_mm512_castps_si512(hi), _mm512_castps_si512(lo), N));
  }
  static T ShiftInLast(T v, T x) {
    return _mm512_castsi512_ps(
        _mm512_alignr_epi32(_mm512_castps_si512(x), _mm512_castps_si512(v), 1));
  }
  static T Odd(T lo, T hi) {
    const __m512i odd = _mm512_set_epi32(31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5,
                                         3, 1);
    return _mm512_permutex2var_ps(lo, odd, hi);
  }
};

#include "lite/backends/simd/depthwise_conv_kernel.inc"

// ---- flattened small planes (DepthwiseConvPlanesFlatAvx512)

// Lane masks of one output vector: lane l is output i = 16v + l at (oy, ox); tap (ky, kx)
// reads input (oy + ky - pad_top, ox + kx - pad_left) when that is inside the input.
template <int K>
struct FlatVectorMasks {
  __mmask16 tap[K * K];  // row and column inside (vectors at the top and bottom)
  __mmask16 col[K];      // column inside (vectors whose rows are all inside)
};

template <int K>
void FlatMasks(const DepthwisePlane& p, int vectors, FlatVectorMasks<K>* masks) {
  const int count = p.out_h * p.out_w;
  const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m512 width = _mm512_set1_ps(static_cast<float>(p.out_w));
  for (int v = 0; v < vectors; ++v) {
    const __m512i i = _mm512_add_epi32(iota, _mm512_set1_epi32(v * 16));
    // (i + 0.5) / w stays at least 0.5 / w away from an integer: the floor is exact.
    const __m512i oy = _mm512_cvttps_epi32(
        _mm512_div_ps(_mm512_add_ps(_mm512_cvtepi32_ps(i), _mm512_set1_ps(0.5f)), width));
    const __m512i ox = _mm512_sub_epi32(i, _mm512_mullo_epi32(oy, _mm512_set1_epi32(p.out_w)));
    const __mmask16 live = _mm512_cmplt_epi32_mask(i, _mm512_set1_epi32(count));
    __mmask16 rows[K];
    for (int k = 0; k < K; ++k) {
      const __m512i iy = _mm512_add_epi32(oy, _mm512_set1_epi32(k - p.pad_top));
      const __m512i ix = _mm512_add_epi32(ox, _mm512_set1_epi32(k - p.pad_left));
      rows[k] = live & _mm512_cmpge_epi32_mask(iy, _mm512_setzero_si512()) &
                _mm512_cmplt_epi32_mask(iy, _mm512_set1_epi32(p.in_h));
      masks[v].col[k] = _mm512_cmpge_epi32_mask(ix, _mm512_setzero_si512()) &
                        _mm512_cmplt_epi32_mask(ix, _mm512_set1_epi32(p.in_w));
    }
    for (int ky = 0; ky < K; ++ky) {
      for (int kx = 0; kx < K; ++kx) masks[v].tap[ky * K + kx] = rows[ky] & masks[v].col[kx];
    }
  }
}

// G output vectors [v0, v0 + G) of one plane, masked where a tap falls outside the input.
// kRowsInside: every input row the taps read exists, only the columns need masks (K per
// vector, loaded once per vector instead of once per tap).
template <int K, int G, bool kRowsInside, typename A>
__attribute__((always_inline)) inline void FlatGroup(const float* in, const T (&w)[K * K],
                                                     T bias, const int (&row_offsets)[K],
                                                     const FlatVectorMasks<K>* masks, int v0,
                                                     int count, const A& act, float* out) {
  // One base pointer per filter row: the loads then differ by constant displacements.
  const float* rows[K];
#pragma GCC unroll 5
  for (int ky = 0; ky < K; ++ky) rows[ky] = in + v0 * 16 + row_offsets[ky];
  const FlatVectorMasks<K>* m = masks + v0;
  T acc[G];
#pragma GCC unroll 8
  for (int g = 0; g < G; ++g) {
    acc[g] = bias;
#pragma GCC unroll 5
    for (int kx = 0; kx < K; ++kx) {
      const __mmask16 col = m[g].col[kx];
#pragma GCC unroll 5
      for (int ky = 0; ky < K; ++ky) {
        const __mmask16 mask = kRowsInside ? col : m[g].tap[ky * K + kx];
        const T x = _mm512_maskz_loadu_ps(mask, rows[ky] + g * 16 + kx);
        acc[g] = V::Fmadd(x, w[ky * K + kx], acc[g]);
      }
    }
  }
#pragma GCC unroll 8
  for (int g = 0; g < G; ++g) {
    const int at = (v0 + g) * 16;
    const T y = act(acc[g]);
    if (at + 16 <= count) {
      V::Store(out + at, y);
    } else {
      V::StoreFirst(out + at, y, count - at);
    }
  }
}

// Vectors [begin, end) of one plane, G at a time, then one at a time (the out-of-order
// core overlaps the FMA chains of consecutive vectors; more unrolling only grows the code).
template <int K, int G, bool kRowsInside, typename A>
__attribute__((always_inline)) inline void FlatVectors(const float* in, const T (&w)[K * K],
                                                       T bias, const int (&row_offsets)[K],
                                                       const FlatVectorMasks<K>* masks,
                                                       int begin, int end, int count,
                                                       const A& act, float* out) {
  int v = begin;
  for (; v + G <= end; v += G) {
    FlatGroup<K, G, kRowsInside>(in, w, bias, row_offsets, masks, v, count, act, out);
  }
  for (; v < end; ++v) {
    FlatGroup<K, 1, kRowsInside>(in, w, bias, row_offsets, masks, v, count, act, out);
  }
}

// Planes [begin, end) with the vectors' masks made; A is Act or Act::Clamp.
template <int K, typename A>
void FlatChannels(const float* in, const float* filters, const float* biases, int channels,
                  int begin, int end, const DepthwisePlane& p, const FlatVectorMasks<K>* masks,
                  const int (&row_offsets)[K], int vectors, int inside_begin, int inside_end,
                  const A& a, float* out) {
  const A act = a;  // a copy: the stores to out could alias what the reference points at
  const int count = p.out_h * p.out_w;
  const size_t in_plane = static_cast<size_t>(p.in_h) * p.in_w;
  for (int i = begin, c = begin % channels; i < end; ++i, c = c + 1 == channels ? 0 : c + 1) {
    const float* filter = filters + static_cast<size_t>(c) * K * K;
    T w[K * K];
#pragma GCC unroll 25
    for (int t = 0; t < K * K; ++t) w[t] = V::Set1(filter[t]);
    const T bias = V::Set1(biases ? biases[c] : 0.f);
    const float* src = in + i * in_plane;
    float* dst = out + static_cast<size_t>(i) * count;
    if (vectors == 4) {  // 7x7: one group of four independent FMA chains (~10 % faster)
      FlatGroup<K, 4, false>(src, w, bias, row_offsets, masks, 0, count, act, dst);
      continue;
    }
    FlatVectors<K, 1, false>(src, w, bias, row_offsets, masks, 0, inside_begin, count, act, dst);
    FlatVectors<K, 4, true>(src, w, bias, row_offsets, masks, inside_begin, inside_end, count,
                            act, dst);
    FlatVectors<K, 1, false>(src, w, bias, row_offsets, masks, inside_end, vectors, count, act,
                             dst);
  }
}

template <int K>
void FlatPlanes(const float* in, const float* filters, const float* biases, int channels,
                int begin, int end, const DepthwisePlane& p, const Activation& a,
                float* out) {
  const int count = p.out_h * p.out_w;
  const int vectors = (count + 15) / 16;
  FlatVectorMasks<K> masks[kFlatMaxVectors];
  FlatMasks<K>(p, vectors, masks);
  int row_offsets[K];  // of filter row ky's first tap from the output position
  for (int ky = 0; ky < K; ++ky) row_offsets[ky] = (ky - p.pad_top) * p.in_w - p.pad_left;
  // Vectors [inside_begin, inside_end) hold only outputs whose K input rows all exist:
  // output rows pad_top .. in_h - K + pad_top.
  const int first_row = p.pad_top, last_row = p.in_h - K + p.pad_top;
  int inside_begin = vectors, inside_end = vectors;
  if (first_row <= last_row && first_row < p.out_h) {
    inside_begin = (first_row * p.out_w + 15) / 16;
    // No std::min here: an AVX-512 copy of a shared inline template must not exist.
    const int end_row = last_row + 1 < p.out_h ? last_row + 1 : p.out_h;
    inside_end = end_row * p.out_w / 16;
    if (inside_end < inside_begin) inside_end = inside_begin;
  }
  const Act act(a);
  if (act.clamps) {
    FlatChannels<K>(in, filters, biases, channels, begin, end, p, masks, row_offsets, vectors,
                    inside_begin, inside_end, act.ClampOnly(), out);
  } else {
    FlatChannels<K>(in, filters, biases, channels, begin, end, p, masks, row_offsets, vectors,
                    inside_begin, inside_end, act, out);
  }
}

}  // namespace

void DepthwiseConvPlaneAvx512(const float* in, const float* filter, float bias,
                              const DepthwisePlane& p, const Activation& act,
                              float* out) {
  ConvPlane(in, filter, bias, p, act, out);
}

void DepthwiseConvPlanesFlatAvx512(const float* in, const float* filters, const float* biases,
                                   int channels, int begin, int end, const DepthwisePlane& p,
                                   const Activation& act, float* out) {
  if (!DepthwiseFlatFits(p)) return;
  if constexpr (MathKept(DepthwiseFlatSpecialization(3))) {
    if (p.kernel == 3) FlatPlanes<3>(in, filters, biases, channels, begin, end, p, act, out);
  }
  if constexpr (MathKept(DepthwiseFlatSpecialization(5))) {
    if (p.kernel == 5) FlatPlanes<5>(in, filters, biases, channels, begin, end, p, act, out);
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
