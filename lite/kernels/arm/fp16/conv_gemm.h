// The fp16 convolutions' GEMM path (any filter, stride, padding, dilation and groups): the
// filter of each group converted to fp16 and packed once, then per image and group the
// output columns in blocks whose packed B (about 128 KB) stays in cache: a 1x1 stride-1
// unpadded convolution packs the input itself, any other one unfolds straight into the
// packed layout (im2col_fp16.h). With at least as many blocks as threads each thread packs
// and multiplies its own blocks; otherwise the threads share each block's rows.
#pragma once

#include <string>

#include "lite/core/context.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

class ConvGemmFp16 {
 public:
  // op_type names the op in errors (conv2d or depthwise_conv2d).
  ConvGemmFp16(const operators::ConvParam& param, const std::string& op_type);
  // bias: out_c fp16 values or null.
  void Run(const operators::ConvParam& param, const float16* bias, const KernelContext& ctx);

 private:
  std::string op_;
  int groups_{1};
  int rows_{0};   // output channels per group (GEMM M)
  int patch_{0};  // input channels per group x filter taps (GEMM K)
  long long packed_group_size_{0};
  AlignedVector<float16> packed_filter_;
  AlignedVector<float16> packed_b_;  // one block per thread that packs its own
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
