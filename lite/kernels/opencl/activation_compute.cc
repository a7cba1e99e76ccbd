// Activations on ImageDefault images, float or half texels (activation.cl): every kind of
// the activation descriptor, its parameters passed to one kernel.
#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

template <PrecisionType P>
class ActivationImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override {
    kernel_ = ClRuntime::Get().CreateKernel("activation.cl", "activation");
  }
  void Run() override {
    auto& param = this->template Param<operators::ActivationParam>();
    const cl_mem in = MemOf(*param.x);
    const cl_mem out = MutableDefaultImage(param.out, P);
    const ImageSize size = DefaultImageSize(param.x->dims());
    const std::array<float, 3> p = ActivationArgs(param.act);
    SetArgs(&kernel_, in, out, static_cast<int>(param.act.kind), p[0], p[1], p[2]);
    Enqueue(kernel_, cl::NDRange(size.width, size.height), this->op_type());
  }

 private:
  cl::Kernel kernel_;
};

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((relu, relu6, leaky_relu, hard_swish, hard_sigmoid, sigmoid, swish, tanh, gelu, exp, abs, log, softplus, mish), kOpenCL, kImageDefault, paddle::lite::kernels::opencl::ActivationImage, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindOutput("Out", {PLITE_CL_IMAGE})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
