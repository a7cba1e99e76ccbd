#include "lite/kernels/arm/fp16/fp16_kernel.h"

#if PLITE_ARM_CODE
#include "lite/kernels/arm/fp16/conv_gemm.h"

#include <algorithm>
#include <cstdint>

#include "lite/backends/arm/math/fp16/gemm_fp16.h"
#include "lite/backends/arm/math/fp16/im2col_fp16.h"
#include "lite/core/memory.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/host/conv_window.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace math = lite::arm::math;

namespace {

// Output columns per block: a multiple of the GEMM's 16-column panels whose packed B holds
// about 64 K halves (128 KB, within L2 while the GEMM streams it past each A panel block).
int BlockColumns(int patch, int spatial) {
  constexpr int kPanel = math::kGemmFp16Cols;
  const int fit = std::max(1, 64 * 1024 / std::max(1, patch) / kPanel) * kPanel;
  return std::min(fit, (spatial + kPanel - 1) / kPanel * kPanel);
}

}  // namespace

ConvGemmFp16::ConvGemmFp16(const operators::ConvParam& param, const std::string& op_type)
    : op_(op_type) {
  const DDim& w_dims = param.filter->dims();
  groups_ = param.groups;
  PLITE_CHECK(w_dims.size() == 4 && groups_ >= 1 && w_dims[0] % groups_ == 0,
              op_, " (ARM fp16): Filter ", w_dims, " does not split into ", groups_, " groups");
  rows_ = static_cast<int>(w_dims[0]) / groups_;
  patch_ = static_cast<int>(w_dims[1] * w_dims[2] * w_dims[3]);
  packed_group_size_ = math::PackedAFp16Size(rows_, patch_);
  ResizeScratch(&packed_filter_, packed_group_size_ * groups_, op_.c_str(), "packed filter");
  const float* w = param.filter->data<float>();
  for (int g = 0; g < groups_; ++g) {
    math::PackAFp16(rows_, patch_, w + static_cast<int64_t>(g) * rows_ * patch_, patch_,
                    packed_filter_.data() + packed_group_size_ * g);
  }
}

void ConvGemmFp16::Run(const operators::ConvParam& param, const float16* bias,
                       const KernelContext& ctx) {
  const DDim& x_dims = param.x->dims();
  const int batch = static_cast<int>(x_dims[0]);
  const int in_c = static_cast<int>(x_dims[1]);
  const int in_c_per_group = in_c / groups_;
  const lite::host::math::ConvWindow window = host::ConvWindowOf(param);
  PLITE_CHECK(in_c_per_group * window.kernel_h * window.kernel_w == patch_,
              op_, " (ARM fp16): Input has ", in_c, " channels, the filter expects ",
              patch_ / (window.kernel_h * window.kernel_w) * groups_);
  const int spatial = window.out_h * window.out_w;
  if (batch == 0 || spatial == 0) return;
  const int64_t in_plane = static_cast<int64_t>(window.in_h) * window.in_w;
  // The input already is B when every output pixel reads exactly its own pixel.
  const bool direct = window.kernel_h == 1 && window.kernel_w == 1 && window.stride_h == 1 &&
                      window.stride_w == 1 && window.pad_top == 0 && window.pad_left == 0 &&
                      window.out_h == window.in_h && window.out_w == window.in_w;

  const int block_cols = BlockColumns(patch_, spatial);
  const int blocks = (spatial + block_cols - 1) / block_cols;
  const int threads = ctx.pool ? ctx.pool->threads() : 1;
  const bool own_blocks = threads > 1 && blocks >= threads;
  const long long block_size = math::PackedBFp16Size(patch_, block_cols);
  ResizeScratch(&packed_b_, block_size * (own_blocks ? threads : 1), op_.c_str(), "packed columns");

  const float16* x = param.x->data<float16>();
  float16* out = param.output->mutable_data<float16>();
  const int out_c = rows_ * groups_;
  for (int n = 0; n < batch; ++n) {
    for (int g = 0; g < groups_; ++g) {
      const float16* x_g = x + (static_cast<int64_t>(n) * in_c + g * in_c_per_group) * in_plane;
      float16* out_g = out + (static_cast<int64_t>(n) * out_c + g * rows_) * spatial;
      const float16* a_g = packed_filter_.data() + packed_group_size_ * g;
      const float16* bias_g = bias ? bias + g * rows_ : nullptr;
      const auto pack = [&](int col0, int col1, float16* dst) {
        if (direct) {
          math::PackBFp16(patch_, col1 - col0, x_g + col0, spatial, dst);
        } else {
          math::Im2ColPackedFp16(x_g, in_c_per_group, window, col0, col1, dst);
        }
      };
      if (own_blocks) {
        ParallelTasks(ctx, threads, [&](int t) {
          float16* b = packed_b_.data() + block_size * t;
          for (int blk = t; blk < blocks; blk += threads) {
            const int col0 = blk * block_cols, col1 = std::min(spatial, col0 + block_cols);
            pack(col0, col1, b);
            math::GemmPackedFp16(rows_, col1 - col0, patch_, a_g, b, bias_g, param.act,
                                 out_g + col0, spatial);
          }
        });
        continue;
      }
      // Fewer blocks than threads: the threads split each block's rows (whole A panels).
      const int panels = (rows_ + math::kGemmFp16Rows - 1) / math::kGemmFp16Rows;
      const int parts = std::min(threads, panels);
      for (int col0 = 0; col0 < spatial; col0 += block_cols) {
        const int cols = std::min(block_cols, spatial - col0);
        pack(col0, col0 + cols, packed_b_.data());
        ParallelTasks(ctx, parts, [&](int t) {
          const int r0 = panels * t / parts * math::kGemmFp16Rows;
          const int r1 = std::min(rows_, panels * (t + 1) / parts * math::kGemmFp16Rows);
          math::GemmPackedFp16(r1 - r0, cols, patch_, a_g + static_cast<int64_t>(r0) * patch_,
                               packed_b_.data(), bias_g ? bias_g + r0 : nullptr, param.act,
                               out_g + static_cast<int64_t>(r0) * spatial + col0, spatial);
        });
      }
    }
  }
}

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE
