// pool2d, separable, for the CPU backends' kernels (x86, ARM): a max or a sum over an h x w
// window is a reduction over the window's columns in each input row, then over its rows.
// So per plane each input row is reduced once to out_w column values (2x2 / 3x3 windows of
// stride 1 or 2 in vectors), then each output row reduces its input rows element-wise along
// out_w in vectors; global (1x1 output) pooling maxes or sums the plane in vectors. Planes
// are split over the predictor's pool when there is enough to read. The window ranges and
// divisors are the host kernel's (pool_window.h: adaptive, paddings, ceil_mode, exclusive),
// so a kernel built on this accepts everything the host kernel does.
//
// Rows is the backend's vector loops (lite/backends/simd/pool_rows_kernel.inc):
//   Windows(src, n, kernel, stride, max, dst)  kernel 2 or 3, stride 1 or 2
//   CombineRows(src, rows, stride, n, max, dst)
//   ReducePlane(p, n, max) -> float
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "lite/core/context.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/host/pool_window.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename Rows>
class SeparablePool {
 public:
  void Run(const operators::PoolParam& param, const KernelContext& ctx) {
    if (param.pooling_type == "max") {
      RunTyped<true>(param, ctx);
    } else {
      RunTyped<false>(param, ctx);
    }
  }

 private:
  static constexpr float kLowest = std::numeric_limits<float>::lowest();

  template <bool kMax>
  static float Combine(float acc, float v) {
    return kMax ? std::max(acc, v) : acc + v;
  }

  // One input row reduced over each output column's window range, for columns [lo, hi).
  template <bool kMax>
  void ReduceColumns(const float* row, int lo, int hi, float* dst) const {
    for (int ow = lo; ow < hi; ++ow) {
      float acc = kMax ? kLowest : 0.f;
      for (int w = cols_[ow].begin; w < cols_[ow].end; ++w) acc = Combine<kMax>(acc, row[w]);
      dst[ow] = acc;
    }
  }

