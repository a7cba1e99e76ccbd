// pool2d on x86, separable: a max or a sum over an h x w window is a reduction over the
// window's columns in each input row, then over its rows. So per plane each input row is
// reduced once to out_w column values (the 2x2 / 3x3 stride-1/2 windows with compile-time
// sizes), then each output row reduces its input rows element-wise along out_w (stride-2
// column windows and the row reduction in AVX2: lite/backends/x86/math/pool/pool_rows.h);
// global (1x1 output) pooling sums or maxes the plane in eight lanes. Planes are split over
// the predictor's thread pool when there is enough to read.
// The window ranges and divisors are the host kernel's (adaptive, paddings, ceil_mode,
// exclusive), so this accepts everything the host kernel does. Baseline flags:
// registered with the x86 kernels for CPUs with AVX2+FMA; the host kernel is the reference.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/pool/pool_rows.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/pool_window.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace {

constexpr float kLowest = std::numeric_limits<float>::lowest();

using host::WindowRange;
using host::AdaptiveRange;
using host::SlidingRange;

template <bool kMax>
inline float Combine(float acc, float v) {
  return kMax ? std::max(acc, v) : acc + v;
}

// One input row reduced over each output column's window range, for columns [lo, hi).
template <bool kMax>
void ReduceColumns(const float* row, const std::vector<WindowRange>& cols, int lo, int hi,
                   float* dst) {
  for (int ow = lo; ow < hi; ++ow) {
    float acc = kMax ? kLowest : 0.f;
    for (int w = cols[ow].begin; w < cols[ow].end; ++w) acc = Combine<kMax>(acc, row[w]);
    dst[ow] = acc;
  }
}

// The same where columns [lo, hi) are full windows of K at stride S starting at
// ow * S - pad: unrolled with no range lookups.
template <bool kMax, int K, int S>
void ReduceRowFixed(const float* row, const std::vector<WindowRange>& cols, int lo, int hi,
                    int pad, float* dst) {
  ReduceColumns<kMax>(row, cols, 0, lo, dst);
  const float* base = row - pad;
  if (S == 2) {  // the stride-2 windows in AVX2 (even/odd lane splits)
    lite::x86::math::PoolRowStride2Avx2(base + lo * S, hi - lo, K, kMax, dst + lo);
    ReduceColumns<kMax>(row, cols, hi, static_cast<int>(cols.size()), dst);
    return;
  }
  for (int o = lo; o < hi; ++o) {
    const float* p = base + o * S;
    float acc = p[0];
    for (int j = 1; j < K; ++j) acc = Combine<kMax>(acc, p[j]);
    dst[o] = acc;
  }
  ReduceColumns<kMax>(row, cols, hi, static_cast<int>(cols.size()), dst);
}

// Max or sum of n floats in eight independent lanes (vectorizable without reassociation
// flags).
template <bool kMax>
float ReducePlane(const float* p, int64_t n) {
  float lane[8];
  for (float& l : lane) l = kMax ? kLowest : 0.f;
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    for (int j = 0; j < 8; ++j) lane[j] = Combine<kMax>(lane[j], p[i + j]);
  }
  float acc = kMax ? kLowest : 0.f;
  for (int j = 0; j < 8; ++j) acc = Combine<kMax>(acc, lane[j]);
  for (; i < n; ++i) acc = Combine<kMax>(acc, p[i]);
  return acc;
}

}  // namespace

class PoolCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::PoolParam>();
    if (param.pooling_type == "max") {
      RunTyped<true>(param);
    } else {
      RunTyped<false>(param);
    }
  }

 private:
  template <bool kMax>
  void RunTyped(const operators::PoolParam& param) {
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
      const int tasks = TasksFor(planes, planes * in_plane);
      ParallelTasks(ctx(), tasks, [&](int t) {
        for (int64_t p = planes * t / tasks; p < planes * (t + 1) / tasks; ++p) {
          const float acc = ReducePlane<kMax>(x + p * in_plane, in_plane);
          out[p] = kMax ? acc : acc / divisor;
        }
      });
      return;
    }

    // Output columns whose window lies fully inside the row (the unrolled interior).
    int lo = out_w, hi = out_w;
    const int kw = param.ksize[1], sw = param.strides[1], pad_w = param.paddings[2];
    if (!param.adaptive) {
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
      if (!param.adaptive && lo < hi) {
        if (kw == 2 && sw == 2) return ReduceRowFixed<kMax, 2, 2>(row, cols_, lo, hi, pad_w, dst);
        if (kw == 3 && sw == 2) return ReduceRowFixed<kMax, 3, 2>(row, cols_, lo, hi, pad_w, dst);
        if (kw == 3 && sw == 1) return ReduceRowFixed<kMax, 3, 1>(row, cols_, lo, hi, pad_w, dst);
        if (kw == 2 && sw == 1) return ReduceRowFixed<kMax, 2, 1>(row, cols_, lo, hi, pad_w, dst);
      }
      ReduceColumns<kMax>(row, cols_, 0, out_w, dst);
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
    const int tasks = TasksFor(planes, planes * in_plane);
    if (static_cast<int>(reduced_.size()) < tasks) reduced_.resize(tasks);
    ParallelTasks(ctx(), tasks, [&](int t) {
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
          // The window's reduced rows, element-wise in AVX2 (the same per-element order).
          lite::x86::math::PoolCombineRowsAvx2(
              reduced.data() + static_cast<int64_t>(r.begin) * out_w, r.count(), out_w, out_w,
              kMax, dst);
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
  int TasksFor(int64_t planes, int64_t reads) const {
    const int threads = ctx().pool ? ctx().pool->threads() : 1;
    return static_cast<int>(std::max<int64_t>(1, std::min<int64_t>({threads, planes, reads / 65536})));
  }

  std::vector<WindowRange> rows_, cols_;
  std::vector<std::vector<float>> reduced_;  // per task: each read input row reduced to out_w
  std::vector<float> col_count_, col_padded_;
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(pool2d, kX86, kFloat, kNCHW, paddle::lite::kernels::x86::PoolCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
