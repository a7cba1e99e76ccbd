// io_copy / io_copy_once on host: a deep copy between CPU targets (host, x86, ARM share
// memory, but the optimizer still inserts a copy when declared targets differ). Dims, LoD,
// precision and layout are kept.
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class IoCopyHostToHost
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::TypeCastParam>();
    param.out->CopyDataFrom(*param.x);
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_IO_COPY_TY \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))

REGISTER_LITE_KERNELS((io_copy, io_copy_once), kHost, kAny, kAny, paddle::lite::kernels::host::IoCopyHostToHost, host_to_host)
    .BindInput("Input", {PLITE_IO_COPY_TY})
    .BindOutput("Out", {PLITE_IO_COPY_TY})
    .Finalize();
