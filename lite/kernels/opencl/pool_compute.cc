// pool2d on ImageDefault images, float or half texels (pool.cl): max and avg (exclusive or
// not), global, adaptive, any ksize / strides / paddings, ceil_mode. The op has resolved
// global pooling and SAME / VALID into ksize and paddings, and ceil_mode into the output
// size, so the kernel walks the host kernel's windows (pool_window.h) from those.
#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

template <PrecisionType P>
class PoolImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override { kernel_ = ClRuntime::Get().CreateKernel("pool.cl", "pool2d"); }

  void Run() override {
    auto& param = this->template Param<operators::PoolParam>();
    PLITE_CHECK(param.x->dims().size() == 4, "pool2d on OpenCL: X must be 4-D, got ",
                param.x->dims());
    const Nchw in = NchwOf(param.x->dims());
    const Nchw o = NchwOf(param.output->dims());
    const cl_mem x = MemOf(*param.x);
    const cl_mem out = MutableDefaultImage(param.output, P);
    const ImageSize size = DefaultImageSize(param.output->dims());
    const int is_max = param.pooling_type == "max";
    // Adaptive windows divide by the pixels they read, as exclusive ones do.
    const int exclusive = param.exclusive || param.adaptive;
    SetArgs(&kernel_, x, out, in.c, in.h, in.w, o.h, o.w, param.ksize[0], param.ksize[1],
            param.strides[0], param.strides[1], param.paddings[0], param.paddings[2], is_max,
            exclusive, static_cast<int>(param.adaptive));
    Enqueue(kernel_, cl::NDRange(size.width, size.height), "pool2d");
  }

 private:
  cl::Kernel kernel_;
};

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((pool2d), kOpenCL, kImageDefault, paddle::lite::kernels::opencl::PoolImage, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindOutput("Out", {PLITE_CL_IMAGE})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
