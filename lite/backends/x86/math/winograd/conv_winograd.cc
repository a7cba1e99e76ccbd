#include "lite/backends/x86/math/winograd/conv_winograd.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/winograd/conv_winograd_transform.h"
#include "lite/utils/activation_ref.h"
#include "lite/utils/aligned_vector.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace winograd_internal {
namespace portable {

static void DeinterleaveGroup(const float* row, int in_w, int x, float* dst, int len) {
  for (int m = 0; m < 4; ++m) {
    for (int l = 0; l < 8; ++l) {
      const int i = x + 4 * l + m;
      dst[m * len + l] = i >= 0 && i < in_w ? row[i] : 0.f;
    }
  }
}

static void Interleave8(const float* c0, const float* c1, const float* c2, const float* c3,
                        float* dst) {
  for (int l = 0; l < 8; ++l) {
    dst[4 * l] = c0[l];
    dst[4 * l + 1] = c1[l];
    dst[4 * l + 2] = c2[l];
    dst[4 * l + 3] = c3[l];
  }
}

static void CopyFloats(const float* src, int n, float* dst) {
  for (int i = 0; i < n; ++i) dst[i] = src[i];
}

static void Deinterleave2Group(const float* row, int in_w, int x, float* dst, int len) {
  for (int m = 0; m < 2; ++m) {
    for (int l = 0; l < 8; ++l) {
      const int i = x + 2 * l + m;
      dst[m * len + l] = i >= 0 && i < in_w ? row[i] : 0.f;
    }
  }
}

static void Interleave2x8(const float* c0, const float* c1, float* dst) {
  for (int l = 0; l < 8; ++l) {
    dst[2 * l] = c0[l];
    dst[2 * l + 1] = c1[l];
  }
}

// The reference formula element by element.
class RowActivation {
 public:
  explicit RowActivation(const Activation& act) : act_(act) {}
  void operator()(float* y, int n) const {
    for (int i = 0; i < n; ++i) y[i] = ApplyActivation(y[i], act_);
  }

 private:
  const Activation& act_;
};

#include "lite/backends/x86/math/winograd/conv_winograd_transform.inc"
}  // namespace portable

void InputTransformRowPortable(const float* plane, int in_h, int in_w, int y0, int x0,
                               int tiles_w, float* v, long pos_stride, float* scratch) {
  portable::InputTransformRowImpl(plane, in_h, in_w, y0, x0, tiles_w, v, pos_stride, scratch);
}

void OutputTransformRowPortable(const float* m, long pos_stride, int tiles_w, float bias,
                                const Activation& act, float* out_plane, int out_h, int out_w,
                                int oy0) {
  portable::OutputTransformRowImpl(m, pos_stride, tiles_w, bias, act, out_plane, out_h, out_w,
                                   oy0);
}

void InputTransformRowF2Portable(const float* plane, int in_h, int in_w, int y0, int x0,
                                 int tiles_w, float* v, long pos_stride, float* scratch) {
  portable::InputTransformRowF2Impl(plane, in_h, in_w, y0, x0, tiles_w, v, pos_stride, scratch);
}

void OutputTransformRowF2Portable(const float* m, long pos_stride, int tiles_w, float bias,
                                  const Activation& act, float* out_plane, int out_h, int out_w,
                                  int oy0) {
  portable::OutputTransformRowF2Impl(m, pos_stride, tiles_w, bias, act, out_plane, out_h, out_w,
                                     oy0);
}
}  // namespace winograd_internal

