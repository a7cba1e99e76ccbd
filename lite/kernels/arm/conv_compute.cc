// conv2d on ARM with the NEON SGEMM: the filter of each group is packed once
// (PrepareForRun; weights are constant), then per image and group a 1x1 stride-1 unpadded
// convolution is one GEMM straight on the input, any other one im2col + GEMM over blocks of
// output rows (the unfolded block stays in cache; threads take blocks or share one). Bias and
// the fused activation (any kind) run in the GEMM epilogue. Every conv2d the host kernel
// runs runs here, groups == channels (depthwise) included, by the same GEMM path; the host
// kernel is the reference.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include <algorithm>
#include <cstdint>

#include "lite/backends/arm/math/gemm/sgemm.h"
#include "lite/backends/host/math/im2col.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/arm/sgemm_options.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace math = lite::arm::math;

namespace {

// Output rows per im2col block: a block's columns take about 128 KB, so they are still in
// the L2 of a mobile core (256 KB or more) when the GEMM reads them, unless that makes the
// GEMM narrower than kMinBlockCols columns (stride-2 layers of a few columns a row); then
// up to 256 KB.
constexpr int64_t kBlockFloats = 32 * 1024;
constexpr int64_t kMaxBlockFloats = 64 * 1024;
constexpr int64_t kMinBlockCols = 256;

int RowsPerBlock(int patch, const lite::host::math::ConvWindow& w) {
  const int64_t row_floats = static_cast<int64_t>(patch) * w.out_w;
  const int64_t wide_enough = (kMinBlockCols + w.out_w - 1) / w.out_w;
  const int64_t rows = std::max(kBlockFloats / row_floats,
                                std::min(kMaxBlockFloats / row_floats, wide_enough));
  return static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(w.out_h, rows)));
}

// Every output pixel reads exactly its own input pixel: the input is the GEMM's B.
bool IsPointwiseDirect(const operators::ConvParam& param,
                       const lite::host::math::ConvWindow& w) {
  return w.kernel_h == 1 && w.kernel_w == 1 && w.stride_h == 1 && w.stride_w == 1 &&
         param.paddings[0] == 0 && param.paddings[1] == 0 && param.paddings[2] == 0 &&
         param.paddings[3] == 0 && w.out_h == w.in_h && w.out_w == w.in_w;
}

}  // namespace

class ConvCompute : public KernelLite<TargetType::kARM, PrecisionType::kFloat> {
 public:
  void PrepareForRun() override {
    auto& param = Param<operators::ConvParam>();
    const DDim& w_dims = param.filter->dims();
    PLITE_CHECK(w_dims.size() == 4, "conv2d (ARM): Filter must be 4-D, got ", w_dims);
    const int groups = param.groups;
    PLITE_CHECK(groups >= 1 && w_dims[0] % groups == 0, "conv2d (ARM): groups ", groups,
                " does not divide the ", w_dims[0], " output channels");
    const int out_c_per_group = static_cast<int>(w_dims[0]) / groups;
    const int patch = static_cast<int>(w_dims[1] * w_dims[2] * w_dims[3]);
    packed_group_size_ = math::PackedASize(out_c_per_group, patch);
    packed_filter_.resize(packed_group_size_ * groups);
    const float* w = param.filter->data<float>();
    for (int g = 0; g < groups; ++g) {
      math::PackA(out_c_per_group, patch, w + static_cast<int64_t>(g) * out_c_per_group * patch,
                  patch, packed_filter_.data() + packed_group_size_ * g);
    }
  }

