// Reshape, flatten, squeeze, unsqueeze and transpose on ImageDefault images (reshape.cl):
// the values stay on the device (a CPU reshape between GPU ops would cost two round trips
// through host memory). Each output element is gathered from its input element; the output
// dims are the op's (InferShape), ranks up to 4.
#include <vector>

#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

namespace {

// Out's rank, where the attributes give it, fits an image (4 or less; the kernel picker
// checks the declared dims): reshape's shape (unless a tensor gives it at run time) and
// transpose's axis.
bool FitsImages(const KernelOpView& op) {
  const cpp::OpDesc& d = op.desc();
  const bool shape_from_tensor = d.HasInput("Shape") || d.HasInput("ShapeTensor");
  if (d.HasAttr("shape") && !shape_from_tensor &&
      d.GetAttr<std::vector<int32_t>>("shape").size() > 4) {
    return false;
  }
  return !d.HasAttr("axis") || d.GetAttrType("axis") != cpp::AttrType::INTS ||
         d.GetAttr<std::vector<int32_t>>("axis").size() <= 4;
}

}  // namespace

// Param: any of the reshape family's (x, output).
template <PrecisionType P, typename Param>
class ReshapeImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override {
    kernel_ = ClRuntime::Get().CreateKernel("reshape.cl", "reshape");
  }
  void Run() override {
    auto& param = this->template Param<Param>();
    const cl_mem in = MemOf(*param.x);
    const cl_mem out = MutableDefaultImage(param.output, P);
    SetArgs(&kernel_, in, out, NchwArg(param.x->dims()), NchwArg(param.output->dims()));
    const ImageSize size = DefaultImageSize(param.output->dims());
    Enqueue(kernel_, cl::NDRange(size.width, size.height), this->op_type());
  }

 private:
  cl::Kernel kernel_;
};

template <PrecisionType P>
class TransposeImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override {
    kernel_ = ClRuntime::Get().CreateKernel("reshape.cl", "transpose");
  }
  void Run() override {
    auto& param = this->template Param<operators::TransposeParam>();
    const size_t rank = param.x->dims().size();
    PLITE_CHECK(param.axis.size() == rank && rank <= 4, this->op_type(), ": axis of ",
                param.axis.size(), " entries for an input of rank ", rank,
                " (OpenCL images hold rank 4 or less)");
    // The permutation of the right-aligned 4-D dims: leading axes stay.
    const int lead = static_cast<int>(4 - rank);
    int perm[4] = {0, 1, 2, 3};
    for (size_t k = 0; k < rank; ++k) perm[lead + k] = lead + param.axis[k];
    const cl_int4 p = {{perm[0], perm[1], perm[2], perm[3]}};
    const cl_mem in = MemOf(*param.x);
    const cl_mem out = MutableDefaultImage(param.output, P);
    SetArgs(&kernel_, in, out, NchwArg(param.x->dims()), NchwArg(param.output->dims()), p);
    const ImageSize size = DefaultImageSize(param.output->dims());
    Enqueue(kernel_, cl::NDRange(size.width, size.height), this->op_type());
  }

 private:
  cl::Kernel kernel_;
};

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_HOST_ANY paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))
#define PLITE_FITS paddle::lite::kernels::opencl::FitsImages

namespace cl_reshape {
using paddle::lite::operators::FlattenParam;
using paddle::lite::operators::ReshapeParam;
using paddle::lite::operators::SqueezeParam;
using paddle::lite::operators::UnsqueezeParam;
template <paddle::lite_api::PrecisionType P>
using Reshape = paddle::lite::kernels::opencl::ReshapeImage<P, ReshapeParam>;
template <paddle::lite_api::PrecisionType P>
using Flatten = paddle::lite::kernels::opencl::ReshapeImage<P, FlattenParam>;
template <paddle::lite_api::PrecisionType P>
using Squeeze = paddle::lite::kernels::opencl::ReshapeImage<P, SqueezeParam>;
template <paddle::lite_api::PrecisionType P>
using Unsqueeze = paddle::lite::kernels::opencl::ReshapeImage<P, UnsqueezeParam>;
using paddle::lite::kernels::opencl::TransposeImage;
}  // namespace cl_reshape

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((reshape, reshape2), kOpenCL, kImageDefault, cl_reshape::Reshape, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindInput("Shape", {PLITE_HOST_ANY})
    .BindInput("ShapeTensor", {PLITE_HOST_ANY})
    .BindOutput("Out", {PLITE_CL_IMAGE})
    .BindOutput("XShape", {PLITE_HOST_ANY})
    .Applies(PLITE_FITS)
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
REGISTER_LITE_KERNELS_FLOAT_AND_FP16((flatten, flatten2, flatten_contiguous_range), kOpenCL, kImageDefault, cl_reshape::Flatten, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindOutput("Out", {PLITE_CL_IMAGE})
    .BindOutput("XShape", {PLITE_HOST_ANY})
    .Applies(PLITE_FITS)
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
REGISTER_LITE_KERNELS_FLOAT_AND_FP16((squeeze, squeeze2), kOpenCL, kImageDefault, cl_reshape::Squeeze, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindOutput("Out", {PLITE_CL_IMAGE})
    .BindOutput("XShape", {PLITE_HOST_ANY})
    .Applies(PLITE_FITS)
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
REGISTER_LITE_KERNELS_FLOAT_AND_FP16((unsqueeze, unsqueeze2), kOpenCL, kImageDefault, cl_reshape::Unsqueeze, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindInput("AxesTensor", {PLITE_HOST_ANY})
    .BindInput("AxesTensorList", {PLITE_HOST_ANY})
    .BindOutput("Out", {PLITE_CL_IMAGE})
    .BindOutput("XShape", {PLITE_HOST_ANY})
    .Applies(PLITE_FITS)
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
REGISTER_LITE_KERNELS_FLOAT_AND_FP16((transpose, transpose2), kOpenCL, kImageDefault, cl_reshape::TransposeImage, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindOutput("Out", {PLITE_CL_IMAGE})
    .BindOutput("XShape", {PLITE_HOST_ANY})
    .Applies(PLITE_FITS)
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
