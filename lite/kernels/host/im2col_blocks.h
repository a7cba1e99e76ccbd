// im2col + GEMM one block of output rows at a time, for the float and the int8 GEMM convs of
// the CPU backends (gemm_conv.h, int8_gemm_layers.h): a whole large image unfolded would
// leave the caches before the GEMM reads it (PP-OCRv3's 96 -> 24 3x3 at 160x160: 22 MB of
// int8 columns), a block stays in L2. With at least two blocks per thread each thread
// unfolds and multiplies whole blocks on its own (no sync inside a block); otherwise the
// threads share each block: the unfolding split by input channels, the GEMM by its own split.
#pragma once

#include <algorithm>
#include <cstdint>

#include "lite/backends/host/math/im2col.h"
#include "lite/core/parallel_ranges.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

// Output rows per im2col block, in values of the unfolded type (a backend's sizes for its
// caches): a block's columns take about block_values, unless that makes the GEMM narrower
// than min_block_cols columns (stride-2 layers of a few columns a row); then up to
// max_block_values. With fewer than two blocks per thread the threads share each block,
// which may grow to shared_block_values.
struct Im2colBlocks {
  int64_t block_values;
  int64_t max_block_values;
  int64_t min_block_cols;
  int64_t shared_block_values;
};

// How one group's output rows are cut into blocks.
struct Im2colBlockPlan {
  int rows = 1;             // output rows per block (the last one may have fewer)
  int blocks = 1;
  bool own_blocks = false;  // each thread takes whole blocks
  int threads = 1;
  int64_t block_values = 0;  // patch x rows x out_w

  // The columns buffer: a block per thread when threads take blocks, else one.
  int64_t ScratchValues() const { return own_blocks ? block_values * threads : block_values; }
};

inline Im2colBlockPlan PlanIm2colBlocks(const Im2colBlocks& sizes, int patch,
                                        const lite::host::math::ConvWindow& w, int threads) {
  Im2colBlockPlan plan;
  plan.threads = std::max(1, threads);
  const int64_t row_values = static_cast<int64_t>(patch) * w.out_w;
  if (row_values <= 0 || w.out_h <= 0) return plan;  // nothing to unfold
  const int64_t wide_enough = (sizes.min_block_cols + w.out_w - 1) / w.out_w;
  const int64_t rows = std::max(sizes.block_values / row_values,
                                std::min(sizes.max_block_values / row_values, wide_enough));
  plan.rows = static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(w.out_h, rows)));
  plan.blocks = (w.out_h + plan.rows - 1) / plan.rows;
  plan.own_blocks = plan.threads > 1 && plan.blocks >= 2 * plan.threads;
  if (plan.threads > 1 && !plan.own_blocks) {
    // Few blocks: one per thread made each thread stream the whole filter for a narrow
    // GEMM (x86, ResNet18's 128 -> 256 3x3 s2 layer, 14x14: 2 threads only 1.46x faster
    // than 1). Wider shared blocks split the filter's rows instead (~15% faster there).
    plan.rows = static_cast<int>(std::max<int64_t>(
        plan.rows, std::min<int64_t>(w.out_h, sizes.shared_block_values / row_values)));
    plan.blocks = (w.out_h + plan.rows - 1) / plan.rows;
  }
  if (plan.own_blocks) {
    // Blocks of equal rows, a multiple of the threads in number: 56 rows in blocks of 16
    // gave one thread 32 rows and the other 24; 4 blocks of 14 give each 28.
    const int even_blocks = (plan.blocks + plan.threads - 1) / plan.threads * plan.threads;
    plan.rows = (w.out_h + even_blocks - 1) / even_blocks;
    plan.blocks = (w.out_h + plan.rows - 1) / plan.rows;
  }
  plan.block_values = row_values * plan.rows;
  return plan;
}

// Unfolds x (channels planes of w.in_h x w.in_w) block by block into col (plan.ScratchValues()
// values) and calls multiply(oh0, oh1, block, shared) for output rows [oh0, oh1), whose
// columns are block [patch, (oh1 - oh0) * out_w]. shared: every thread is in this call, the
// GEMM may split itself over the pool; otherwise this thread multiplies alone.
template <typename T, typename Multiply>
void RunIm2colBlocks(const KernelContext& ctx, const Im2colBlockPlan& plan, const T* x,
                     int channels, const lite::host::math::ConvWindow& w, T* col,
                     const Multiply& multiply) {
  if (plan.own_blocks) {
    ParallelTasks(ctx, plan.threads, [&](int t) {
      T* own = col + plan.block_values * t;
      for (int b = t; b < plan.blocks; b += plan.threads) {
        const int oh0 = b * plan.rows, oh1 = std::min(w.out_h, oh0 + plan.rows);
        lite::host::math::Im2ColRows(x, channels, w, oh0, oh1, own);
        multiply(oh0, oh1, static_cast<const T*>(own), false);
      }
    });
    return;
  }
  const int64_t in_plane = static_cast<int64_t>(w.in_h) * w.in_w;
  const int64_t rows_per_channel = static_cast<int64_t>(w.kernel_h) * w.kernel_w;
  for (int oh0 = 0; oh0 < w.out_h; oh0 += plan.rows) {
    const int oh1 = std::min(w.out_h, oh0 + plan.rows);
    const int64_t cols = static_cast<int64_t>(oh1 - oh0) * w.out_w;
    // Unfolding is a copy: split it only when each thread gets a worthwhile share.
    const int parts = cols * rows_per_channel * channels >= 32 * 1024
                          ? std::min(plan.threads, channels)
                          : 1;
    ParallelTasks(ctx, parts, [&](int t) {
      const int c0 = static_cast<int>(static_cast<int64_t>(channels) * t / parts);
      const int c1 = static_cast<int>(static_cast<int64_t>(channels) * (t + 1) / parts);
      lite::host::math::Im2ColRows(x + c0 * in_plane, c1 - c0, w, oh0, oh1,
                                   col + c0 * rows_per_channel * cols);
    });
    multiply(oh0, oh1, static_cast<const T*>(col), true);
  }
}

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
