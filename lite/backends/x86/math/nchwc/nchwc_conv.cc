// ISA dispatch of the NCHW16c direct convolution (baseline flags; the tiles are in
// nchwc_conv_avx2.cc / _avx512.cc, the packing in lite/backends/simd/nchwc).
#include "lite/backends/x86/math/nchwc/nchwc_conv.h"

#include <atomic>

#include "lite/backends/x86/cpu_info.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

std::atomic<bool> allow_avx512{true};

int Blocks(int channels) { return (channels + kNchwcBlock - 1) / kNchwcBlock; }

}  // namespace

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
