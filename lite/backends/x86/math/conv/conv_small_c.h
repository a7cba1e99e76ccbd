// Direct convolution for layers with few input channels (the first convolution of a CNN:
// 3 -> 24..64 channels, 3x3 or 7x7, stride 1 or 2), where im2col + GEMM has a K of only
// in_c * kh * kw = 27..147 and spends its time on the unfolding and narrow panels.
//
// Per chunk of output rows, the input rows the chunk reads are copied once into a zero-padded
// buffer with each row split by column phase (x mod stride_w): tap (ky, kx) of output
// column ox then reads buffer column ox + kx / stride_w of phase kx % stride_w, so every tap
// is a plain contiguous vector load whatever the stride and padding. A register tile of 8
// output channels (AVX-512: 8 x 3 zmm of 16 columns; AVX2: 4 x 3 ymm of 8 columns) sums
// all in_c * kh * kw taps with the weight broadcast from the packed filter, adds the bias,
// applies the activation (any kind, activation_vec.inc) and stores NCHW rows.
//
// Declarations only: the tile loops live in conv_small_c_avx2.cc / _avx512.cc (built with
// their ISA flags, sharing conv_small_c_kernel.inc); conv_small_c.cc (baseline flags) packs,
// copies rows and dispatches.
#pragma once

#include <cstddef>

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

struct SmallCConvShape {
  int in_c{0}, in_h{0}, in_w{0};
  int out_c{0}, out_h{0}, out_w{0};
  int kernel_h{0}, kernel_w{0};
  int stride_h{1}, stride_w{1};
  int pad_top{0}, pad_left{0};  // bottom/right padding follows from the output size
};

// Output channels per packed filter block (the tile's channel count on AVX-512; AVX2 takes a
// block as two halves).
constexpr int kSmallCBlock = 8;
// Most taps (in_c * kh * kw) a filter may have.
constexpr int kSmallCMaxTaps = 1024;

// Whether the direct path handles this filter: dilation 1, positive strides, at most
// kSmallCMaxTaps taps.
bool SmallCConvSupports(int in_c, int kernel_h, int kernel_w, int stride_h, int stride_w,
                        int dilation_h, int dilation_w);

// Floats SmallCPackFilter writes: the filter as [out_c / 8][in_c * kh * kw][8] followed by
// the bias padded to a multiple of 8 (zeros for the padding channels and for no bias).
size_t SmallCPackedSize(int out_c, int in_c, int kernel_h, int kernel_w);
void SmallCPackFilter(const float* filter, const float* bias, int out_c, int in_c, int kernel_h,
                      int kernel_w, float* packed);

// Floats of scratch one SmallCConvRows call needs (one per concurrent call).
size_t SmallCScratchSize(const SmallCConvShape& s);

// Output rows [oy0, oy1) of all channels of one image:
//   out[oc][oy][ox] = act(bias[oc] + sum_{c,ky,kx} w[oc][c][ky][kx] *
//                         in[c][oy*sh - pad_top + ky][ox*sw - pad_left + kx]),
// zero outside the input. `packed` comes from SmallCPackFilter. Needs AVX2+FMA
// (lite::x86::CpuHasAvx2Fma()); uses AVX-512 where SmallCConvUsesAvx512().
void SmallCConvRows(const SmallCConvShape& s, const float* in, const float* packed,
                    const Activation& act, int oy0, int oy1, float* scratch,
                    float* out);

// Whether SmallCConvRows uses AVX-512 on this CPU (and it is not forced off).
bool SmallCConvUsesAvx512();
// Tests force the AVX2 path (false) or allow AVX-512 again (true, the default).
void SmallCConvAllowAvx512(bool allow);

// One chunk of `rows` output rows (see conv_small_c.cc): input rows [iy0, iy0 + in_rows)
// are copied into buf as [in_c][buf_rows][stride_w][wq]; tap t of output column ox of
// chunk row r then reads buf[r * row_stride + offsets[t] + ox]; out points at channel 0 of
// the chunk's first row (channel planes out_plane floats apart).
struct SmallCChunk {
  float* buf;
  int wq, buf_rows;
  const int* offsets;
  int taps;
  long row_stride;
  int rows;
  int out_c, out_w;
  long out_plane;
};
void SmallCConvChunkAvx2(const SmallCConvShape& s, const float* in, int iy0, int in_rows,
                         const SmallCChunk& chunk, const float* packed,
                         const Activation& act, float* out);
void SmallCConvChunkAvx512(const SmallCConvShape& s, const float* in, int iy0, int in_rows,
                           const SmallCChunk& chunk, const float* packed,
                           const Activation& act, float* out);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
