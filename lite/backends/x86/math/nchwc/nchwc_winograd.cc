// Filter packing, scratch sizes and ISA dispatch of the NCHW16c Winograd convolution
// (baseline flags; the transforms and products are in nchwc_conv_avx2.cc / _avx512.cc).
#include "lite/backends/x86/math/nchwc/nchwc_winograd.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/winograd/conv_winograd.h"
#include "lite/backends/x86/math/nchwc/nchwc_conv.h"
#include "lite/utils/aligned_vector.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

constexpr int kBlock = 16;
constexpr int kPositions = 36;
// Per tile block: transformed input within ~256 KB and one group's products within
// ~384 KB, so both stay in L2 between the transforms and the products; or the whole image
// when both fit in ~2 MB (then the transformed filter is read once: ResNet18's 256 -> 256
// layers at 14x14, whose 9.4 MB of transformed filter two blocks of 12 + 4 tiles read
// twice, ran 0.88 ms per layer in the model, slower than the NCHW kernel).
constexpr int64_t kInputFloats = 64 * 1024;
constexpr int64_t kProductFloats = 96 * 1024;
constexpr int64_t kWholeImageFloats = 512 * 1024;
constexpr int64_t kMinBlockTiles = 12;

int Blocks(int channels) { return (channels + kBlock - 1) / kBlock; }

NchwcConvShape PointwiseShape(int out_c, int in_c) {
  NchwcConvShape p;
  p.in_c = in_c;
  p.out_c = out_c;
  p.in_h = p.in_w = p.out_h = p.out_w = 1;
  return p;
}

}  // namespace

int NchwcWinogradTiles(const NchwcConvShape& s) {
  return ((s.out_h + 3) / 4) * ((s.out_w + 3) / 4);
}

size_t NchwcWinogradFilterSize(int out_c, int in_c) {
  return kPositions * simd::NchwcPackedFilterSize(PointwiseShape(out_c, in_c), kNchwcBlock) +
         static_cast<size_t>(Blocks(out_c)) * kBlock;
}

void NchwcWinogradPackFilter(const float* filter, const float* bias, int out_c, int in_c,
                             float* packed) {
  const int64_t plane = static_cast<int64_t>(out_c) * in_c;
  AlignedVector<float> positions(static_cast<size_t>(kPositions * plane));
  WinogradFilterPositions(filter, out_c, in_c, WinogradVariant::kF4x4, positions.data());
  // Each position as a pointwise filter (its zero bias slot serves the products).
  const NchwcConvShape p = PointwiseShape(out_c, in_c);
  const size_t per_position = simd::NchwcPackedFilterSize(p, kNchwcBlock);
  for (int pos = 0; pos < kPositions; ++pos) {
    simd::NchwcPackFilter(p, kNchwcBlock, positions.data() + pos * plane, nullptr,
                          packed + pos * per_position);
  }
  float* packed_bias = packed + kPositions * per_position;
  for (int oc = 0; oc < Blocks(out_c) * kBlock; ++oc) {
    packed_bias[oc] = bias && oc < out_c ? bias[oc] : 0.f;
  }
}

int NchwcWinogradBlockTiles(const NchwcConvShape& s) {
  const int64_t tiles = NchwcWinogradTiles(s);
  const int64_t per_tile_in = static_cast<int64_t>(kPositions) * Blocks(s.in_c) * kBlock;
  const int64_t per_tile_out = static_cast<int64_t>(kPositions) * kNchwcGroupBlocks * kBlock;
  if (tiles * (per_tile_in + per_tile_out) <= kWholeImageFloats) return static_cast<int>(tiles);
  const int64_t fit = std::min(kInputFloats / per_tile_in, kProductFloats / per_tile_out);
  return static_cast<int>(std::max<int64_t>(kMinBlockTiles, std::min(fit, tiles)));
}

size_t NchwcWinogradInputSize(const NchwcConvShape& s, int tiles) {
  return static_cast<size_t>(kPositions) * Blocks(s.in_c) * tiles * kBlock;
}

