// The int8 conv2d and fc of the CPU backends, written once over a backend's int8 GEMM
// (lite/backends/<target>/math/gemm_int8/igemm.h: Igemm on the shared operands of
// lite/backends/simd/igemm_types.h, QuantizeToInt8), for the ops int8_quantize_pass marks
// enable_int8. The float input is quantized per tensor with the model's scale and rounding;
// the epilogue scales the exact int32 sums back to float (input scale x weight scale of the
// output channel), adds the bias and applies the fused activation: the float simulation's
// result within float32 rounding. Between int8 layers (int8_chain_pass) the conv reads the
// int8 values its producer wrote and, given Output0_scale, writes its readers' int8 values,
// quantized from those floats as the readers would. Each backend names its entry points
// once, e.g. on ARM
//   constexpr host::Int8Gemm<math::IgemmOptions> kInt8Gemm{
//       "ARM", math::Igemm, math::Igemm, math::QuantizeToInt8, IgemmOptionsFor, blocks};
#pragma once

#include <cstdint>
#include <vector>

#include "lite/backends/host/math/im2col.h"
#include "lite/backends/simd/igemm_types.h"
#include "lite/core/context.h"
#include "lite/core/memory.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/kernels/host/im2col_blocks.h"
#include "lite/operators/op_params.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename Options>
struct Int8Gemm {
  const char* backend;  // whose kernel, in errors: "x86", "ARM"
  void (*igemm)(int n, const simd::PackedInt8A& a, const int8_t* b, int ldb, float* c, int ldc,
                const simd::Int8Epilogue& epilogue, const Options& options);
  void (*igemm_int8)(int n, const simd::PackedInt8A& a, const int8_t* b, int ldb, int8_t* c,
                     int ldc, const simd::Int8Epilogue& epilogue, const Options& options);
  void (*quantize)(const float* x, long long n, float inv_scale, bool ties_to_even,
                   int8_t* q);
  // Options splitting one GEMM over the context's pool (single thread without one).
  Options (*options_for)(const KernelContext& ctx);
  // The conv's im2col blocks, in int8 values (as many bytes as the float conv's).
  Im2colBlocks im2col_blocks;
};

// conv2d: the input quantized (or int8 already), unfolded (im2col on int8 by blocks of output
// rows, im2col_blocks.h; none for 1x1 stride-1 unpadded layers) and multiplied by the int8
// filter, packed once per group.
class Int8GemmConv {
 public:
  void Prepare(const operators::ConvParam& param) {
    const DDim& w = param.filter->dims();
    const int groups = param.groups;
    const int m = static_cast<int>(w[0] / groups);
    const int k = static_cast<int>(w[1] * w[2] * w[3]);
    const int8_t* filter = param.filter->data<int8_t>();
    packed_.clear();
    for (int g = 0; g < groups; ++g) {
      packed_.emplace_back(m, k, filter + static_cast<int64_t>(g) * m * k, k);
    }
    scales_.resize(w[0]);
    for (int64_t c = 0; c < w[0]; ++c) scales_[c] = param.int8.input * param.int8.weight[c];
  }

  template <typename Options>
  void Run(const KernelContext& ctx, const Int8Gemm<Options>& gemm,
           const operators::ConvParam& param) {
    const DDim& x = param.x->dims();
    const DDim& y = param.output->dims();
    const int groups = param.groups;
    PLITE_CHECK(x.size() == 4 && x[1] == param.filter->dims()[1] * groups, "conv2d (",
                gemm.backend, " int8): Input ", x, " does not have the channels the filter ",
                param.filter->dims(), " takes in ", groups, " groups");
    const int in_c = static_cast<int>(x[1]), in_plane = static_cast<int>(x[2] * x[3]);
    const int out_c = static_cast<int>(y[1]), out_plane = static_cast<int>(y[2] * y[3]);
    const int c_per_group = in_c / groups, m = out_c / groups;
    const lite::host::math::ConvWindow win = ConvWindowOf(param);
    const bool pointwise = win.kernel_h == 1 && win.kernel_w == 1 && win.stride_h == 1 &&
                           win.stride_w == 1 && win.pad_top == 0 && win.pad_left == 0 &&
                           out_plane == in_plane;
    const int k = c_per_group * win.kernel_h * win.kernel_w;
    const bool int8_in = param.x->precision() == PrecisionType::kInt8;
    if (!int8_in) {
      ResizeScratch(&quantized_, static_cast<size_t>(in_c) * in_plane, "conv2d",
                    "the quantized input");
    }
    const int threads = ctx.pool ? ctx.pool->threads() : 1;
    const Im2colBlockPlan plan = PlanIm2colBlocks(gemm.im2col_blocks, k, win, threads);
    if (!pointwise) {
      ResizeScratch(&columns_, static_cast<size_t>(plan.ScratchValues()), "conv2d",
                    "the im2col columns");
    }
    const Options options = gemm.options_for(ctx);
    Options single = options;
    single.threads = 1;
    const float* bias = param.bias ? param.bias->data<float>() : nullptr;
    const bool int8_out = param.int8.output > 0.f;
    // Taken once: the threads taking blocks write into them.
    int8_t* out_q = int8_out ? param.output->mutable_data<int8_t>() : nullptr;
    float* out_f = int8_out ? nullptr : param.output->mutable_data<float>();
    const int64_t in_image = static_cast<int64_t>(in_c) * in_plane;
    const float inv_scale = 1.f / param.int8.input;
    const bool ties_to_even = param.int8.round_type == 0;
    for (int64_t n = 0; n < x[0]; ++n) {
      const int8_t* image = int8_in ? param.x->data<int8_t>() + n * in_image : quantized_.data();
      if (!int8_in) {
        const float* in = param.x->data<float>() + n * in_image;
        ParallelRanges(ctx, in_image, 64 * 1024, [&](int64_t begin, int64_t end) {
          gemm.quantize(in + begin, end - begin, inv_scale, ties_to_even,
                        quantized_.data() + begin);
        });
      }
      for (int g = 0; g < groups; ++g) {
        const int8_t* group_in = image + static_cast<int64_t>(g) * c_per_group * in_plane;
        simd::Int8Epilogue ep;
        ep.scale = scales_.data() + g * m;
        ep.bias = bias ? bias + g * m : nullptr;
        ep.act = param.act;
        const int64_t group_out = (n * out_c + static_cast<int64_t>(g) * m) * out_plane;
        if (int8_out) {
          ep.out_scale = param.int8.output;
          ep.ties_to_even = ties_to_even;
        }
        // C columns [col0, col0 + cols) of this group from B (leading dimension ldb).
        auto multiply = [&](int64_t col0, int cols, const int8_t* b, int ldb,
                            const Options& split) {
          if (int8_out) {
            gemm.igemm_int8(cols, packed_[g], b, ldb, out_q + group_out + col0, out_plane, ep,
                            split);
          } else {
            gemm.igemm(cols, packed_[g], b, ldb, out_f + group_out + col0, out_plane, ep, split);
          }
        };
        if (pointwise) {
          multiply(0, out_plane, group_in, out_plane, options);
          continue;
        }
        RunIm2colBlocks(ctx, plan, group_in, c_per_group, win, columns_.data(),
                        [&](int oh0, int oh1, const int8_t* col, bool shared) {
                          const int cols = (oh1 - oh0) * win.out_w;
                          multiply(static_cast<int64_t>(oh0) * win.out_w, cols, col, cols,
                                   shared ? options : single);
                        });
      }
    }
  }