namespace {

using winograd_internal::InputTransformRowFn;
using winograd_internal::OutputTransformRowFn;

// What differs between the variants.
struct Variant {
  int positions;  // tile edge squared: the number of GEMMs
  int out;        // output block edge
  const double (*g)[3];  // G: positions^(1/2) x 3
  InputTransformRowFn input_avx2, input_portable;
  OutputTransformRowFn output_avx2, output_portable;
  int input_scratch_rows;  // the input transform's scratch is this * (RoundUp(tiles_w, 8) + 8)
};

constexpr double kG4[6][3] = {{1.0 / 4, 0, 0},
                              {-1.0 / 6, -1.0 / 6, -1.0 / 6},
                              {-1.0 / 6, 1.0 / 6, -1.0 / 6},
                              {1.0 / 24, 1.0 / 12, 1.0 / 6},
                              {1.0 / 24, -1.0 / 12, 1.0 / 6},
                              {0, 0, 1}};
constexpr double kG2[4][3] = {{1, 0, 0}, {0.5, 0.5, 0.5}, {0.5, -0.5, 0.5}, {0, 0, 1}};

const Variant& VariantOf(WinogradVariant v) {
  static const Variant f4{36,
                          4,
                          kG4,
                          winograd_internal::InputTransformRowAvx2,
                          winograd_internal::InputTransformRowPortable,
                          winograd_internal::OutputTransformRowAvx2,
                          winograd_internal::OutputTransformRowPortable,
                          24};
  static const Variant f2{16,
                          2,
                          kG2,
                          winograd_internal::InputTransformRowF2Avx2,
                          winograd_internal::InputTransformRowF2Portable,
                          winograd_internal::OutputTransformRowF2Avx2,
                          winograd_internal::OutputTransformRowF2Portable,
                          8};
  switch (v) {
    case WinogradVariant::kF4x4:
      return f4;
    case WinogradVariant::kF2x2:
      return f2;
  }
  PLITE_THROW("Winograd: unknown variant ", static_cast<int>(v));
}

// Bytes of transformed input one block of tiles may hold: every output-channel group reads
// all of it, so it should stay in L2.
constexpr int64_t kInputBlockBytes = 512 << 10;
constexpr int kMinBlockTiles = 64;  // below this the GEMMs' N gets too narrow to be efficient
constexpr int kRowPad = 16;         // v and m rows: whole vectors plus the transforms' overrun
// Bytes of products per output-channel group: its GEMMs write them and its output transform
// reads them back while they are still in L2 (not a round trip through L3). 768 KB (of 1 MB
// L2 here) beat 384 KB by 0-25 % on SqueezeNet's and ResNet18's layers.
constexpr int64_t kProductBytes = 768 << 10;
// Most output channels per group (a multiple of the SGEMM's 6-row panels), per variant.
constexpr int kMaxGroupF4 = 24;
constexpr int kMaxGroupF2 = 48;
// Above this many bytes of transformed filter a layer streams its filter from memory
// whatever the grouping, and small groups only re-read the transformed input: two groups
// (one per thread of two) instead. ResNet18's 512 -> 512 at 7 x 7 (16 MB, F(2x2), filters
// not cached): 0.93 ms in two groups, 1.04-1.06 ms in groups of 48, 1.37-1.39 ms without
// groups (the products of all channels written out before the output transform).
constexpr int64_t kStreamedFilterBytes = 8 << 20;
constexpr int kPanelRows = 6;  // the SGEMM's packed-A panel height

int RoundUp(int x, int multiple) { return (x + multiple - 1) / multiple * multiple; }

// Output channels per group, fixed by the filter's shape (the packed filter is laid out by
// group): an even number of groups (two threads split them evenly) of at most the variant's
// maximum, each a multiple of the panel height.
int GroupChannels(int out_c, int in_c, WinogradVariant variant) {
  const Variant& var = VariantOf(variant);
  const int64_t filter_bytes = int64_t{var.positions} * out_c * in_c * sizeof(float);
  const int max_group = filter_bytes > kStreamedFilterBytes ? out_c
                        : variant == WinogradVariant::kF4x4 ? kMaxGroupF4
                                                            : kMaxGroupF2;
  for (int groups = 2;; groups += 2) {
    const int group = RoundUp((out_c + groups - 1) / groups, kPanelRows);
    if (group <= std::max(max_group, kPanelRows)) return std::max(group, kPanelRows);
  }
}

// The packed filter: group g (channels [g * group, ...)) holds one PackA block per
// position, each PackedASize(rows of g, in_c) floats.
size_t GroupFilterSize(int rows, int in_c, int positions) {
  return positions * PackedASize(rows, in_c);
}

struct Plan {
  int tiles_h, tiles_w;
  int tile_rows;       // batch * tiles_h
  int rows_per_block;  // tile rows per block
  int block_tiles;     // rows_per_block * tiles_w
  int row_stride;      // of v and m (see MakePlan)
  int oc_group;        // output channels per GEMM + output transform pass
  int tasks;           // concurrent tasks (one scratch slot each)
  size_t task_scratch;  // floats per task: the input transform's rows, then m
};

Plan MakePlan(const WinogradConvShape& s, int threads) {
  const Variant& var = VariantOf(s.variant);
  Plan p;
  p.tiles_h = (s.out_h + var.out - 1) / var.out;
  p.tiles_w = (s.out_w + var.out - 1) / var.out;
  p.tile_rows = s.batch * p.tiles_h;
  p.oc_group = GroupChannels(s.out_c, s.in_c, s.variant);
  // Tiles per block: their transformed input and one group's products stay in L2.
  const int64_t per_tile = int64_t{var.positions} * sizeof(float);
  const int64_t fit = std::max<int64_t>(
      std::min(kInputBlockBytes / (per_tile * std::max(s.in_c, 1)),
               kProductBytes / (per_tile * p.oc_group)),
      kMinBlockTiles);
  const int max_rows = static_cast<int>(
      std::clamp<int64_t>(fit / std::max(p.tiles_w, 1), 1, std::max(p.tile_rows, 1)));
  // Blocks of equal size (14 rows by at most 13 would leave a last block of one row).
  const int blocks = (p.tile_rows + max_rows - 1) / max_rows;
  p.rows_per_block = std::max(1, (p.tile_rows + blocks - 1) / std::max(blocks, 1));
  p.block_tiles = p.rows_per_block * p.tiles_w;
  // The GEMMs are exactly as wide as the block (the SGEMM's edge and wide tiles beat
  // computing up to a multiple of 16: 49 tiles as 64 cost 15-25 % more). The transforms
  // work on groups of 8 tiles and overrun a row by up to 7: + 16 holds that. Not a multiple
  // of 4 KB: the SGEMM then reads v in place.
  p.row_stride = RoundUp(p.block_tiles, kRowPad) + kRowPad;
  if (p.row_stride % 1024 == 0) p.row_stride += kRowPad;
  p.tasks = std::max(1, threads);
  // The input transform's rows, then the group's products; + 16 keeps the slots of
  // different tasks on different lines.
  const int lanes = winograd_internal::kTransformLanes;
  p.task_scratch =
      static_cast<size_t>(var.input_scratch_rows) * (RoundUp(p.tiles_w, lanes) + lanes) + 16 +
      static_cast<size_t>(var.positions) * p.oc_group * p.row_stride;
  return p;
}

// Below this many multiply-adds in the GEMMs a convolution runs on one thread: the three
// hand-offs per block would cost more than the second thread saves (an 8 -> 8 channel
// 32 x 32 convolution took 13 us alone and 30 us on two threads).
constexpr int64_t kMinParallelMacs = int64_t{2} << 20;

void RunTasks(const SgemmOptions& options, int tasks, const std::function<void(int)>& task) {
  if (options.parallel_for && options.threads > 1 && tasks > 1) {
    options.parallel_for(tasks, task);
  } else {
    for (int t = 0; t < tasks; ++t) task(t);
  }
}

}  // namespace

