// expand_v2 and tile on host: Out[o] = X[o % dims], X left-padded with 1s to Out's rank
// (a broadcast dim of size 1 always reads index 0; a tiled dim wraps around). Elements
// are moved as bits, so every precision works.
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/typed_dispatch.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

namespace {
void WrapCopy(const Tensor& x, Tensor* out, const std::string& op) {
  const std::vector<int64_t> od = out->dims().Vectorize();
  std::vector<int64_t> xd = x.dims().Vectorize();
  xd.insert(xd.begin(), od.size() - xd.size(), 1);
  const size_t rank = od.size();
  std::vector<int64_t> x_strides(rank, 1);
  for (size_t d = rank; d-- > 1;) x_strides[d - 1] = x_strides[d] * xd[d];
  const int64_t total = out->numel();
  const PrecisionType p = x.precision();
  VisitElementBits(p, op, "X", [&](auto bits) {
    using U = decltype(bits);
    const U* in = BitsOf<U>(x);
    U* dst = MutableBitsOf<U>(out, p);
    std::vector<int64_t> idx(rank, 0);  // Out's multi-index, counted up row-major
    for (int64_t o = 0; o < total; ++o) {
      int64_t src = 0;
      for (size_t d = 0; d < rank; ++d) src += (idx[d] % xd[d]) * x_strides[d];
      dst[o] = in[src];
      for (size_t d = rank; d-- > 0;) {
        if (++idx[d] < od[d]) break;
        idx[d] = 0;
      }
    }
  });
}
}  // namespace

template <typename P>
class WrapCopyCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = this->template Param<P>();
    WrapCopy(*param.x, param.out, this->op_type());
  }
};

using ExpandV2Compute = WrapCopyCompute<operators::ExpandV2Param>;
using TileCompute = WrapCopyCompute<operators::TileParam>;

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_ANY_TY \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))
REGISTER_LITE_KERNEL(expand_v2, kHost, kAny, kAny, paddle::lite::kernels::host::ExpandV2Compute, def)
    .BindInput("X", {PLITE_ANY_TY})
    .BindInput("Shape", {PLITE_ANY_TY})
    .BindInput("expand_shapes_tensor", {PLITE_ANY_TY})
    .BindOutput("Out", {PLITE_ANY_TY})
    .Finalize();
REGISTER_LITE_KERNEL(tile, kHost, kAny, kAny, paddle::lite::kernels::host::TileCompute, def)
    .BindInput("X", {PLITE_ANY_TY})
    .BindInput("RepeatTimes", {PLITE_ANY_TY})
    .BindInput("repeat_times_tensor", {PLITE_ANY_TY})
    .BindOutput("Out", {PLITE_ANY_TY})
    .Finalize();
