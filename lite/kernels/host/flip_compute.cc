// flip on host: Out at multi-index i reads X at i with each flipped dim d mirrored
// (dims[d] - 1 - i[d]). Elements are moved as bits, so every precision works.
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/typed_dispatch.h"
#include "lite/operators/op_params.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class FlipCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::FlipParam>();
    const std::vector<int64_t> dims = param.x->dims().Vectorize();
    const size_t rank = dims.size();
    std::vector<bool> flip(rank, false);
    for (int a : param.axis) flip[operators::NormalizeAxis(a, rank, op_type(), "axis")] = true;
    std::vector<int64_t> strides(rank, 1);
    for (size_t d = rank; d-- > 1;) strides[d - 1] = strides[d] * dims[d];
    const int64_t total = param.x->numel();
    const PrecisionType p = param.x->precision();
    VisitElementBits(p, op_type(), "X", [&](auto bits) {
      using U = decltype(bits);
      const U* in = BitsOf<U>(*param.x);
      U* out = MutableBitsOf<U>(param.out, p);
      for (int64_t o = 0; o < total; ++o) {
        int64_t rest = o, src = 0;
        for (size_t d = 0; d < rank; ++d) {
          const int64_t i = rest / strides[d];
          rest %= strides[d];
          src += (flip[d] ? dims[d] - 1 - i : i) * strides[d];
        }
        out[o] = in[src];
      }
    });
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(flip, kHost, kAny, kAny, paddle::lite::kernels::host::FlipCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .Finalize();
