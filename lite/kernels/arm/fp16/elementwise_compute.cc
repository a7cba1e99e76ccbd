// elementwise_add/sub/mul/div/max/min on fp16 tensors: the float kernel's broadcasting
// (lite/kernels/arm/binary_rows.h), each row in fp16 registers with the fused activation
// (lite/backends/arm/math/fp16/elementwise_fp16.h). Residual adds and squeeze-excitation
// scales then stay fp16 between fp16 convolutions instead of taking two casts each.
#include "lite/kernels/arm/fp16/fp16_kernel.h"

#if PLITE_ARM_CODE
#include <cstdint>

#include "lite/backends/arm/math/fp16/elementwise_fp16.h"
#include "lite/kernels/arm/binary_rows.h"
#include "lite/operators/op_params.h"
#include "lite/utils/float16.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace math = lite::arm::math;

class ElementwiseFp16Compute : public KernelLite<TargetType::kARM, PrecisionType::kFP16> {
 public:
  void PrepareForRun() override { op_ = BinaryOpOf(op_type()); }

  void Run() override {
    auto& param = Param<operators::ElementwiseParam>();
    RunBinaryRows<float16>(ctx(), op_type(), param,
                           [&](const float16* x, bool x_moves, const float16* y, bool y_moves,
                               float16* out, int64_t n) {
                             math::BinaryRowFp16(op_, x, x_moves, y, y_moves, out, n, param.act);
                           });
  }

 private:
  math::BinaryOp op_{math::BinaryOp::kAdd};
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

// One line: the USE-list generator reads the registration line by line.
REGISTER_LITE_KERNELS((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div, elementwise_max, elementwise_min), kARM, kFP16, kNCHW, PLITE_ARM_KERNEL(ElementwiseFp16Compute), def)
    .BindInput("X", {PLITE_ARM_FP16_TY})
    .BindInput("Y", {PLITE_ARM_FP16_TY})
    .BindOutput("Out", {PLITE_ARM_FP16_TY})
    .RequireCpuFeature("fp16", PLITE_ARM_FP16_CPU)
    .Finalize();
