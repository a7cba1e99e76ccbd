// calib / calib_once on OpenCL: float <-> half, on NCHW buffers (vstore_half rounds to
// nearest even, as the host calib) and on ImageDefault images (a copy into an image of the
// other texel type). calib.cl.
#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

template <PrecisionType From, PrecisionType To>
class CalibBuffer : public KernelLite<TargetType::kOpenCL, To, DataLayoutType::kNCHW> {
 public:
  void PrepareForRun() override {
    kernel_ = ClRuntime::Get().CreateKernel(
        "calib.cl", To == PrecisionType::kFP16 ? "float_to_half" : "half_to_float");
  }
  void Run() override {
    auto& param = this->template Param<operators::TypeCastParam>();
    const Tensor& x = *param.x;
    param.out->Resize(x.dims());
    param.out->set_lod(x.lod());
    param.out->set_layout(DataLayoutType::kNCHW);
    const cl_mem in = MemOf(x);
    const cl_mem out = static_cast<cl_mem>(
        param.out->mutable_data(TargetType::kOpenCL, To, To == PrecisionType::kFP16 ? 2 : 4));
    if (x.numel() == 0) return;
    SetArgs(&kernel_, in, out);
    Enqueue(kernel_, cl::NDRange(static_cast<size_t>(x.numel())), "calib (buffer)");
  }

 private:
  cl::Kernel kernel_;
};

template <PrecisionType To>
class CalibImage : public KernelLite<TargetType::kOpenCL, To, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override {
    kernel_ = ClRuntime::Get().CreateKernel("calib.cl", "copy_image");
  }
  void Run() override {
    auto& param = this->template Param<operators::TypeCastParam>();
    const Tensor& x = *param.x;
    param.out->Resize(x.dims());
    param.out->set_lod(x.lod());
    const cl_mem in = MemOf(x);
    const cl_mem out = MutableDefaultImage(param.out, To);
    const ImageSize size = DefaultImageSize(x.dims());
    SetArgs(&kernel_, in, out);
    Enqueue(kernel_, cl::NDRange(size.width, size.height), "calib (image)");
  }

 private:
  cl::Kernel kernel_;
};

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

using CalibBufferToFp16 =
    paddle::lite::kernels::opencl::CalibBuffer<PRECISION(kFloat), PRECISION(kFP16)>;
using CalibBufferToFp32 =
    paddle::lite::kernels::opencl::CalibBuffer<PRECISION(kFP16), PRECISION(kFloat)>;
using CalibImageToFp16 = paddle::lite::kernels::opencl::CalibImage<PRECISION(kFP16)>;
using CalibImageToFp32 = paddle::lite::kernels::opencl::CalibImage<PRECISION(kFloat)>;

REGISTER_LITE_KERNELS((calib, calib_once), kOpenCL, kFP16, kNCHW, CalibBufferToFp16, fp32_to_fp16)
    .BindInput("Input", {PLITE_CL_TY(kFloat, kNCHW)})
    .BindOutput("Out", {PLITE_CL_TY(kFP16, kNCHW)})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
REGISTER_LITE_KERNELS((calib, calib_once), kOpenCL, kFloat, kNCHW, CalibBufferToFp32, fp16_to_fp32)
    .BindInput("Input", {PLITE_CL_TY(kFP16, kNCHW)})
    .BindOutput("Out", {PLITE_CL_TY(kFloat, kNCHW)})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
REGISTER_LITE_KERNELS((calib, calib_once), kOpenCL, kFP16, kImageDefault, CalibImageToFp16, fp32_to_fp16)
    .BindInput("Input", {PLITE_CL_TY(kFloat, kImageDefault)})
    .BindOutput("Out", {PLITE_CL_TY(kFP16, kImageDefault)})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
REGISTER_LITE_KERNELS((calib, calib_once), kOpenCL, kFloat, kImageDefault, CalibImageToFp32, fp16_to_fp32)
    .BindInput("Input", {PLITE_CL_TY(kFP16, kImageDefault)})
    .BindOutput("Out", {PLITE_CL_TY(kFloat, kImageDefault)})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
