// conv2d_transpose / depthwise_conv2d_transpose by a CPU backend's packed SGEMM, for the x86
// and ARM kernels. Per image and group, the filter (transposed and packed once: rows are
// (output channel, tap), columns input channels) times a block of input rows is the column
// matrix of every tap those rows feed; col2im (Col2ImRowsAdd, the adjoint of the conv's
// im2col, output channels split over the pool) adds the columns into the output, which
// starts as the bias; the fused activation is one vector pass at the end (output_padding /
// output_size rows that no window reaches hold the activated bias, as in the host kernel).
// Blocks of input rows keep the columns in cache. Where the windows tile the output (kernel
// = stride, no padding, dilation or output_padding: PP-OCR's DB head upsamples so) every
// output value is one column entry: the columns are written once into the output with the
// bias and the activation, no fill, no read-modify-write (ch_PP-OCRv3_det's two such
// layers at 640x640: 10.4 -> 5-6 ms, 1 thread, an x86 Xeon; docs/benchmark.md). The host
// kernel (a direct scatter) is the reference.
//
// The backend gives its SGEMM (packed_sgemm.h), its array activation and the size of a
// block's columns, chosen for its caches.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "lite/backends/host/math/im2col.h"
#include "lite/core/kernel.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/kernels/host/packed_sgemm.h"
#include "lite/operators/op_params.h"
#include "lite/utils/activation.h"
#include "lite/utils/aligned_vector.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

// out[i] = act(x[i] + bias[i]) for i < n (bias may be null); out may equal x.
using ActivateArrayFn = void (*)(const float* x, const float* bias, float* out, long long n,
                                 const Activation& act);

template <typename Epilogue, typename Options>
class GemmConvTranspose {
 public:
  using Sgemm = PackedSgemm<Epilogue, Options>;

  // block_floats: the floats of one block's columns, so the GEMM writes them and col2im
  // reads them back from L2.
  GemmConvTranspose(const Sgemm& sgemm, ActivateArrayFn activate, int64_t block_floats)
      : sgemm_(sgemm), activate_(activate), block_floats_(block_floats) {}

  // Checks the filter and packs it transposed, once per group (weights are constant).
  void PackFilter(const KernelBase& kernel, const operators::ConvTransposeParam& param) {
    const DDim& w_dims = param.filter->dims();
    PLITE_CHECK(w_dims.size() == 4, kernel.op_type(), " (", sgemm_.backend,
                "): Filter must be 4-D, got ", w_dims.size(), "-D");
    const int groups = param.groups;
    const int in_c = static_cast<int>(w_dims[0]);
    PLITE_CHECK(groups >= 1 && in_c % groups == 0, kernel.op_type(), " (", sgemm_.backend,
                "): groups ", groups, " does not divide the ", in_c, " input channels");
    in_c_per_group_ = in_c / groups;
    taps_ = static_cast<int>(w_dims[2] * w_dims[3]);
    rows_ = static_cast<int>(w_dims[1]) * taps_;  // GEMM M: (output channel, tap)
    packed_group_size_ = sgemm_.packed_a_size(rows_, in_c_per_group_);
    packed_filter_.resize(packed_group_size_ * groups);
    // Filter [C_in, C_out/g, KH, KW] is, per group, the transpose of the GEMM's A.
    std::vector<float> a(static_cast<size_t>(rows_) * in_c_per_group_);
    const float* w = param.filter->data<float>();
    for (int g = 0; g < groups; ++g) {
      const float* w_g = w + static_cast<int64_t>(g) * in_c_per_group_ * rows_;
      for (int ic = 0; ic < in_c_per_group_; ++ic) {
        for (int r = 0; r < rows_; ++r) {
          a[static_cast<size_t>(r) * in_c_per_group_ + ic] =
              w_g[static_cast<int64_t>(ic) * rows_ + r];
        }
      }
      sgemm_.pack_a(rows_, in_c_per_group_, a.data(), in_c_per_group_,
                    packed_filter_.data() + packed_group_size_ * g, 1.f);
    }
  }

