// layout / layout_once on OpenCL: NCHW buffers <-> ImageDefault images (layout.cl), float
// buffers with float images, half buffers with half images (precision stays; calib
// converts it).
#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

template <PrecisionType P>
class BufferToImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override {
    kernel_ = ClRuntime::Get().CreateKernel(
        "layout.cl", P == PrecisionType::kFP16 ? "nchw_half_to_image" : "nchw_to_image");
  }
  void Run() override {
    auto& param = this->template Param<operators::TypeCastParam>();
    const Tensor& x = *param.x;
    param.out->Resize(x.dims());
    param.out->set_lod(x.lod());
    const cl_mem in = MemOf(x);
    const cl_mem out = MutableDefaultImage(param.out, P);
    const Nchw s = NchwOf(x.dims());
    const ImageSize size = DefaultImageSize(x.dims());
    SetArgs(&kernel_, in, out, s.c, s.h, s.w);
    Enqueue(kernel_, cl::NDRange(size.width, size.height), "layout (NCHW buffer to image)");
  }

 private:
  cl::Kernel kernel_;
};

template <PrecisionType P>
class ImageToBuffer : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kNCHW> {
 public:
  void PrepareForRun() override {
    kernel_ = ClRuntime::Get().CreateKernel(
        "layout.cl", P == PrecisionType::kFP16 ? "image_to_nchw_half" : "image_to_nchw");
  }
  void Run() override {
    auto& param = this->template Param<operators::TypeCastParam>();
    const Tensor& x = *param.x;
    param.out->Resize(x.dims());
    param.out->set_lod(x.lod());
    param.out->set_layout(DataLayoutType::kNCHW);
    const size_t element = P == PrecisionType::kFP16 ? 2 : 4;
    const cl_mem in = MemOf(x);
    const cl_mem out =
        static_cast<cl_mem>(param.out->mutable_data(TargetType::kOpenCL, P, element));
    const Nchw s = NchwOf(x.dims());
    const ImageSize size = DefaultImageSize(x.dims());
    SetArgs(&kernel_, in, out, s.c, s.h, s.w);
    Enqueue(kernel_, cl::NDRange(size.width, size.height), "layout (image to NCHW buffer)");
  }

 private:
  cl::Kernel kernel_;
};

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

using BufferToImageFp32 = paddle::lite::kernels::opencl::BufferToImage<PRECISION(kFloat)>;
using BufferToImageFp16 = paddle::lite::kernels::opencl::BufferToImage<PRECISION(kFP16)>;
using ImageToBufferFp32 = paddle::lite::kernels::opencl::ImageToBuffer<PRECISION(kFloat)>;
using ImageToBufferFp16 = paddle::lite::kernels::opencl::ImageToBuffer<PRECISION(kFP16)>;

REGISTER_LITE_KERNELS((layout, layout_once), kOpenCL, kFloat, kImageDefault, BufferToImageFp32, nchw_to_image)
    .BindInput("Input", {PLITE_CL_TY(kFloat, kNCHW)})
    .BindOutput("Out", {PLITE_CL_TY(kFloat, kImageDefault)})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
REGISTER_LITE_KERNELS((layout, layout_once), kOpenCL, kFP16, kImageDefault, BufferToImageFp16, nchw_to_image)
    .BindInput("Input", {PLITE_CL_TY(kFP16, kNCHW)})
    .BindOutput("Out", {PLITE_CL_TY(kFP16, kImageDefault)})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
REGISTER_LITE_KERNELS((layout, layout_once), kOpenCL, kFloat, kNCHW, ImageToBufferFp32, image_to_nchw)
    .BindInput("Input", {PLITE_CL_TY(kFloat, kImageDefault)})
    .BindOutput("Out", {PLITE_CL_TY(kFloat, kNCHW)})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
REGISTER_LITE_KERNELS((layout, layout_once), kOpenCL, kFP16, kNCHW, ImageToBufferFp16, image_to_nchw)
    .BindInput("Input", {PLITE_CL_TY(kFP16, kImageDefault)})
    .BindOutput("Out", {PLITE_CL_TY(kFP16, kNCHW)})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
