#include "lite/kernels/x86/conv_compute.h"

#include <algorithm>

#include "lite/backends/host/math/im2col.h"
#include "lite/backends/x86/cpu_info.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/kernels/x86/context_threads.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace math = lite::x86::math;

void ConvCompute::PrepareForRun() {
  auto& param = Param<operators::ConvParam>();
  const DDim& w_dims = param.filter->dims();
  PLITE_CHECK(w_dims.size() == 4, "conv2d (x86): Filter must be 4-D, got ", w_dims.size(), "-D");
  const int groups = param.groups;
  PLITE_CHECK(groups >= 1 && w_dims[0] % groups == 0, "conv2d (x86): groups ", groups,
              " does not divide the ", w_dims[0], " output channels");

  // Few input channels (a CNN's first convolution): direct convolution instead.
  if (ConvSmallC::Suits(param)) {
    small_c_ = std::make_unique<ConvSmallC>(param);
  } else if (ConvWinograd::Suits(param)) {
    // 3x3 stride-1 convolutions with enough channels and tiles run by Winograd instead.
    winograd_ = std::make_unique<ConvWinograd>(param);
  } else {
    PackFilterForGemm(param);
  }
}

// The GEMM paths' filter, packed once; the direct and Winograd paths keep their own, so
// a convolution that only ever takes them does not hold this copy too.
void ConvCompute::PackFilterForGemm(const operators::ConvParam& param) {
  const DDim& w_dims = param.filter->dims();
  const int groups = param.groups;
  const int out_c_per_group = static_cast<int>(w_dims[0]) / groups;
  const int patch = static_cast<int>(w_dims[1] * w_dims[2] * w_dims[3]);
  packed_group_size_ = math::PackedASize(out_c_per_group, patch);
  packed_filter_.resize(packed_group_size_ * groups);
  const float* w = param.filter->data<float>();
  for (int g = 0; g < groups; ++g) {
    math::PackA(out_c_per_group, patch, w + static_cast<int64_t>(g) * out_c_per_group * patch,
                patch, packed_filter_.data() + packed_group_size_ * g);
  }
  gemm_filter_packed_ = true;
}

namespace {

// Output rows per im2col block: a block's columns take about 256 KB, so they are still in
// L2 when the GEMM reads them (a whole 224x224 image unfolded would not be), unless that
// makes the GEMM narrower than kMinBlockCols columns; then up to 512 KB. SqueezeNet's
// 16 -> 64 3x3 layers at 56x56 ran 11% faster with 8-row blocks than with 16; ResNet18's
// stride-2 3x3 layers (7 to 28 columns a row) lost 10-60% with blocks under ~100 columns.
constexpr int64_t kBlockFloats = 64 * 1024;
constexpr int64_t kMaxBlockFloats = 128 * 1024;
constexpr int64_t kMinBlockCols = 256;

int RowsPerBlock(int patch, const lite::host::math::ConvWindow& w) {
  const int64_t row_floats = static_cast<int64_t>(patch) * w.out_w;
  const int64_t wide_enough = (kMinBlockCols + w.out_w - 1) / w.out_w;
  const int64_t rows = std::max(kBlockFloats / row_floats,
                                std::min(kMaxBlockFloats / row_floats, wide_enough));
  return static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(w.out_h, rows)));
}

}  // namespace

void ConvCompute::Run() {
  auto& param = Param<operators::ConvParam>();
  if (ConvSmallC::Suits(param)) {  // also after a shape change that makes it suit
    if (!small_c_) small_c_ = std::make_unique<ConvSmallC>(param);
    small_c_->Run(param, ctx());
    return;
  }
  if (ConvWinograd::Suits(param)) {  // also after a shape change that makes it suit
    if (!winograd_) winograd_ = std::make_unique<ConvWinograd>(param);
    winograd_->Run(param, ctx());
    return;
  }
  if (!gemm_filter_packed_) PackFilterForGemm(param);  // a shape change left the other paths
  const DDim& x_dims = param.x->dims();
  const DDim& w_dims = param.filter->dims();
  const int batch = static_cast<int>(x_dims[0]);
  const int in_c = static_cast<int>(x_dims[1]);
  const int out_c = static_cast<int>(w_dims[0]);
  const int groups = param.groups;
  const int in_c_per_group = in_c / groups;
  const int out_c_per_group = out_c / groups;

  const lite::host::math::ConvWindow window = host::ConvWindowOf(param);
  const int patch = in_c_per_group * window.kernel_h * window.kernel_w;  // GEMM K
  const int spatial = window.out_h * window.out_w;                       // GEMM N
  const int64_t in_plane = static_cast<int64_t>(window.in_h) * window.in_w;
  // The input already is the GEMM's B when every output pixel reads exactly its own pixel.
  const bool direct = window.kernel_h == 1 && window.kernel_w == 1 && window.stride_h == 1 &&
                      window.stride_w == 1 && param.paddings[0] == 0 && param.paddings[1] == 0 &&
                      param.paddings[2] == 0 && param.paddings[3] == 0 &&
                      window.out_h == window.in_h && window.out_w == window.in_w;

  const float* x = param.x->data<float>();
  const float* bias = param.bias ? param.bias->data<float>() : nullptr;
  float* out = param.output->mutable_data<float>();
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
        math::SgemmPacked(gemm.rows, spatial, patch, gemm.packed_filter, x_g, spatial, 0.f, out_g,
                          spatial, gemm.epilogue, SgemmOptionsFor(ctx()));
      } else {
        RunUnfolded(gemm, x_g, in_c_per_group, window, out_g);
      }
    }
  }
}

// im2col + GEMM, one block of output rows at a time. With at least two blocks per thread,
// each thread unfolds and multiplies whole blocks on its own (no sync inside a block); otherwise
// the threads share each block: the unfolding split by input channels, the GEMM by rows.
void ConvCompute::RunUnfolded(const GroupGemm& gemm, const float* x, int channels,
                              const lite::host::math::ConvWindow& window, float* out) {
  const int spatial = window.out_h * window.out_w;
  const int threads = ctx().pool ? ctx().pool->threads() : 1;
  int rows = RowsPerBlock(gemm.patch, window);
  int blocks = (window.out_h + rows - 1) / rows;
  const bool own_blocks = threads > 1 && blocks >= 2 * threads;
  if (threads > 1 && !own_blocks) {
    // Few blocks: one per thread made each thread stream the whole filter for a narrow GEMM
    // (ResNet18's 128 -> 256 3x3 s2 layer, 14x14: 2 threads only 1.46x faster than 1). Shared
    // blocks up to twice the usual size split the filter's rows instead (~15% faster there).
    const int64_t row_floats = static_cast<int64_t>(gemm.patch) * window.out_w;
    rows = static_cast<int>(std::max<int64_t>(
        rows, std::min<int64_t>(window.out_h, 2 * kMaxBlockFloats / row_floats)));
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

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(conv2d, kX86, kFloat, kNCHW, paddle::lite::kernels::x86::ConvCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
