// Filter packing, row buffers and ISA dispatch of the small-channel convolution (baseline
// flags; the tiles are in conv_small_c_avx2.cc / _avx512.cc).
#include "lite/backends/x86/math/conv/conv_small_c.h"

#include <algorithm>
#include <atomic>

#include "lite/backends/x86/cpu_info.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

std::atomic<bool> allow_avx512{true};

// Output rows per chunk: their input rows (in_c * ((rows - 1) * sh + kh) copied rows) stay
// in L1/L2 while every channel block reads them.
constexpr int kChunkRows = 4;

int RoundUp(int v, int m) { return (v + m - 1) / m * m; }

// Floats of one phase of a buffered row: every tile load (at most round_up(out_w, 16) columns
// plus the tap's shift (kw - 1) / sw) stays inside it.
int PhaseWidth(const SmallCConvShape& s) {
  return RoundUp(RoundUp(s.out_w, 16) + (s.kernel_w - 1) / s.stride_w, 16);
}
int ChunkInRows(const SmallCConvShape& s) { return (kChunkRows - 1) * s.stride_h + s.kernel_h; }

}  // namespace

bool SmallCConvSupports(int in_c, int kernel_h, int kernel_w, int stride_h, int stride_w,
                        int dilation_h, int dilation_w) {
  return in_c >= 1 && kernel_h >= 1 && kernel_w >= 1 && stride_h >= 1 && stride_w >= 1 &&
         dilation_h == 1 && dilation_w == 1 &&
         static_cast<long>(in_c) * kernel_h * kernel_w <= kSmallCMaxTaps;
}

size_t SmallCPackedSize(int out_c, int in_c, int kernel_h, int kernel_w) {
  const size_t padded = static_cast<size_t>(RoundUp(out_c, kSmallCBlock));
  return padded * in_c * kernel_h * kernel_w + padded;
}

void SmallCPackFilter(const float* filter, const float* bias, int out_c, int in_c, int kernel_h,
                      int kernel_w, float* packed) {
  const int taps = in_c * kernel_h * kernel_w;
  const int padded = RoundUp(out_c, kSmallCBlock);
  for (int oc = 0; oc < padded; ++oc) {
    float* block = packed + static_cast<size_t>(oc / kSmallCBlock) * taps * kSmallCBlock;
    for (int t = 0; t < taps; ++t) {
      block[t * kSmallCBlock + oc % kSmallCBlock] =
          oc < out_c ? filter[static_cast<size_t>(oc) * taps + t] : 0.f;
    }
  }
  float* packed_bias = packed + static_cast<size_t>(padded) * taps;
  for (int oc = 0; oc < padded; ++oc) packed_bias[oc] = (bias && oc < out_c) ? bias[oc] : 0.f;
}

size_t SmallCScratchSize(const SmallCConvShape& s) {
  return static_cast<size_t>(s.in_c) * ChunkInRows(s) * s.stride_w * PhaseWidth(s);
}

bool SmallCConvUsesAvx512() {
  return CpuHasAvx512f() && allow_avx512.load(std::memory_order_relaxed);
}

void SmallCConvAllowAvx512(bool allow) { allow_avx512.store(allow, std::memory_order_relaxed); }

void SmallCConvRows(const SmallCConvShape& s, const float* in, const float* packed,
                    const Activation& act, int oy0, int oy1, float* scratch,
                    float* out) {
  const int wq = PhaseWidth(s);
  const int chunk_rows = ChunkInRows(s);
  const long row_floats = static_cast<long>(s.stride_w) * wq;
  int offsets[kSmallCMaxTaps];
  int t = 0;
  for (int c = 0; c < s.in_c; ++c) {
    for (int ky = 0; ky < s.kernel_h; ++ky) {
      for (int kx = 0; kx < s.kernel_w; ++kx) {
        offsets[t++] = static_cast<int>((static_cast<long>(c) * chunk_rows + ky) * row_floats +
                                        (kx % s.stride_w) * wq + kx / s.stride_w);
      }
    }
  }
  const bool avx512 = SmallCConvUsesAvx512();
  SmallCChunk chunk;
  chunk.buf = scratch;
  chunk.wq = wq;
  chunk.buf_rows = chunk_rows;
  chunk.offsets = offsets;
  chunk.taps = t;
  chunk.row_stride = s.stride_h * row_floats;
  chunk.out_c = s.out_c;
  chunk.out_w = s.out_w;
  chunk.out_plane = static_cast<long>(s.out_h) * s.out_w;
  for (int oy = oy0; oy < oy1; oy += kChunkRows) {
    chunk.rows = std::min(kChunkRows, oy1 - oy);
    const int iy0 = oy * s.stride_h - s.pad_top;
    const int in_rows = (chunk.rows - 1) * s.stride_h + s.kernel_h;
    float* dst = out + static_cast<long>(oy) * s.out_w;
    if constexpr (kWithAvx512) {
      if (avx512) {
        SmallCConvChunkAvx512(s, in, iy0, in_rows, chunk, packed, act, dst);
        continue;
      }
    }
    SmallCConvChunkAvx2(s, in, iy0, in_rows, chunk, packed, act, dst);
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