 private:
  std::vector<simd::PackedInt8A> packed_;  // per group
  std::vector<float> scales_;              // per output channel: input x filter scale
  std::vector<int8_t> quantized_;          // the input of one image, quantized
  std::vector<int8_t> columns_;            // im2col blocks (one per thread taking blocks)
};

// fc: C^T = W^T X^T with W^T [N, K] packed once as the GEMM's A and the quantized rows of
// X as its B columns, scaled back per output column. One row (a classifier's batch of one)
// is a column of B and its C^T column is the output row; more rows go through transposes.
class Int8GemmFc {
 public:
  void Prepare(const operators::FcParam& param) {
    const DDim& w = param.w->dims();
    const int k = static_cast<int>(w[0]), n = static_cast<int>(w[1]);
    const int8_t* weight = param.w->data<int8_t>();
    std::vector<int8_t> transposed(static_cast<size_t>(n) * k);
    for (int i = 0; i < k; ++i) {
      for (int j = 0; j < n; ++j) transposed[static_cast<size_t>(j) * k + i] = weight[i * n + j];
    }
    packed_ = simd::PackedInt8A(n, k, transposed.data(), k);
    scales_.resize(n);
    for (int j = 0; j < n; ++j) scales_[j] = param.int8.input * param.int8.weight[j];
  }

  template <typename Options>
  void Run(const KernelContext& ctx, const Int8Gemm<Options>& gemm,
           const operators::FcParam& param) {
    const DDim& in = param.input->dims();
    const int k = packed_.k(), n = packed_.m();
    const int64_t rows = in.count(0, param.in_num_col_dims);
    PLITE_CHECK(in.count(param.in_num_col_dims, in.size()) == k, "fc (", gemm.backend,
                " int8): Input ", in, " does not have the ", k, " columns W takes");
    const int m = static_cast<int>(rows);
    ResizeScratch(&quantized_, static_cast<size_t>(m) * k, "fc", "the quantized input");
    gemm.quantize(param.input->data<float>(), static_cast<long long>(m) * k,
                  1.f / param.int8.input, param.int8.round_type == 0, quantized_.data());
    // B = X^T (K x M): X itself for one row.
    const int8_t* b = quantized_.data();
    if (m > 1) {
      ResizeScratch(&columns_, static_cast<size_t>(m) * k, "fc", "the transposed input");
      for (int r = 0; r < m; ++r) {
        for (int c = 0; c < k; ++c) {
          columns_[static_cast<size_t>(c) * m + r] = quantized_[r * k + c];
        }
      }
      b = columns_.data();
    }
    simd::Int8Epilogue ep;
    ep.scale = scales_.data();
    ep.bias = param.bias ? param.bias->data<float>() : nullptr;
    ep.act = param.act;
    const Options options = gemm.options_for(ctx);
    float* out = param.output->mutable_data<float>();
    if (m == 1) {
      gemm.igemm(1, packed_, b, 1, out, 1, ep, options);
      return;
    }
    ResizeScratch(&result_, static_cast<size_t>(n) * m, "fc", "the transposed output");
    gemm.igemm(m, packed_, b, m, result_.data(), m, ep, options);
    for (int r = 0; r < m; ++r) {
      for (int j = 0; j < n; ++j) out[static_cast<size_t>(r) * n + j] = result_[j * m + r];
    }
  }

 private:
  simd::PackedInt8A packed_;       // W^T
  std::vector<float> scales_;      // per output column: input x weight scale
  std::vector<int8_t> quantized_;  // the input, quantized, [M, K]
  std::vector<int8_t> columns_;    // its transpose [K, M] (M > 1)
  std::vector<float> result_;      // C^T [N, M] (M > 1)
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