size_t WinogradFilterSize(int out_c, int in_c, WinogradVariant variant) {
  PLITE_CHECK(out_c >= 0 && in_c >= 0, "WinogradFilterSize: negative size out_c=", out_c,
              " in_c=", in_c);
  if (out_c == 0) return 0;
  const int group = GroupChannels(out_c, in_c, variant);
  const int positions = VariantOf(variant).positions;
  const int full = out_c / group, rest = out_c % group;
  return full * GroupFilterSize(group, in_c, positions) +
         (rest ? GroupFilterSize(rest, in_c, positions) : 0);
}

int WinogradTiles(int batch, int out_h, int out_w, WinogradVariant variant) {
  const int out = VariantOf(variant).out;
  return batch * ((out_h + out - 1) / out) * ((out_w + out - 1) / out);
}

void WinogradTransformFilter(const float* filter, int out_c, int in_c, float* packed,
                             WinogradVariant variant) {
  PLITE_CHECK(out_c >= 0 && in_c >= 0, "WinogradTransformFilter: negative size out_c=", out_c,
              " in_c=", in_c);
  const Variant& var = VariantOf(variant);
  if (out_c == 0 || in_c == 0) return;
  PLITE_CHECK(filter && packed, "WinogradTransformFilter: null filter or packed buffer");
  const int64_t plane = static_cast<int64_t>(out_c) * in_c;
  AlignedVector<float> transformed(static_cast<size_t>(var.positions * plane));
  WinogradFilterPositions(filter, out_c, in_c, variant, transformed.data());
  const int group = GroupChannels(out_c, in_c, variant);
  for (int o0 = 0; o0 < out_c; o0 += group) {
    const int rows = std::min(group, out_c - o0);
    const size_t pos_size = PackedASize(rows, in_c);
    for (int pos = 0; pos < var.positions; ++pos) {
      PackA(rows, in_c, transformed.data() + pos * plane + static_cast<int64_t>(o0) * in_c, in_c,
            packed);
      packed += pos_size;
    }
  }
}

