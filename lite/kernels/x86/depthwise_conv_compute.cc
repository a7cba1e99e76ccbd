// depthwise_conv2d on x86: the direct kernel shared with ARM
// (lite/kernels/host/direct_depthwise_conv.h) over the AVX2/FMA or AVX-512 plane loops of
// lite/backends/x86/math/depthwise/depthwise_conv.h.
#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/depthwise/depthwise_conv.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/direct_depthwise_conv.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

struct X86DepthwisePlanes {
  static constexpr TargetType kTarget = TargetType::kX86;
  static constexpr const char* kName = "x86";
  static constexpr auto Planes = &lite::x86::math::DepthwiseConvPlanes;
};

using DepthwiseConvCompute = host::DirectDepthwiseConvCompute<X86DepthwisePlanes>;

// The plane loops' specialization, and with stride 1 the AVX-512 flat loops' for planes of
// at most 8 columns (DepthwiseFlatFits; a width known only at run time counts).
inline void DepthwiseSpecializations(const KernelOpView& op, std::vector<std::string>* names) {
  host::DirectDepthwiseSpecializations(op, names);
  const Tensor* w = op.WeightOf("Filter");
  const auto strides = op.desc().GetAttrOr<std::vector<int>>("strides", std::vector<int>{1, 1});
  if (strides != std::vector<int>{1, 1}) return;
  const std::vector<int64_t> out = op.Dims(op.Output("Output"));
  if (out.size() == 4 && out[3] > 8) return;
  for (int k : {3, 5}) {
    if (!w || (w->dims().size() == 4 && w->dims()[2] == k && w->dims()[3] == k)) {
      names->push_back(lite::x86::math::DepthwiseFlatSpecialization(k));
    }
  }
}

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

// One line: the USE-list generator reads the registration line by line.
REGISTER_LITE_KERNEL(depthwise_conv2d, kX86, kFloat, kNCHW, paddle::lite::kernels::x86::DepthwiseConvCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .MathSpecializations(paddle::lite::kernels::x86::DepthwiseSpecializations)
    .Finalize();