size_t NchwcWinogradProductSize(int tiles) {
  return static_cast<size_t>(kPositions) * kNchwcGroupBlocks * tiles * kBlock;
}

namespace {

void CheckShape(const NchwcConvShape& s, int tile_begin, int tile_end, const char* who) {
  PLITE_CHECK(s.in_c >= 1 && s.out_c >= 1 && s.in_h >= 1 && s.in_w >= 1 && s.out_h >= 1 &&
                  s.out_w >= 1 && s.pad_top >= 0 && s.pad_left >= 0,
              who, ": bad shape in ", s.in_c, "x", s.in_h, "x", s.in_w, " out ", s.out_c, "x",
              s.out_h, "x", s.out_w, " pad ", s.pad_top, ",", s.pad_left);
  PLITE_CHECK(tile_begin >= 0 && tile_begin <= tile_end && tile_end <= NchwcWinogradTiles(s),
              who, ": tiles [", tile_begin, ", ", tile_end, ") outside the image's ",
              NchwcWinogradTiles(s));
  PLITE_CHECK(CpuHasAvx2Fma(), who, ": this CPU lacks AVX2/FMA");
  PLITE_CHECK(MathKept(simd::NchwcConvSpecialization(true, true)) ||
                  MathKept(simd::NchwcConvSpecialization(true, false)),
              who, ": this library was tailored without the tiles of the Winograd products ",
              "(nchwc_conv_pointwise); build it for the model that runs them ",
              "(tools/build_tailored_lib.sh)");
}

}  // namespace

void NchwcWinogradInput(const NchwcConvShape& s, const float* in, int tile_begin,
                        int tile_end, int in_block_begin, int in_block_end, float* v) {
  CheckShape(s, tile_begin, tile_end, "NchwcWinogradInput");
  PLITE_CHECK(in_block_begin >= 0 && in_block_end <= Blocks(s.in_c),
              "NchwcWinogradInput: input blocks [", in_block_begin, ", ", in_block_end,
              ") outside the ", Blocks(s.in_c), " of the input");
  if (tile_begin == tile_end || in_block_begin >= in_block_end) return;
  if constexpr (kWithAvx512) {
    if (NchwcConvUsesAvx512()) {
      nchwc_internal::NchwcWinogradInputAvx512(s, in, tile_begin, tile_end, in_block_begin,
                                               in_block_end, v);
      return;
    }
  }
  nchwc_internal::NchwcWinogradInputAvx2(s, in, tile_begin, tile_end, in_block_begin, in_block_end,
                                         v);
}

void NchwcWinogradOutput(const NchwcConvShape& s, const float* v, const float* packed,
                         const Activation& act, int tile_begin, int tile_end,
                         int out_block_begin, int out_block_end, float* m, float* out) {
  CheckShape(s, tile_begin, tile_end, "NchwcWinogradOutput");
  PLITE_CHECK(out_block_begin >= 0 && out_block_begin % kNchwcGroupBlocks == 0 &&
                  (out_block_end % kNchwcGroupBlocks == 0 || out_block_end == Blocks(s.out_c)) &&
                  out_block_end <= Blocks(s.out_c),
              "NchwcWinogradOutput: output blocks [", out_block_begin, ", ", out_block_end,
              ") are not whole filter groups of the ", Blocks(s.out_c), " blocks");
  if (tile_begin == tile_end || out_block_begin >= out_block_end) return;
  if constexpr (kWithAvx512) {
    if (NchwcConvUsesAvx512()) {
      nchwc_internal::NchwcWinogradOutputAvx512(s, v, packed, act, tile_begin, tile_end,
                                                out_block_begin, out_block_end, m, out);
      return;
    }
  }
  nchwc_internal::NchwcWinogradOutputAvx2(s, v, packed, act, tile_begin, tile_end, out_block_begin,
                                          out_block_end, m, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
