// io_copy / io_copy_once between host memory and OpenCL buffers: the bytes as they are
// (any precision), dims, LoD and tags kept. Planar layouts only: an image is first
// reordered into a buffer by a layout kernel (the cast passes plan that).
#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

using lite::opencl::CheckCl;

namespace {

void CopyTags(const Tensor& from, Tensor* to) {
  to->Resize(from.dims());
  to->set_lod(from.lod());
  to->set_layout(from.layout());
}

}  // namespace

class IoCopyHostToOpenCl
    : public KernelLite<TargetType::kOpenCL, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::TypeCastParam>();
    const Tensor& x = *param.x;
    CopyTags(x, param.out);
    const size_t bytes = x.memory_size();
    const void* src = x.raw_data();
    void* mem = param.out->mutable_data(TargetType::kOpenCL, bytes);
    param.out->set_precision(x.precision());
    if (bytes == 0) return;
    CheckCl(clEnqueueWriteBuffer(ClRuntime::Get().queue()(), static_cast<cl_mem>(mem), CL_TRUE, 0,
                                 bytes, src, 0, nullptr, nullptr),
            "io_copy: writing " + std::to_string(bytes) + " bytes to the device");
  }
};

class IoCopyOpenClToHost
    : public KernelLite<TargetType::kOpenCL, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::TypeCastParam>();
    const Tensor& x = *param.x;
    CopyTags(x, param.out);
    const size_t bytes = x.memory_size();
    void* dst = param.out->mutable_data(TargetType::kHost, bytes);
    param.out->set_precision(x.precision());
    if (bytes == 0) return;
    CheckCl(clEnqueueReadBuffer(ClRuntime::Get().queue()(), MemOf(x), CL_TRUE, 0, bytes, dst, 0,
                                nullptr, nullptr),
            "io_copy: reading " + std::to_string(bytes) + " bytes from the device");
  }
};

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_HOST_TY paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kNCHW))

REGISTER_LITE_KERNELS((io_copy, io_copy_once), kOpenCL, kAny, kAny, paddle::lite::kernels::opencl::IoCopyHostToOpenCl, host_to_device)
    .BindInput("Input", {PLITE_HOST_TY})
    .BindOutput("Out", {PLITE_CL_TY(kAny, kNCHW)})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
REGISTER_LITE_KERNELS((io_copy, io_copy_once), kOpenCL, kAny, kAny, paddle::lite::kernels::opencl::IoCopyOpenClToHost, device_to_host)
    .BindInput("Input", {PLITE_CL_TY(kAny, kNCHW)})
    .BindOutput("Out", {PLITE_HOST_TY})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
