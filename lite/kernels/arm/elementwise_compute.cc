// elementwise_add/sub/mul/div/max/min (float) on ARM: Out = act(X op Y) with the host
// kernel's broadcasting, as rows where each operand steps by one element or repeats one
// value (binary_rows.h), each row a NEON loop (lite/backends/arm/math/elementwise.h). The
// float kernels only: int32 / int64 and the other elementwise ops run on host, the
// reference.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include <cstdint>

#include "lite/backends/arm/math/elementwise.h"
#include "lite/kernels/arm/binary_rows.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace math = lite::arm::math;

// One kernel class for the op types of the family; the op is picked once per kernel.
class ElementwiseCompute : public KernelLite<TargetType::kARM, PrecisionType::kFloat> {
 public:
  void PrepareForRun() override { op_ = BinaryOpOf(op_type()); }

  void Run() override {
    auto& param = Param<operators::ElementwiseParam>();
    RunBinaryRows<float>(ctx(), op_type(), param,
                         [&](const float* x, bool x_moves, const float* y, bool y_moves,
                             float* out, int64_t n) {
                           math::BinaryRow(op_, x, x_moves, y, y_moves, out, n, param.act);
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

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
REGISTER_LITE_KERNELS((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div, elementwise_max, elementwise_min), kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(ElementwiseCompute), def)
    .BindInput("X", {PLITE_ARM_FLOAT_TY})
    .BindInput("Y", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Out", {PLITE_ARM_FLOAT_TY})
    .Finalize();