  template <bool kMax>
  void RunTyped(const operators::PoolParam& param, const KernelContext& ctx) {
    const DDim& in_dims = param.x->dims();
    const DDim& out_dims = param.output->dims();
    const int64_t planes = in_dims[0] * in_dims[1];
    const int in_h = static_cast<int>(in_dims[2]), in_w = static_cast<int>(in_dims[3]);
    const int out_h = static_cast<int>(out_dims[2]), out_w = static_cast<int>(out_dims[3]);
    const int64_t in_plane = static_cast<int64_t>(in_h) * in_w;
    const float* x = param.x->data<float>();
    float* out = param.output->mutable_data<float>();

    rows_.resize(out_h);
    cols_.resize(out_w);
    for (int oh = 0; oh < out_h; ++oh) {
      rows_[oh] = param.adaptive ? AdaptiveRange(oh, in_h, out_h)
                                 : SlidingRange(oh, in_h, param.ksize[0], param.strides[0],
                                                param.paddings[0]);
    }
    for (int ow = 0; ow < out_w; ++ow) {
      cols_[ow] = param.adaptive ? AdaptiveRange(ow, in_w, out_w)
                                 : SlidingRange(ow, in_w, param.ksize[1], param.strides[1],
                                                param.paddings[2]);
    }

    // One output per plane reading the whole plane (global pooling and its equivalents).
    if (out_h == 1 && out_w == 1 && rows_[0].begin == 0 && rows_[0].end == in_h &&
        cols_[0].begin == 0 && cols_[0].end == in_w) {
      const bool real_count = param.exclusive || param.adaptive;
      const float divisor = static_cast<float>(
          real_count ? in_plane
                     : static_cast<int64_t>(rows_[0].padded_size) * cols_[0].padded_size);
      const int tasks = TasksFor(ctx, planes, planes * in_plane);
      ParallelTasks(ctx, tasks, [&](int t) {
        for (int64_t p = planes * t / tasks; p < planes * (t + 1) / tasks; ++p) {
          const float acc = Rows::ReducePlane(x + p * in_plane, in_plane, kMax);
          out[p] = kMax ? acc : acc / divisor;
        }
      });
      return;
    }

    // Output columns [lo, hi) whose windows lie fully inside the row, at a kernel and
    // stride the vector loops take.
    int lo = out_w, hi = out_w;
    const int kw = param.ksize[1], sw = param.strides[1], pad_w = param.paddings[2];
    if (!param.adaptive && (kw == 2 || kw == 3) && (sw == 1 || sw == 2)) {
      for (int ow = 0; ow < out_w; ++ow) {
        if (cols_[ow].end - cols_[ow].begin == kw && ow * sw - pad_w >= 0) {
          if (lo == out_w) lo = ow;
          hi = ow + 1;
        } else if (lo != out_w) {
          break;
        }
      }
      if (lo == out_w) hi = lo;
    }
    auto reduce_row = [&](const float* row, float* dst) {
      ReduceColumns<kMax>(row, 0, lo, dst);
      if (lo < hi) Rows::Windows(row + lo * sw - pad_w, hi - lo, kw, sw, kMax, dst + lo);
      ReduceColumns<kMax>(row, hi, out_w, dst);
    };

    // Per output column, once: its window's element count and padded size (an avg divides
    // by the row's times the column's; an empty window gives 0).
    const bool real_count = param.exclusive || param.adaptive;
    col_count_.resize(out_w);
    col_padded_.resize(out_w);
    bool empty_col = false;
    for (int ow = 0; ow < out_w; ++ow) {
      col_count_[ow] = static_cast<float>(cols_[ow].count());
      col_padded_[ow] = static_cast<float>(cols_[ow].padded_size);
      empty_col = empty_col || cols_[ow].count() == 0;
    }
    const int tasks = TasksFor(ctx, planes, planes * in_plane);
    if (static_cast<int>(reduced_.size()) < tasks) reduced_.resize(tasks);
    ParallelTasks(ctx, tasks, [&](int t) {
      std::vector<float>& reduced = reduced_[t];
      reduced.resize(static_cast<size_t>(in_h) * out_w);
      for (int64_t p = planes * t / tasks; p < planes * (t + 1) / tasks; ++p) {
        const float* plane = x + p * in_plane;
        // Rows no window reads (stride > kernel) are skipped.
        int next_row = 0;
        for (int oh = 0; oh < out_h; ++oh) {
          for (int h = std::max(rows_[oh].begin, next_row); h < rows_[oh].end; ++h) {
            reduce_row(plane + static_cast<int64_t>(h) * in_w, reduced.data() + h * out_w);
          }
          next_row = std::max(next_row, rows_[oh].end);
        }
        float* out_plane = out + p * out_h * out_w;
        for (int oh = 0; oh < out_h; ++oh) {
          const WindowRange& r = rows_[oh];
          float* dst = out_plane + oh * out_w;
          if (r.count() == 0) {
            std::fill(dst, dst + out_w, 0.f);
            continue;
          }
          // The window's reduced rows, element-wise (the same per-element order).
          Rows::CombineRows(reduced.data() + static_cast<int64_t>(r.begin) * out_w, r.count(),
                            out_w, out_w, kMax, dst);
          if (kMax) {
            if (empty_col) {
              for (int ow = 0; ow < out_w; ++ow) {
                if (col_count_[ow] == 0.f) dst[ow] = 0.f;
              }
            }
            continue;
          }
          const float* col_div = real_count ? col_count_.data() : col_padded_.data();
          const float row_div = static_cast<float>(real_count ? r.count() : r.padded_size);
          for (int ow = 0; ow < out_w; ++ow) {
            const float div = row_div * col_div[ow];  // small integers: exact
            dst[ow] = col_count_[ow] == 0.f ? 0.f : dst[ow] / div;
          }
        }
      }
    });
  }

  // Tasks for `planes` planes reading `reads` floats: one per thread of the pool, but only
  // with enough to read (~64 K floats each) to pay for the hand-off.
  static int TasksFor(const KernelContext& ctx, int64_t planes, int64_t reads) {
    const int threads = ctx.pool ? ctx.pool->threads() : 1;
    return static_cast<int>(
        std::max<int64_t>(1, std::min<int64_t>({threads, planes, reads / 65536})));
  }

  std::vector<WindowRange> rows_, cols_;
  std::vector<std::vector<float>> reduced_;  // per task: each read input row reduced to out_w
  std::vector<float> col_count_, col_padded_;
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
