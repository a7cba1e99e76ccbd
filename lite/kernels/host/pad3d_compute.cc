// pad3d on host (float32, float64, int32, int64; NCDHW or NDHWC): each output position
// maps, per padded dim, to a source index by the mode, or to `value` in constant mode
// when it falls in the padding.
#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "lite/backends/host/math/saturate.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/typed_dispatch.h"
#include "lite/operators/op_params.h"
#include "lite/operators/pad3d_op.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

namespace {
// The source index for output index `o` of a dim of size `in` padded by `lo` in front;
// -1 for a constant-mode pad position.
int64_t SourceIndex(int64_t o, int64_t lo, int64_t in, const std::string& mode) {
  int64_t i = o - lo;
  if (i >= 0 && i < in) return i;
  if (mode == "reflect") return i < 0 ? -i : 2 * (in - 1) - i;
  if (mode == "replicate") return std::min(std::max<int64_t>(i, 0), in - 1);
  if (mode == "circular") return ((i % in) + in) % in;
  return -1;
}
}  // namespace

class Pad3dCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::Pad3dParam>();
    const std::vector<int64_t> pads = operators::ResolvePad3dPaddings(param, op_type());
    const std::vector<int64_t> xd = param.x->dims().Vectorize();
    const std::vector<int64_t> od = param.out->dims().Vectorize();
    // Positions of N, C, D, H, W in the dims.
    const int pos[5] = {0, param.channel_last ? 4 : 1, param.channel_last ? 1 : 2,
                        param.channel_last ? 2 : 3, param.channel_last ? 3 : 4};
    auto strides = [](const std::vector<int64_t>& d) {
      std::vector<int64_t> s(5, 1);
      for (int k = 4; k > 0; --k) s[k - 1] = s[k] * d[k];
      return s;
    };
    const std::vector<int64_t> xs = strides(xd), os = strides(od);
    const int64_t lo[5] = {0, 0, pads[4], pads[2], pads[0]};  // front, top, left
    const PrecisionType p = param.x->precision();
    PLITE_CHECK(p == PrecisionType::kFloat || p == PrecisionType::kFP64 ||
                    p == PrecisionType::kInt32 || p == PrecisionType::kInt64,
                "op '", op_type(), "': X of type ", lite_api::PrecisionToStr(p),
                " is not supported (float32, float64, int32, int64)");
    VisitPrecision(p, op_type(), "X", [&](auto tag) {
      using T = decltype(tag);
      const T* in = param.x->data<T>();
      T* out = param.out->mutable_data<T>();
      // An integer output truncates `value` toward zero, saturating (NaN gives 0).
      T fill;
      if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        fill = lite::host::math::SaturateToInteger<T>(std::trunc(param.value));
      } else {
        fill = static_cast<T>(param.value);
      }
      int64_t o[5];  // output index in N, C, D, H, W order
      for (o[0] = 0; o[0] < od[pos[0]]; ++o[0]) {
        for (o[1] = 0; o[1] < od[pos[1]]; ++o[1]) {
          for (o[2] = 0; o[2] < od[pos[2]]; ++o[2]) {
            for (o[3] = 0; o[3] < od[pos[3]]; ++o[3]) {
              for (o[4] = 0; o[4] < od[pos[4]]; ++o[4]) {
                int64_t src = 0, dst = 0;
                bool pad = false;
                for (int k = 0; k < 5; ++k) {
                  const int64_t i = SourceIndex(o[k], lo[k], xd[pos[k]], param.mode);
                  pad = pad || i < 0;
                  src += i * xs[pos[k]];
                  dst += o[k] * os[pos[k]];
                }
                out[dst] = pad ? fill : in[src];
              }
            }
          }
        }
      }
    });
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(pad3d, kHost, kAny, kAny, paddle::lite::kernels::host::Pad3dCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindInput("Paddings", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .Finalize();
