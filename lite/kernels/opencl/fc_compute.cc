// fc on ImageDefault images (fc.cl): the input read as its row-major flattening, weights and
// bias in float device buffers (the optimizer's io_copy_once puts them there once), the
// fused activation applied in the same kernel.
#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

template <PrecisionType P>
class FcImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override { kernel_ = ClRuntime::Get().CreateKernel("fc.cl", "fc"); }
  void Run() override {
    auto& param = this->template Param<operators::FcParam>();
    const DDim& w_dims = param.w->dims();
    PLITE_CHECK(w_dims.size() == 2, "fc: weight ", w_dims, " is not [K, N]");
    const int k = static_cast<int>(w_dims[0]);
    const int n = static_cast<int>(w_dims[1]);
    const cl_mem in = MemOf(*param.input);
    const cl_mem out = MutableDefaultImage(param.output, P);
    const cl_mem w = MemOf(*param.w);
    const cl_mem bias = param.bias ? MemOf(*param.bias) : w;  // unread without a bias
    const cl_int has_bias = param.bias != nullptr;
    const cl_int4 in_dims = NchwArg(param.input->dims());
    const cl_int4 out_dims = NchwArg(param.output->dims());
    const std::array<float, 3> p = ActivationArgs(param.act);
    SetArgs(&kernel_, in, out, w, bias, has_bias, in_dims, out_dims, k, n,
            static_cast<int>(param.act.kind), p[0], p[1], p[2]);
    const ImageSize size = DefaultImageSize(param.output->dims());
    Enqueue(kernel_, cl::NDRange(size.width, size.height), "fc");
  }

 private:
  cl::Kernel kernel_;
};

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((fc), kOpenCL, kImageDefault, paddle::lite::kernels::opencl::FcImage, image)
    .BindInput("Input", {PLITE_CL_IMAGE})
    .BindInput("W", {PLITE_CL_TY(kFloat, kNCHW)})
    .BindInput("Bias", {PLITE_CL_TY(kFloat, kNCHW)})
    .BindOutput("Out", {PLITE_CL_IMAGE})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
