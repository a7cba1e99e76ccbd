// conv2d by a CPU backend's packed SGEMM, for the x86 and ARM conv kernels: the filter of
// each group is packed once (weights are constant), then per image and group a 1x1
// stride-1 unpadded convolution is one GEMM straight on the input, any other one im2col +
// GEMM over blocks of output rows (the unfolded block stays in cache; threads take blocks
// or share one). Bias and the fused activation (any kind) run in the GEMM epilogue. Every
// conv2d the host kernel runs runs here (groups, dilation, strides, asymmetric padding,
// groups == channels); the host kernel is the reference.
//
// The backend gives its SGEMM (packed_sgemm.h) and the sizes of the im2col blocks, chosen
// for its caches (Im2colBlocks, in floats).
#pragma once

#include <cstddef>
#include <cstdint>

#include "lite/backends/host/math/im2col.h"
#include "lite/core/kernel.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/kernels/host/im2col_blocks.h"
#include "lite/kernels/host/packed_sgemm.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

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

  // im2col + GEMM, one block of output rows at a time (im2col_blocks.h).
  // `options`: the context's pool, for a GEMM all threads share.
  void RunUnfolded(const KernelBase& kernel, const GroupGemm& gemm, const float* x,
                   int channels, const lite::host::math::ConvWindow& window,
                   const Options& options, float* out) {
    const KernelContext& ctx = kernel.ctx();
    const int spatial = window.out_h * window.out_w;
    const Im2colBlockPlan plan =
        PlanIm2colBlocks(blocks_, gemm.patch, window, ctx.pool ? ctx.pool->threads() : 1);
    kernel.ResizeScratch(&col_, static_cast<size_t>(plan.ScratchValues()), "im2col");
    RunIm2colBlocks(ctx, plan, x, channels, window, col_.data(),
                    [&](int oh0, int oh1, const float* col, bool shared) {
                      const int cols = (oh1 - oh0) * window.out_w;
                      sgemm_.sgemm_packed(gemm.rows, cols, gemm.patch, gemm.packed_filter, col,
                                          cols, 0.f,
                                          out + static_cast<int64_t>(oh0) * window.out_w,
                                          spatial, gemm.epilogue, shared ? options : Options{});
                    });
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
