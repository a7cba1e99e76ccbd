// conv2d_transpose / depthwise_conv2d_transpose on ARM. Per image and group, the filter
// (transposed and packed once: rows are (output channel, tap), columns input channels)
// times a block of input rows is the column matrix of every tap those rows feed (the NEON
// SGEMM); col2im adds the columns into the output, which starts as the bias; the fused
// activation is one vector pass at the end (output_padding / output_size rows that no
// window reaches hold the activated bias, as in the host kernel). Blocks of input rows keep
// the columns in cache. The host kernel (a direct scatter) is the reference.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include <algorithm>
#include <cstdint>
#include <vector>

#include "lite/backends/arm/math/activation.h"
#include "lite/backends/arm/math/gemm/sgemm.h"
#include "lite/backends/host/math/im2col.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/arm/sgemm_options.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace math = lite::arm::math;

namespace {

// Floats of one block's columns: about 128 KB, so the GEMM writes them and col2im reads
// them back from L2.
constexpr int64_t kBlockFloats = 32 * 1024;

// The window of the equivalent convolution: the transposed convolution's output is its
// image, its input the window positions.
lite::host::math::ConvWindow TransposedWindow(const operators::ConvTransposeParam& param) {
  const DDim& x_dims = param.x->dims();
  const DDim& w_dims = param.filter->dims();
  const DDim& out_dims = param.output->dims();
  lite::host::math::ConvWindow window;
  window.in_h = static_cast<int>(out_dims[2]);
  window.in_w = static_cast<int>(out_dims[3]);
  window.kernel_h = static_cast<int>(w_dims[2]);
  window.kernel_w = static_cast<int>(w_dims[3]);
  window.stride_h = param.strides[0];
  window.stride_w = param.strides[1];
  window.pad_top = param.paddings[0];
  window.pad_left = param.paddings[2];
  window.dilation_h = param.dilations[0];
  window.dilation_w = param.dilations[1];
  window.out_h = static_cast<int>(x_dims[2]);
  window.out_w = static_cast<int>(x_dims[3]);
  return window;
}

}  // namespace

class ConvTransposeCompute : public KernelLite<TargetType::kARM, PrecisionType::kFloat> {
 public:
  void PrepareForRun() override {
    auto& param = Param<operators::ConvTransposeParam>();
    const DDim& w_dims = param.filter->dims();
    PLITE_CHECK(w_dims.size() == 4, op_type(), " (ARM): Filter must be 4-D, got ", w_dims);
    const int groups = param.groups;
    const int in_c = static_cast<int>(w_dims[0]);
    PLITE_CHECK(groups >= 1 && in_c % groups == 0, op_type(), " (ARM): groups ", groups,
                " does not divide the ", in_c, " input channels");
    in_c_per_group_ = in_c / groups;
    taps_ = static_cast<int>(w_dims[2] * w_dims[3]);
    rows_ = static_cast<int>(w_dims[1]) * taps_;  // GEMM M: (output channel, tap)
    packed_group_size_ = math::PackedASize(rows_, in_c_per_group_);
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
      math::PackA(rows_, in_c_per_group_, a.data(), in_c_per_group_,
                  packed_filter_.data() + packed_group_size_ * g);
    }
  }

  void Run() override {
    auto& param = Param<operators::ConvTransposeParam>();
    const DDim& x_dims = param.x->dims();
    const DDim& out_dims = param.output->dims();
    const int batch = static_cast<int>(x_dims[0]);
    const int in_c = static_cast<int>(x_dims[1]);
    const int out_c = static_cast<int>(out_dims[1]);
    const int out_c_per_group = static_cast<int>(param.filter->dims()[1]);
    const int groups = param.groups;
    const lite::host::math::ConvWindow window = TransposedWindow(param);
    const int64_t x_plane = static_cast<int64_t>(window.out_h) * window.out_w;
    const int64_t out_plane = static_cast<int64_t>(window.in_h) * window.in_w;

    const int64_t row_floats = static_cast<int64_t>(rows_) * window.out_w;
    const int block_rows = static_cast<int>(
        std::max<int64_t>(1, std::min<int64_t>(window.out_h, kBlockFloats / row_floats)));
    ResizeScratch(&col_, static_cast<size_t>(row_floats) * block_rows, "col2im");

    const float* x = param.x->data<float>();
    const float* bias = param.bias ? param.bias->data<float>() : nullptr;
    float* out = param.output->mutable_data<float>();
    const int threads = ctx().pool ? ctx().pool->threads() : 1;
    const int64_t total_planes = static_cast<int64_t>(batch) * out_c;
    ParallelTasks(ctx(), threads, [&](int t) {
      for (int64_t p = total_planes * t / threads; p < total_planes * (t + 1) / threads; ++p) {
        std::fill(out + p * out_plane, out + (p + 1) * out_plane, bias ? bias[p % out_c] : 0.f);
      }
    });

    const math::SgemmOptions options = SgemmOptionsFor(ctx());
    const int parts = std::min(threads, out_c_per_group);
    for (int n = 0; n < batch; ++n) {
      for (int g = 0; g < groups; ++g) {
        const float* packed = packed_filter_.data() + packed_group_size_ * g;
        const float* x_g = x + (static_cast<int64_t>(n) * in_c + g * in_c_per_group_) * x_plane;
        float* out_g = out + (static_cast<int64_t>(n) * out_c + g * out_c_per_group) * out_plane;
        for (int r0 = 0; r0 < window.out_h; r0 += block_rows) {
          const int r1 = std::min(window.out_h, r0 + block_rows);
          const int cols = (r1 - r0) * window.out_w;
          math::SgemmPacked(rows_, cols, in_c_per_group_, packed, x_g + r0 * window.out_w,
                            static_cast<int>(x_plane), 0.f, col_.data(), cols, {}, options);
          // Output channels write disjoint planes: threads take channel ranges.
          ParallelTasks(ctx(), parts, [&](int t) {
            const int c0 = out_c_per_group * t / parts, c1 = out_c_per_group * (t + 1) / parts;
            lite::host::math::Col2ImRowsAdd(col_.data() + static_cast<int64_t>(c0) * taps_ * cols,
                                            c1 - c0, window, r0, r1, out_g + c0 * out_plane);
          });
        }
      }
    }
    if (param.act.kind == ActivationType::kNone) return;
    ParallelTasks(ctx(), threads, [&](int t) {
      const int64_t p0 = total_planes * t / threads, p1 = total_planes * (t + 1) / threads;
      math::Activate(out + p0 * out_plane, nullptr, out + p0 * out_plane, (p1 - p0) * out_plane,
                     param.act);
    });
  }

 private:
  int in_c_per_group_{0};
  int taps_{0};
  int rows_{0};
  size_t packed_group_size_{0};
  AlignedVector<float> packed_filter_;  // one PackA of rows_ x in_c_per_group_ per group
  AlignedVector<float> col_;            // one block's columns
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
REGISTER_LITE_KERNELS((conv2d_transpose, depthwise_conv2d_transpose), kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(ConvTransposeCompute), def)
    .BindInput("Input", {PLITE_ARM_FLOAT_TY})
    .BindInput("Filter", {PLITE_ARM_FLOAT_TY})
    .BindInput("Bias", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Output", {PLITE_ARM_FLOAT_TY})
    // Paddle's conv2d_transpose v1 added output_padding (the op's InferShape applies it), v2
    // the oneDNN-only force_fp32_output and mkldnn_data_type (nothing to do here).
    .BindPaddleOpVersion("conv2d_transpose", 2)
    .Finalize();