void WinogradFilterPositions(const float* filter, int out_c, int in_c, WinogradVariant variant,
                             float* transformed) {
  const Variant& var = VariantOf(variant);
  const int edge = var.out + 2;  // tile edge
  const int64_t plane = static_cast<int64_t>(out_c) * in_c;
  for (int64_t f = 0; f < plane; ++f) {
    const float* g = filter + f * 9;
    double gg[6][3];  // G g
    for (int i = 0; i < edge; ++i) {
      for (int j = 0; j < 3; ++j) {
        gg[i][j] = var.g[i][0] * g[j] + var.g[i][1] * g[3 + j] + var.g[i][2] * g[6 + j];
      }
    }
    for (int i = 0; i < edge; ++i) {
      for (int j = 0; j < edge; ++j) {
        const double u = gg[i][0] * var.g[j][0] + gg[i][1] * var.g[j][1] + gg[i][2] * var.g[j][2];
        transformed[static_cast<size_t>((i * edge + j) * plane + f)] = static_cast<float>(u);
      }
    }
  }
}

size_t WinogradScratchSize(const WinogradConvShape& s, int threads) {
  PLITE_CHECK(s.batch >= 0 && s.in_c >= 0 && s.out_c >= 0 && s.in_h >= 0 && s.in_w >= 0 &&
                  s.out_h >= 0 && s.out_w >= 0,
              "WinogradScratchSize: negative size");
  const Plan p = MakePlan(s, threads);
  return static_cast<size_t>(VariantOf(s.variant).positions) * s.in_c * p.row_stride +
         p.task_scratch * p.tasks;
}

