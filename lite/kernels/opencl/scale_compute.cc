// scale on ImageDefault images, float or half texels (scale.cl): Out = X * scale + bias, or
// (X + bias) * scale when !bias_after_scale. The optional ScaleTensor (one value) is a host
// tensor, read at every run, as the host kernel reads it. The op has no fused activation.
#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

template <PrecisionType P>
class ScaleImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override { kernel_ = ClRuntime::Get().CreateKernel("scale.cl", "scale"); }

  void Run() override {
    auto& param = this->template Param<operators::ScaleParam>();
    const float scale =
        param.scale_tensor ? param.scale_tensor->template data<float>()[0] : param.scale;
    const Nchw s = NchwOf(param.x->dims());
    const cl_mem x = MemOf(*param.x);
    const cl_mem out = MutableDefaultImage(param.output, P);
    const ImageSize size = DefaultImageSize(param.x->dims());
    SetArgs(&kernel_, x, out, scale, param.bias, static_cast<int>(param.bias_after_scale), s.c,
            s.w);
    Enqueue(kernel_, cl::NDRange(size.width, size.height), "scale");
  }

 private:
  cl::Kernel kernel_;
};

// Where the kernel applies: an X whose known dims fit an image (rank 4 or less).
bool ScaleFitsImages(const KernelOpView& op) { return op.Dims(op.Input("X")).size() <= 4; }

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_CL_SCALE_TENSOR_TY \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kAny))

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((scale), kOpenCL, kImageDefault, paddle::lite::kernels::opencl::ScaleImage, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindInput("ScaleTensor", {PLITE_CL_SCALE_TENSOR_TY})
    .BindOutput("Out", {PLITE_CL_IMAGE})
    .RequireDevice(PLITE_CL_DEVICE)
    .Applies(paddle::lite::kernels::opencl::ScaleFitsImages)
    .Finalize();
