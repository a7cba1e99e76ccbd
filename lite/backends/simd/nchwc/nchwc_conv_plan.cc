#include "lite/backends/simd/nchwc/nchwc_conv_plan.h"

#include <algorithm>
#include <cstdint>

#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace simd {

namespace {

int Blocks(int channels, int block) { return (channels + block - 1) / block; }
// Input chunks and channels per chunk: blocks (blocked input) or single channels.
int Chunks(const NchwcConvShape& s, int block) {
  return s.blocked_input ? Blocks(s.in_c, block) : s.in_c;
}
int ChunkChannels(const NchwcConvShape& s, int block) { return s.blocked_input ? block : 1; }

}  // namespace

bool NchwcConvSupports(const NchwcConvShape& s) {
  if (s.in_c < 1 || s.in_h < 1 || s.in_w < 1 || s.out_c < 1 || s.out_h < 1 || s.out_w < 1) {
    return false;
  }
  return s.kernel_h >= 1 && s.kernel_w >= 1 && s.stride_h >= 1 && s.stride_w >= 1 &&
         s.dilation_h >= 1 && s.dilation_w >= 1 && s.pad_top >= 0 && s.pad_left >= 0 &&
         s.kernel_h * s.kernel_w <= kNchwcMaxTaps;
}

bool NchwcConvIsPointwise(const NchwcConvShape& s) {
  return s.kernel_h == 1 && s.kernel_w == 1 && s.stride_h == 1 && s.stride_w == 1 &&
         s.pad_top == 0 && s.pad_left == 0 && s.out_h == s.in_h && s.out_w == s.in_w;
}

int NchwcConvRows(const NchwcConvShape& s) {
  return NchwcConvIsPointwise(s) ? s.out_h * s.out_w : s.out_h;
}

void CheckNchwcConvCall(const NchwcConvShape& s, int block, int block_begin, int block_end,
                        int row_begin, int row_end, const char* who) {
  PLITE_CHECK(NchwcConvSupports(s), who, ": unsupported shape in ", s.in_c, "x", s.in_h, "x",
              s.in_w, " -> out ", s.out_c, "x", s.out_h, "x", s.out_w, " kernel ", s.kernel_h,
              "x", s.kernel_w, " stride ", s.stride_h, "x", s.stride_w, " dilation ",
              s.dilation_h, "x", s.dilation_w, " pad ", s.pad_top, ",", s.pad_left);
  const char* tiles = NchwcConvSpecialization(s.blocked_input, false);
  const bool unit =
      s.blocked_input && NchwcConvIsPointwise(s) && MathKept(NchwcConvSpecialization(true, true));
  PLITE_CHECK(unit || MathKept(tiles), who, ": this library was tailored without the tiles this ",
              s.kernel_h, "x", s.kernel_w, " convolution runs (", tiles,
              "); build it for the model that runs it (tools/build_tailored_lib.sh)");
  const int blocks = Blocks(s.out_c, block);
  PLITE_CHECK(block_begin % kNchwcGroupBlocks == 0 && block_begin >= 0 &&
                  (block_end % kNchwcGroupBlocks == 0 || block_end == blocks) &&
                  block_end <= blocks && row_begin >= 0 && row_end <= NchwcConvRows(s),
              who, ": blocks [", block_begin, ", ", block_end, ") rows [", row_begin, ", ",
              row_end, ") outside the output or not whole filter groups");
}

size_t NchwcPackedFilterSize(const NchwcConvShape& s, int block) {
  const size_t out_lanes = static_cast<size_t>(Blocks(s.out_c, block)) * block;
  return static_cast<size_t>(Chunks(s, block)) * ChunkChannels(s, block) * s.kernel_h *
             s.kernel_w * out_lanes +
         out_lanes;
}

void NchwcPackFilter(const NchwcConvShape& s, int block, const float* filter,
                     const float* bias, float* packed) {
  const int chunks = Chunks(s, block), cb = ChunkChannels(s, block);
  const int taps = s.kernel_h * s.kernel_w;
  const int out_blocks = Blocks(s.out_c, block);
  float* dst = packed;
  for (int g = 0; g < out_blocks; g += kNchwcGroupBlocks) {
    const int nb = std::min(kNchwcGroupBlocks, out_blocks - g);
    for (int chunk = 0; chunk < chunks; ++chunk) {
      for (int t = 0; t < taps; ++t) {
        for (int c = 0; c < cb; ++c) {
          const int ic = chunk * cb + c;
          for (int lane = 0; lane < nb * block; ++lane) {
            const int oc = g * block + lane;
            *dst++ = oc < s.out_c && ic < s.in_c
                         ? filter[(static_cast<int64_t>(oc) * s.in_c + ic) * taps + t]
                         : 0.f;
          }
        }
      }
    }
  }
  for (int oc = 0; oc < out_blocks * block; ++oc) {
    *dst++ = bias && oc < s.out_c ? bias[oc] : 0.f;
  }
}

}  // namespace simd
}  // namespace lite
}  // namespace paddle