void WinogradConv3x3(const WinogradConvShape& s, const float* x, const float* packed_filter,
                     const float* bias, const Activation& act, float* out, float* scratch,
                     size_t scratch_size, const SgemmOptions& options) {
  PLITE_CHECK(s.batch >= 0 && s.in_c >= 0 && s.out_c >= 0 && s.in_h >= 0 && s.in_w >= 0 &&
                  s.out_h >= 0 && s.out_w >= 0,
              "WinogradConv3x3: negative size batch=", s.batch, " in_c=", s.in_c, " in=", s.in_h,
              "x", s.in_w, " out_c=", s.out_c, " out=", s.out_h, "x", s.out_w);
  PLITE_CHECK(options.threads >= 1, "WinogradConv3x3: threads=", options.threads,
              " must be >= 1");
  if (s.batch == 0 || s.out_c == 0 || s.out_h == 0 || s.out_w == 0) return;
  PLITE_CHECK(out, "WinogradConv3x3: null output");
  const Plan p = MakePlan(s, options.threads);
  PLITE_CHECK(scratch_size >= WinogradScratchSize(s, options.threads),
              "WinogradConv3x3: scratch of ", scratch_size, " floats, needs ",
              WinogradScratchSize(s, options.threads));
  PLITE_CHECK(scratch, "WinogradConv3x3: null scratch");
  PLITE_CHECK(s.in_c == 0 || (x && packed_filter), "WinogradConv3x3: null input or filter");

  const Variant& var = VariantOf(s.variant);
  const int positions = var.positions, out_edge = var.out;
  const bool avx2 = options.isa != SgemmIsa::kScalar && CpuHasAvx2Fma();
  const InputTransformRowFn input_row = avx2 ? var.input_avx2 : var.input_portable;
  const OutputTransformRowFn output_row = avx2 ? var.output_avx2 : var.output_portable;
  SgemmOptions gemm_options;  // one GEMM per task
  gemm_options.isa = options.isa;
  SgemmOptions split = options;  // how the transforms and GEMMs are spread
  const int64_t macs = int64_t{positions} * s.in_c * s.out_c * s.batch * p.tiles_h * p.tiles_w;
  if (macs < kMinParallelMacs) split.threads = 1;

  const int64_t in_plane = static_cast<int64_t>(s.in_h) * s.in_w;
  const int64_t out_plane = static_cast<int64_t>(s.out_h) * s.out_w;
  // v: [positions][in_c][ld], then one slot per task: its transform rows and its group's
  // products m: [positions][oc_group][ld].
  const int ld = p.row_stride;
  float* v = scratch;
  float* slots = v + static_cast<size_t>(positions) * s.in_c * ld;
  const int input_rows_floats = static_cast<int>(
      p.task_scratch - static_cast<size_t>(positions) * p.oc_group * ld);
  const int tw = p.tiles_w;
  const int groups = (s.out_c + p.oc_group - 1) / p.oc_group;

  for (int row0 = 0; row0 < p.tile_rows; row0 += p.rows_per_block) {
    const int rows = std::min(p.rows_per_block, p.tile_rows - row0);
    const int tiles = rows * tw;
    // Input transform, channels split over the tasks.
    const int in_tasks = std::min(p.tasks, std::max(s.in_c, 1));
    RunTasks(split, in_tasks, [&](int t) {
      float* ts = slots + p.task_scratch * t;
      const int c0 = s.in_c * t / in_tasks, c1 = s.in_c * (t + 1) / in_tasks;
      for (int c = c0; c < c1; ++c) {
        for (int r = 0; r < rows; ++r) {
          const int g = row0 + r, n = g / p.tiles_h, ty = g % p.tiles_h;
          input_row(x + (static_cast<int64_t>(n) * s.in_c + c) * in_plane, s.in_h, s.in_w,
                    ty * out_edge - s.pad_top, -s.pad_left, tw,
                    v + static_cast<int64_t>(c) * ld + r * tw, static_cast<long>(s.in_c) * ld,
                    ts);
        }
      }
    });
    // Per group of output channels: the positions' GEMMs m[pos] = U[pos] rows * v[pos],
    // then at once the output transform + bias + activation of those channels.
    const int out_tasks = std::min(p.tasks, groups);
    RunTasks(split, out_tasks, [&](int t) {
      float* m = slots + p.task_scratch * t + input_rows_floats;
      for (int grp = groups * t / out_tasks; grp < groups * (t + 1) / out_tasks; ++grp) {
        const int o0 = grp * p.oc_group, oc_n = std::min(p.oc_group, s.out_c - o0);
        const long pos_stride = static_cast<long>(oc_n) * ld;
        const size_t pos_size = PackedASize(oc_n, s.in_c);
        const float* group_filter =
            packed_filter + static_cast<size_t>(grp) * GroupFilterSize(p.oc_group, s.in_c, positions);
        for (int pos = 0; pos < positions; ++pos) {
          SgemmPacked(oc_n, tiles, s.in_c, group_filter + pos * pos_size,
                      v + static_cast<int64_t>(pos) * s.in_c * ld, ld, 0.f, m + pos * pos_stride,
                      ld, {}, gemm_options);
        }
        for (int oc = 0; oc < oc_n; ++oc) {
          for (int r = 0; r < rows; ++r) {
            const int g = row0 + r, n = g / p.tiles_h, ty = g % p.tiles_h;
            output_row(m + static_cast<int64_t>(oc) * ld + r * tw, pos_stride, tw,
                       bias ? bias[o0 + oc] : 0.f, act,
                       out + (static_cast<int64_t>(n) * s.out_c + o0 + oc) * out_plane, s.out_h,
                       s.out_w, ty * out_edge);
          }
        }
      }
    });
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
