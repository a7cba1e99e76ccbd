// The NCHW16c int8 direct convolution as the x86 int8 conv kernels run it
// (lite/backends/x86/math/nchwc_int8): packed once per filter, then per image the NCHW16c
// input (float, quantized, or a chained producer's int8) framed as u8 and the tiles, both
// split over the pool.
// conv_int8_nchwc_compute.cc runs it inside blocked chains; conv_int8_compute.cc on NCHW
// data, blocking the input and unblocking the output around it.
#pragma once

#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_conv.h"
#include "lite/core/context.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

class NchwcInt8ConvRunner {
 public:
  // Whether the runner takes the conv: one group, a filter of at most 256 taps, and a CPU
  // with AVX512_VNNI (the portable tiles are a test reference, slower than im2col + GEMM).
  static bool Takes(const operators::ConvParam& param);

  // Packs the filter with its scales and bias.
  void Prepare(const operators::ConvParam& param);
  bool prepared() const { return !filter_.empty(); }

  // One image in NCHW16c, of the conv's input and output shapes.
  void Run(const KernelContext& ctx, const operators::ConvParam& param,
           const lite::x86::math::NchwcInt8Source& in, const lite::x86::math::NchwcInt8Sink& out,
           const char* who);

 private:
  void RunTiles(const KernelContext& ctx, const lite::x86::math::NchwcInt8ConvShape& s,
                const Activation& act, const lite::x86::math::NchwcInt8Sink& out);

  lite::x86::math::NchwcInt8ConvShape shape_;
  lite::x86::math::NchwcInt8Filter filter_;
  AlignedVector<uint8_t> frame_;
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