  // `kernel` runs the op: its context's pool, its scratch (errors name its op).
  void Run(const KernelBase& kernel, const operators::ConvTransposeParam& param) {
    const KernelContext& ctx = kernel.ctx();
    const DDim& x_dims = param.x->dims();
    const DDim& out_dims = param.output->dims();
    const int batch = static_cast<int>(x_dims[0]);
    const int in_c = static_cast<int>(x_dims[1]);
    const int out_c = static_cast<int>(out_dims[1]);
    const int out_c_per_group = static_cast<int>(param.filter->dims()[1]);
    const int groups = param.groups;
    const lite::host::math::ConvWindow window = ConvTransposeWindowOf(param);
    const int64_t x_plane = static_cast<int64_t>(window.out_h) * window.out_w;
    const int64_t out_plane = static_cast<int64_t>(window.in_h) * window.in_w;

    const int64_t row_floats = static_cast<int64_t>(rows_) * window.out_w;
    const int block_rows = static_cast<int>(
        std::max<int64_t>(1, std::min<int64_t>(window.out_h, block_floats_ / row_floats)));
    kernel.ResizeScratch(&col_, static_cast<size_t>(row_floats) * block_rows, "col2im");

    const float* x = param.x->data<float>();
    const float* bias = param.bias ? param.bias->data<float>() : nullptr;
    float* out = param.output->mutable_data<float>();
    const int threads = ctx.pool ? ctx.pool->threads() : 1;
    const int64_t total_planes = static_cast<int64_t>(batch) * out_c;
    const bool tiles = WindowsTile(window);
    if (!tiles) {  // col2im adds into the bias
      ParallelTasks(ctx, threads, [&](int t) {
        for (int64_t p = total_planes * t / threads; p < total_planes * (t + 1) / threads; ++p) {
          std::fill(out + p * out_plane, out + (p + 1) * out_plane, bias ? bias[p % out_c] : 0.f);
        }
      });
    }

    const Options options = sgemm_.options_for(ctx);
    const int parts = std::min(threads, out_c_per_group);
    for (int n = 0; n < batch; ++n) {
      for (int g = 0; g < groups; ++g) {
        const float* packed = packed_filter_.data() + packed_group_size_ * g;
        const float* x_g = x + (static_cast<int64_t>(n) * in_c + g * in_c_per_group_) * x_plane;
        float* out_g = out + (static_cast<int64_t>(n) * out_c + g * out_c_per_group) * out_plane;
        for (int r0 = 0; r0 < window.out_h; r0 += block_rows) {
          const int r1 = std::min(window.out_h, r0 + block_rows);
          const int cols = (r1 - r0) * window.out_w;
          sgemm_.sgemm_packed(rows_, cols, in_c_per_group_, packed, x_g + r0 * window.out_w,
                              static_cast<int>(x_plane), 0.f, col_.data(), cols, Epilogue{},
                              options);
          // Output channels write disjoint planes: threads take channel ranges.
          ParallelTasks(ctx, parts, [&](int t) {
            const int c0 = out_c_per_group * t / parts, c1 = out_c_per_group * (t + 1) / parts;
            const float* col = col_.data() + static_cast<int64_t>(c0) * taps_ * cols;
            if (tiles) {
              const float* bias_g = bias ? bias + g * out_c_per_group + c0 : nullptr;
              WriteTiles(col, c1 - c0, window, r0, r1, bias_g, param.act, out_g + c0 * out_plane);
            } else {
              lite::host::math::Col2ImRowsAdd(col, c1 - c0, window, r0, r1,
                                              out_g + c0 * out_plane);
            }
          });
        }
      }
    }
    if (tiles || param.act.kind == ActivationType::kNone) return;
    ParallelTasks(ctx, threads, [&](int t) {
      const int64_t p0 = total_planes * t / threads, p1 = total_planes * (t + 1) / threads;
      activate_(out + p0 * out_plane, nullptr, out + p0 * out_plane, (p1 - p0) * out_plane,
                param.act);
    });
  }

 private:
  // Each output value is reached by exactly one tap of one input value.
  static bool WindowsTile(const lite::host::math::ConvWindow& w) {
    return w.kernel_h == w.stride_h && w.kernel_w == w.stride_w && w.pad_top == 0 &&
           w.pad_left == 0 && w.dilation_h == 1 && w.dilation_w == 1 &&
           w.in_h == w.out_h * w.stride_h && w.in_w == w.out_w * w.stride_w;
  }

  // Input rows [r0, r1) of `channels` output channels from their columns (rows (channel,
  // ky, kx), columns (input row - r0, x)): out[c][r * kh + ky][x * kw + kx] = column + bias,
  // each output row activated while it is in cache.
  void WriteTiles(const float* col, int channels, const lite::host::math::ConvWindow& w,
                  int r0, int r1, const float* bias, const Activation& act, float* out) const {
    const int64_t cols = static_cast<int64_t>(r1 - r0) * w.out_w;
    const int64_t out_plane = static_cast<int64_t>(w.in_h) * w.in_w;
    for (int c = 0; c < channels; ++c) {
      const float b = bias ? bias[c] : 0.f;
      for (int r = r0; r < r1; ++r) {
        for (int ky = 0; ky < w.kernel_h; ++ky) {
          float* dst = out + c * out_plane + static_cast<int64_t>(r * w.kernel_h + ky) * w.in_w;
          const float* src = col + (static_cast<int64_t>(c) * taps_ + ky * w.kernel_w) * cols +
                             static_cast<int64_t>(r - r0) * w.out_w;
          if (w.kernel_w == 2) {  // the common upsampling: two columns interleaved
            const float* src1 = src + cols;
            for (int x = 0; x < w.out_w; ++x) {
              dst[2 * x] = src[x] + b;
              dst[2 * x + 1] = src1[x] + b;
            }
          } else {
            for (int x = 0; x < w.out_w; ++x) {
              for (int kx = 0; kx < w.kernel_w; ++kx) {
                dst[x * w.kernel_w + kx] = src[kx * cols + x] + b;
              }
            }
          }
          if (act.kind != ActivationType::kNone) activate_(dst, nullptr, dst, w.in_w, act);
        }
      }
    }
  }

  Sgemm sgemm_;
  ActivateArrayFn activate_;
  int64_t block_floats_;
  int in_c_per_group_{0};
  int taps_{0};
  int rows_{0};
  size_t packed_group_size_{0};
  AlignedVector<float> packed_filter_;  // one PackA of rows_ x in_c_per_group_ per group
  AlignedVector<float> col_;            // one block's columns
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
