// Filter packing and ISA dispatch of the NCHW16c direct convolution (baseline flags; the
// tiles are in nchwc_conv_avx2.cc / _avx512.cc).
#include "lite/backends/x86/math/nchwc/nchwc_conv.h"

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "lite/backends/x86/cpu_info.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

std::atomic<bool> allow_avx512{true};

constexpr int kBlock = 16;

int Blocks(int channels) { return (channels + kBlock - 1) / kBlock; }
// Input chunks and channels per chunk: blocks of 16 (blocked input) or single channels.
int Chunks(const NchwcConvShape& s) { return s.blocked_input ? Blocks(s.in_c) : s.in_c; }
int ChunkChannels(const NchwcConvShape& s) { return s.blocked_input ? kBlock : 1; }

}  // namespace

bool NchwcConvSupports(const NchwcConvShape& s) {
  if (s.in_c < 1 || s.in_h < 1 || s.in_w < 1 || s.out_c < 1 || s.out_h < 1 || s.out_w < 1) {
    return false;
  }
  if (s.kernel_h < 1 || s.kernel_w < 1 || s.stride_h < 1 || s.stride_w < 1 ||
      s.dilation_h < 1 || s.dilation_w < 1 || s.pad_top < 0 || s.pad_left < 0 ||
      s.kernel_h * s.kernel_w > kNchwcMaxTaps) {
    return false;
  }
  return true;
}

bool NchwcConvIsPointwise(const NchwcConvShape& s) {
  return s.kernel_h == 1 && s.kernel_w == 1 && s.stride_h == 1 && s.stride_w == 1 &&
         s.pad_top == 0 && s.pad_left == 0 && s.out_h == s.in_h && s.out_w == s.in_w;
}

int NchwcConvRows(const NchwcConvShape& s) {
  return NchwcConvIsPointwise(s) ? s.out_h * s.out_w : s.out_h;
}

size_t NchwcPackedFilterSize(const NchwcConvShape& s) {
  const size_t out_lanes = static_cast<size_t>(Blocks(s.out_c)) * kBlock;
  return static_cast<size_t>(Chunks(s)) * ChunkChannels(s) * s.kernel_h * s.kernel_w *
             out_lanes +
         out_lanes;
}

void NchwcPackFilter(const NchwcConvShape& s, const float* filter, const float* bias,
                     float* packed) {
  const int chunks = Chunks(s), cb = ChunkChannels(s);
  const int taps = s.kernel_h * s.kernel_w;
  const int out_blocks = Blocks(s.out_c);
  float* dst = packed;
  for (int g = 0; g < out_blocks; g += kNchwcGroupBlocks) {
    const int nb = std::min(kNchwcGroupBlocks, out_blocks - g);
    for (int chunk = 0; chunk < chunks; ++chunk) {
      for (int t = 0; t < taps; ++t) {
        for (int c = 0; c < cb; ++c) {
          const int ic = chunk * cb + c;
          for (int lane = 0; lane < nb * kBlock; ++lane) {
            const int oc = g * kBlock + lane;
            *dst++ = oc < s.out_c && ic < s.in_c
                         ? filter[(static_cast<int64_t>(oc) * s.in_c + ic) * taps + t]
                         : 0.f;
          }
        }
      }
    }
  }
  for (int oc = 0; oc < out_blocks * kBlock; ++oc) {
    *dst++ = bias && oc < s.out_c ? bias[oc] : 0.f;
  }
}

bool NchwcConvUsesAvx512() { return allow_avx512 && CpuHasAvx512f(); }
void NchwcConvAllowAvx512(bool allow) { allow_avx512 = allow; }

void NchwcConv(const NchwcConvShape& s, const float* in, const float* packed,
               const Activation& act, int block_begin, int block_end, int row_begin,
               int row_end, float* out) {
  PLITE_CHECK(NchwcConvSupports(s), "NchwcConv: unsupported shape in ", s.in_c, "x", s.in_h,
              "x", s.in_w, " -> out ", s.out_c, "x", s.out_h, "x", s.out_w, " kernel ",
              s.kernel_h, "x", s.kernel_w, " stride ", s.stride_h, "x", s.stride_w,
              " dilation ", s.dilation_h, "x", s.dilation_w, " pad ", s.pad_top, ",",
              s.pad_left);
  PLITE_CHECK(block_begin % kNchwcGroupBlocks == 0 && block_begin >= 0 &&
                  (block_end % kNchwcGroupBlocks == 0 || block_end == Blocks(s.out_c)) &&
                  block_end <= Blocks(s.out_c) && row_begin >= 0 &&
                  row_end <= NchwcConvRows(s),
              "NchwcConv: blocks [", block_begin, ", ", block_end, ") rows [", row_begin, ", ",
              row_end, ") outside the output or not whole filter groups");
  PLITE_CHECK(CpuHasAvx2Fma(), "NchwcConv: this CPU lacks AVX2/FMA");
  if (block_begin >= block_end || row_begin >= row_end) return;
  if (NchwcConvUsesAvx512()) {
    nchwc_internal::NchwcConvAvx512(s, in, packed, act, block_begin, block_end, row_begin,
                                    row_end, out);
  } else {
    nchwc_internal::NchwcConvAvx2(s, in, packed, act, block_begin, block_end, row_begin,
                                  row_end, out);
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
