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

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((layout, layout_once), kOpenCL, kImageDefault, paddle::lite::kernels::opencl::BufferToImage, nchw_to_image)
    .BindInput("Input", {PLITE_CL_OWN_TY(kNCHW)})
    .BindOutput("Out", {PLITE_CL_OWN_TY(kImageDefault)})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
REGISTER_LITE_KERNELS_FLOAT_AND_FP16((layout, layout_once), kOpenCL, kNCHW, paddle::lite::kernels::opencl::ImageToBuffer, image_to_nchw)
    .BindInput("Input", {PLITE_CL_OWN_TY(kImageDefault)})
    .BindOutput("Out", {PLITE_CL_OWN_TY(kNCHW)})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