  void Run() override {
    auto& param = Param<operators::ConvParam>();
    const DDim& x_dims = param.x->dims();
    const DDim& w_dims = param.filter->dims();
    const int batch = static_cast<int>(x_dims[0]);
    const int in_c = static_cast<int>(x_dims[1]);
    const int out_c = static_cast<int>(w_dims[0]);
    const int groups = param.groups;
    const int in_c_per_group = in_c / groups;
    const int out_c_per_group = out_c / groups;

    // The window follows the current input shape: a shape change needs nothing else.
    const lite::host::math::ConvWindow window = host::ConvWindowOf(param);
    const int patch = in_c_per_group * window.kernel_h * window.kernel_w;  // GEMM K
    const int spatial = window.out_h * window.out_w;                       // GEMM N
    const int64_t in_plane = static_cast<int64_t>(window.in_h) * window.in_w;
    const bool direct = IsPointwiseDirect(param, window);

    const float* x = param.x->data<float>();
    const float* bias = param.bias ? param.bias->data<float>() : nullptr;
    float* out = param.output->mutable_data<float>();
    const math::SgemmOptions options = SgemmOptionsFor(ctx());
    for (int n = 0; n < batch; ++n) {
      for (int g = 0; g < groups; ++g) {
        GroupGemm gemm;
        gemm.packed_filter = packed_filter_.data() + packed_group_size_ * g;
        gemm.rows = out_c_per_group;
        gemm.patch = patch;
        gemm.epilogue.act = param.act;
        gemm.epilogue.bias = bias ? bias + g * out_c_per_group : nullptr;
        const float* x_g = x + (static_cast<int64_t>(n) * in_c + g * in_c_per_group) * in_plane;
        float* out_g = out + (static_cast<int64_t>(n) * out_c + g * out_c_per_group) * spatial;
        if (direct) {
          math::SgemmPacked(gemm.rows, spatial, patch, gemm.packed_filter, x_g, spatial, 0.f,
                            out_g, spatial, gemm.epilogue, options);
        } else {
          RunUnfolded(gemm, x_g, in_c_per_group, window, out_g);
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
    math::GemmEpilogue epilogue;
  };

  // im2col + GEMM, one block of output rows at a time. With at least two blocks per thread,
  // each thread unfolds and multiplies whole blocks on its own (no sync inside a block);
  // otherwise the threads share each block: the unfolding split by input channels, the GEMM
  // by rows or columns.
  void RunUnfolded(const GroupGemm& gemm, const float* x, int channels,
                   const lite::host::math::ConvWindow& window, float* out) {
    const int spatial = window.out_h * window.out_w;
    const int threads = ctx().pool ? ctx().pool->threads() : 1;
    int rows = RowsPerBlock(gemm.patch, window);
    int blocks = (window.out_h + rows - 1) / rows;
    const bool own_blocks = threads > 1 && blocks >= 2 * threads;
    if (own_blocks) {
      // Blocks of equal rows, a multiple of the threads in number, so no thread idles at
      // the end.
      const int even_blocks = (blocks + threads - 1) / threads * threads;
      rows = (window.out_h + even_blocks - 1) / even_blocks;
      blocks = (window.out_h + rows - 1) / rows;
    }
    const size_t block_floats = static_cast<size_t>(gemm.patch) * rows * window.out_w;

    auto multiply = [&](int oh0, int oh1, const float* col, const math::SgemmOptions& options) {
      const int cols = (oh1 - oh0) * window.out_w;
      math::SgemmPacked(gemm.rows, cols, gemm.patch, gemm.packed_filter, col, cols, 0.f,
                        out + static_cast<int64_t>(oh0) * window.out_w, spatial, gemm.epilogue,
                        options);
    };

    if (own_blocks) {
      ResizeScratch(&col_, block_floats * threads, "im2col");
      ParallelTasks(ctx(), threads, [&](int t) {
        float* col = col_.data() + block_floats * t;
        for (int b = t; b < blocks; b += threads) {
          const int oh0 = b * rows, oh1 = std::min(window.out_h, oh0 + rows);
          lite::host::math::Im2ColRows(x, channels, window, oh0, oh1, col);
          multiply(oh0, oh1, col, math::SgemmOptions{});
        }
      });
      return;
    }

    ResizeScratch(&col_, block_floats, "im2col");
    const math::SgemmOptions options = SgemmOptionsFor(ctx());
    const int64_t in_plane = static_cast<int64_t>(window.in_h) * window.in_w;
    const int64_t rows_per_channel = static_cast<int64_t>(window.kernel_h) * window.kernel_w;
    for (int oh0 = 0; oh0 < window.out_h; oh0 += rows) {
      const int oh1 = std::min(window.out_h, oh0 + rows);
      const int64_t cols = static_cast<int64_t>(oh1 - oh0) * window.out_w;
      // Unfolding is a copy: split it only when each thread gets a worthwhile share.
      const int parts = cols * gemm.patch >= 32 * 1024 ? std::min(threads, channels) : 1;
      ParallelTasks(ctx(), parts, [&](int t) {
        const int c0 = static_cast<int>(static_cast<int64_t>(channels) * t / parts);
        const int c1 = static_cast<int>(static_cast<int64_t>(channels) * (t + 1) / parts);
        lite::host::math::Im2ColRows(x + c0 * in_plane, c1 - c0, window, oh0, oh1,
                                     col_.data() + c0 * rows_per_channel * cols);
      });
      multiply(oh0, oh1, col_.data(), options);
    }
  }

  // One packed filter per group, each PackedASize(out_c / groups, patch) floats.
  AlignedVector<float> packed_filter_;
  size_t packed_group_size_{0};
  AlignedVector<float> col_;  // im2col blocks (one per thread when threads take blocks)
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
REGISTER_LITE_KERNEL(conv2d, kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(ConvCompute), def)
    .BindInput("Input", {PLITE_ARM_FLOAT_TY})
    .BindInput("Filter", {PLITE_ARM_FLOAT_TY})
    .BindInput("Bias", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Output", {PLITE_ARM_FLOAT_TY})
    .Finalize();
