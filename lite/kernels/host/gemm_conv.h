// conv2d by a CPU backend's packed SGEMM, for the x86 and ARM conv kernels: the filter of
// each group is packed once (weights are constant), then per image and group a 1x1
// stride-1 unpadded convolution is one GEMM straight on the input, any other one im2col +
// GEMM over blocks of output rows (the unfolded block stays in cache; threads take blocks
// or share one). Bias and the fused activation (any kind) run in the GEMM epilogue. Every
// conv2d the host kernel runs runs here (groups, dilation, strides, asymmetric padding,
// groups == channels); the host kernel is the reference.
//
// The backend gives its SGEMM (packed_sgemm.h) and the sizes of the im2col blocks, chosen
// for its caches (Im2colBlocks).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "lite/backends/host/math/im2col.h"
#include "lite/core/kernel.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/kernels/host/packed_sgemm.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

// Output rows per im2col block: a block's columns take about block_floats, so they are
// still in L2 when the GEMM reads them (a whole 224x224 image unfolded would not be),
// unless that makes the GEMM narrower than min_block_cols columns (stride-2 layers of a
// few columns a row); then up to max_block_floats. With fewer than two blocks per thread the
// threads share each block, which may grow to shared_block_floats (equal to block_floats:
// shared blocks keep the usual size).
struct Im2colBlocks {
  int64_t block_floats;
  int64_t max_block_floats;
  int64_t min_block_cols;
  int64_t shared_block_floats;
};

template <typename Epilogue, typename Options>
class GemmConv {
 public:
  using Sgemm = PackedSgemm<Epilogue, Options>;

  GemmConv(const Sgemm& sgemm, const Im2colBlocks& blocks) : sgemm_(sgemm), blocks_(blocks) {}

  // The filter is 4-D and the groups divide its output channels.
  void CheckFilter(const operators::ConvParam& param) const {
    const DDim& w_dims = param.filter->dims();
    PLITE_CHECK(w_dims.size() == 4, "conv2d (", sgemm_.backend, "): Filter must be 4-D, got ",
                w_dims.size(), "-D");
    const int groups = param.groups;
    PLITE_CHECK(groups >= 1 && w_dims[0] % groups == 0, "conv2d (", sgemm_.backend,
                "): groups ", groups, " does not divide the ", w_dims[0], " output channels");
  }

  // Packs each group's filter once (PackedASize(out_c / groups, patch) floats per group).
  // Run packs it when this was not called: a kernel whose other paths keep their own copy
  // of the filter packs this one only once a shape takes the GEMM.
  void PackFilter(const operators::ConvParam& param) {
    const DDim& w_dims = param.filter->dims();
    const int groups = param.groups;
    const int out_c_per_group = static_cast<int>(w_dims[0]) / groups;
    const int patch = static_cast<int>(w_dims[1] * w_dims[2] * w_dims[3]);
    packed_group_size_ = sgemm_.packed_a_size(out_c_per_group, patch);
    packed_filter_.resize(packed_group_size_ * groups);
    const float* w = param.filter->data<float>();
    for (int g = 0; g < groups; ++g) {
      sgemm_.pack_a(out_c_per_group, patch,
                    w + static_cast<int64_t>(g) * out_c_per_group * patch, patch,
                    packed_filter_.data() + packed_group_size_ * g, 1.f);
    }
    filter_packed_ = true;
  }

  // `kernel` runs the op: its context's pool, its scratch (errors name its op).
  void Run(const KernelBase& kernel, const operators::ConvParam& param) {
    if (!filter_packed_) PackFilter(param);
    // The shapes follow the current input: a shape change needs nothing else.
    const ConvGemmShape s = ConvGemmShapeOf(param);
    const lite::host::math::ConvWindow& w = s.window;
    // The input already is the GEMM's B when every output pixel reads exactly its own pixel.
    const bool direct = w.kernel_h == 1 && w.kernel_w == 1 && w.stride_h == 1 &&
                        w.stride_w == 1 && param.paddings[0] == 0 && param.paddings[1] == 0 &&
                        param.paddings[2] == 0 && param.paddings[3] == 0 &&
                        w.out_h == w.in_h && w.out_w == w.in_w;

    const float* x = param.x->data<float>();
    const float* bias = param.bias ? param.bias->data<float>() : nullptr;
    float* out = param.output->mutable_data<float>();
    const Options options = sgemm_.options_for(kernel.ctx());
    for (int n = 0; n < s.batch; ++n) {
      for (int g = 0; g < s.groups; ++g) {
        GroupGemm gemm;
        gemm.packed_filter = packed_filter_.data() + packed_group_size_ * g;
        gemm.rows = s.out_c_per_group;
        gemm.patch = s.patch;
        gemm.epilogue.act = param.act;
        gemm.epilogue.bias = bias ? bias + g * s.out_c_per_group : nullptr;
        const float* x_g = x + s.InputOffset(n, g);
        float* out_g = out + s.OutputOffset(n, g);
        if (direct) {
          sgemm_.sgemm_packed(gemm.rows, s.spatial, s.patch, gemm.packed_filter, x_g, s.spatial,
                              0.f, out_g, s.spatial, gemm.epilogue, options);
        } else {
          RunUnfolded(kernel, gemm, x_g, s.in_c_per_group, w, options, out_g);
        }
      }
    }
  }

 private:
  // One group's GEMM: C[rows x cols] = packed_filter[rows x patch] * B + epilogue.
  struct GroupGemm {
    const float* packed_filter = nullptr;
    int rows = 0;
    int patch = 0;
    Epilogue epilogue;
  };

  int RowsPerBlock(int patch, const lite::host::math::ConvWindow& w) const {
    const int64_t row_floats = static_cast<int64_t>(patch) * w.out_w;
    const int64_t wide_enough = (blocks_.min_block_cols + w.out_w - 1) / w.out_w;
    const int64_t rows = std::max(blocks_.block_floats / row_floats,
                                  std::min(blocks_.max_block_floats / row_floats, wide_enough));
    return static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(w.out_h, rows)));
  }

  // im2col + GEMM, one block of output rows at a time. With at least two blocks per thread,
  // each thread unfolds and multiplies whole blocks on its own (no sync inside a block);
  // otherwise the threads share each block: the unfolding split by input channels, the GEMM
  // by the SGEMM's own split.
  // `options`: the context's pool, for a GEMM all threads share.
  void RunUnfolded(const KernelBase& kernel, const GroupGemm& gemm, const float* x,
                   int channels, const lite::host::math::ConvWindow& window,
                   const Options& options, float* out) {
    const KernelContext& ctx = kernel.ctx();
    const int spatial = window.out_h * window.out_w;
    const int threads = ctx.pool ? ctx.pool->threads() : 1;
    int rows = RowsPerBlock(gemm.patch, window);
    int blocks = (window.out_h + rows - 1) / rows;
    const bool own_blocks = threads > 1 && blocks >= 2 * threads;
    if (threads > 1 && !own_blocks) {
      // Few blocks: one per thread made each thread stream the whole filter for a narrow
      // GEMM (x86, ResNet18's 128 -> 256 3x3 s2 layer, 14x14: 2 threads only 1.46x faster
      // than 1). Wider shared blocks split the filter's rows instead (~15% faster there).
      const int64_t row_floats = static_cast<int64_t>(gemm.patch) * window.out_w;
      rows = static_cast<int>(std::max<int64_t>(
          rows, std::min<int64_t>(window.out_h, blocks_.shared_block_floats / row_floats)));
      blocks = (window.out_h + rows - 1) / rows;
    }
    if (own_blocks) {
      // Blocks of equal rows, a multiple of the threads in number: 56 rows in blocks of 16
      // gave one thread 32 rows and the other 24; 4 blocks of 14 give each 28.
      const int even_blocks = (blocks + threads - 1) / threads * threads;
      rows = (window.out_h + even_blocks - 1) / even_blocks;
      blocks = (window.out_h + rows - 1) / rows;
    }
    const size_t block_floats = static_cast<size_t>(gemm.patch) * rows * window.out_w;

    auto multiply = [&](int oh0, int oh1, const float* col, const Options& split) {
      const int cols = (oh1 - oh0) * window.out_w;
      sgemm_.sgemm_packed(gemm.rows, cols, gemm.patch, gemm.packed_filter, col, cols, 0.f,
                          out + static_cast<int64_t>(oh0) * window.out_w, spatial,
                          gemm.epilogue, split);
    };

    if (own_blocks) {
      kernel.ResizeScratch(&col_, block_floats * threads, "im2col");
      ParallelTasks(ctx, threads, [&](int t) {
        float* col = col_.data() + block_floats * t;
        for (int b = t; b < blocks; b += threads) {
          const int oh0 = b * rows, oh1 = std::min(window.out_h, oh0 + rows);
          lite::host::math::Im2ColRows(x, channels, window, oh0, oh1, col);
          multiply(oh0, oh1, col, Options{});
        }
      });
      return;
    }

    kernel.ResizeScratch(&col_, block_floats, "im2col");
    const int64_t in_plane = static_cast<int64_t>(window.in_h) * window.in_w;
    const int64_t rows_per_channel = static_cast<int64_t>(window.kernel_h) * window.kernel_w;
    for (int oh0 = 0; oh0 < window.out_h; oh0 += rows) {
      const int oh1 = std::min(window.out_h, oh0 + rows);
      const int64_t cols = static_cast<int64_t>(oh1 - oh0) * window.out_w;
      // Unfolding is a copy: split it only when each thread gets a worthwhile share.
      const int parts = cols * gemm.patch >= 32 * 1024 ? std::min(threads, channels) : 1;
      ParallelTasks(ctx, parts, [&](int t) {
        const int c0 = static_cast<int>(static_cast<int64_t>(channels) * t / parts);
        const int c1 = static_cast<int>(static_cast<int64_t>(channels) * (t + 1) / parts);
        lite::host::math::Im2ColRows(x + c0 * in_plane, c1 - c0, window, oh0, oh1,
                                     col_.data() + c0 * rows_per_channel * cols);
      });
      multiply(oh0, oh1, col_.data(), options);
    }
  }

  Sgemm sgemm_;
  Im2colBlocks blocks_;
  // One packed filter per group, each packed_group_size_ floats.
  AlignedVector<float> packed_filter_;
  size_t packed_group_size_{0};
  bool filter_packed_{false};
  AlignedVector<float> col_;  // im2col blocks (one per thread when threads take blocks)
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
