// conv2d / depthwise_conv2d and conv2d_transpose / depthwise_conv2d_transpose on
// ImageDefault images, float or half texels (conv.cl), with the bias and the fused
// activation (any kind of the descriptor) in the epilogue.
//
// conv2d takes one of three paths, by the filter and window:
//   depthwise_conv2d  groups == C == OC (multiplier 1): lane-wise, one float4 per tap;
//   conv2d_1x1        1x1, stride 1, unpadded: no window, no bounds checks;
//   conv2d            anything else: any kernel size, stride, padding (asymmetric too),
//                     dilation and groups (channel counts need not be multiples of 4).
// The last two read 4 output x 4 input channels of the filter per input texel
// (conv_filter_pack.h). conv2d_transpose gathers with the same filter layout.
//
// Filter and Bias are bound as host tensors and packed once, at the first run, into weight
// images (conv_filter_pack.h says why and how) stored where the device reads them best
// (PackedWeights); so the kernels apply only where both are weights (Applies), whose
// values cannot change between runs. Other convolutions stay on the CPU.
#include <array>
#include <map>
#include <string>
#include <vector>

#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/kernels/opencl/conv_filter_pack.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

// Where the kernels apply: Filter, and Bias where bound, are weights.
bool FilterAndBiasAreWeights(const KernelOpView& op) {
  return op.WeightOf("Filter") != nullptr &&
         (op.Input("Bias").empty() || op.WeightOf("Bias") != nullptr);
}

namespace {

cl_int2 Int2(int64_t x, int64_t y) {
  cl_int2 v;
  v.s[0] = static_cast<cl_int>(x);
  v.s[1] = static_cast<cl_int>(y);
  return v;
}

// The conv.cl arguments a launch shares: sizes and window as (x = width, y = height) pairs,
// and the activation.
struct LaunchArgs {
  cl_int2 in_size, out_size, kernel_size, stride, pad, dilation;
  int act;
  std::array<float, 3> p;
};

LaunchArgs ArgsOf(const operators::ConvWindowParam& window, const DDim& filter, const Nchw& in,
                  const Nchw& out, const Activation& act) {
  return {Int2(in.w, in.h),
          Int2(out.w, out.h),
          Int2(filter[3], filter[2]),
          Int2(window.strides[1], window.strides[0]),
          Int2(window.paddings[2], window.paddings[0]),  // left, top
          Int2(window.dilations[1], window.dilations[0]),
          static_cast<int>(act.kind),
          ActivationArgs(act)};
}

// A conv.cl kernel, launched over the output image in work-groups of 16 x 4 texels (the
// global size rounded up; the kernels return past the image). Why fixed: PoCL (the CPU
// device) compiles a kernel once per work-group size, which the driver otherwise picks from
// each global size, and 16 x 4 neighbouring texels (mostly one channel block's row) share
// input texels on GPUs. A kernel that cannot run 64 work items per group gets the driver's
// pick.
struct ConvKernel {
  static constexpr size_t kLocalX = 16, kLocalY = 4;
  cl::Kernel kernel;
  bool fixed_group{false};  // whether it runs kLocalX x kLocalY work items per group

  // Runs the kernel over `size` texels of the output image.
  void Run(const ImageSize& size, const std::string& who) const {
    if (!fixed_group) {
      Enqueue(kernel, cl::NDRange(size.width, size.height), who);
      return;
    }
    const cl::NDRange global((size.width + kLocalX - 1) / kLocalX * kLocalX,
                             (size.height + kLocalY - 1) / kLocalY * kLocalY);
    lite::opencl::CheckCl(ClRuntime::Get().queue().enqueueNDRangeKernel(
                              kernel, cl::NullRange, global, cl::NDRange(kLocalX, kLocalY)),
                          "running " + who);
  }
};

// conv.cl's kernels for weights stored like `weights`, each built at its first use.
class ConvKernels {
 public:
  ConvKernel& Get(const std::string& name, const PackedWeights& weights) {
    auto it = kernels_.find(name);
    if (it == kernels_.end()) {
      ConvKernel k;
      k.kernel = ClRuntime::Get().CreateKernel("conv.cl", name, weights.BuildOptions());
      const size_t most =
          k.kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(ClRuntime::Get().device());
      k.fixed_group = most >= ConvKernel::kLocalX * ConvKernel::kLocalY;
      it = kernels_.emplace(name, k).first;
    }
    return it->second;
  }

 private:
  std::map<std::string, ConvKernel> kernels_;
};

}  // namespace

template <PrecisionType P>
class ConvImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override {
    const auto& param = this->template Param<operators::ConvParam>();
    const std::string who = this->op_type() + " (OpenCL)";
    const DDim& w = param.filter->dims();
    PLITE_CHECK(w.size() == 4, who, ": Filter must be 4-D, got ", w);
    out_c_ = static_cast<int>(w[0]);
    in_c_ = static_cast<int>(w[1] * param.groups);
    depthwise_ = w[1] == 1 && w[0] == param.groups;
    const bool images = WeightsInImages();
    if (depthwise_) {
      filter_ = PackedWeights(PackDepthwiseFilter(*param.filter, who), w[2] * w[3],
                              (out_c_ + 3) / 4, P, images, who);
    } else {
      const BlockFilter f = PackConvFilter(*param.filter, param.groups, who);
      filter_ = PackedWeights(f.weights, f.width(), f.height(), P, images, who);
      ranges_ = UploadVector(f.ranges, who);
    }
    bias_ = PackedWeights(PackBias(param.bias, out_c_, who), (out_c_ + 3) / 4, 1, P, images, who);
  }

  void Run() override {
    const auto& param = this->template Param<operators::ConvParam>();
    const Nchw in = NchwOf(param.x->dims()), out = NchwOf(param.output->dims());
    PLITE_CHECK(in.c == in_c_ && out.c == out_c_, this->op_type(), " (OpenCL): Input ",
                param.x->dims(), " and Output ", param.output->dims(), " do not fit the Filter ",
                param.filter->dims(), " with groups=", param.groups);
    const cl_mem x = MemOf(*param.x);
    const cl_mem y = MutableDefaultImage(param.output, P);
    const DDim& w = param.filter->dims();
    const LaunchArgs a = ArgsOf(param, w, in, out, param.act);
    const bool pointwise = w[2] == 1 && w[3] == 1 && param.strides[0] == 1 &&
                           param.strides[1] == 1 && param.paddings == std::vector<int>{0, 0, 0, 0};
    ConvKernel* k = nullptr;
    if (depthwise_) {
      k = &kernels_.Get("depthwise_conv2d", filter_);
      SetArgs(&k->kernel, x, filter_.mem(), bias_.mem(), y, a.in_size, a.out_size, a.kernel_size,
              a.stride, a.pad, a.dilation, filter_.width(), a.act, a.p[0], a.p[1], a.p[2]);
    } else if (pointwise) {
      k = &kernels_.Get("conv2d_1x1", filter_);
      SetArgs(&k->kernel, x, filter_.mem(), ranges_(), bias_.mem(), y, in.w, filter_.width(), a.act,
              a.p[0], a.p[1], a.p[2]);
    } else {
      k = &kernels_.Get("conv2d", filter_);
      SetArgs(&k->kernel, x, filter_.mem(), ranges_(), bias_.mem(), y, a.in_size, a.out_size,
              a.kernel_size, a.stride, a.pad, a.dilation, filter_.width(), a.act, a.p[0], a.p[1],
              a.p[2]);
    }
    k->Run(DefaultImageSize(param.output->dims()), this->op_type());
  }

 private:
  int in_c_{0}, out_c_{0};
  bool depthwise_{false};
  PackedWeights filter_, bias_;
  cl::Buffer ranges_;
  ConvKernels kernels_;
};

template <PrecisionType P>
class ConvTransposeImage
    : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override {
    const auto& param = this->template Param<operators::ConvTransposeParam>();
    const std::string who = this->op_type() + " (OpenCL)";
    const DDim& w = param.filter->dims();
    PLITE_CHECK(w.size() == 4, who, ": Filter must be 4-D, got ", w);
    in_c_ = static_cast<int>(w[0]);
    out_c_ = static_cast<int>(w[1] * param.groups);
    const bool images = WeightsInImages();
    const BlockFilter f = PackConvTransposeFilter(*param.filter, param.groups, who);
    filter_ = PackedWeights(f.weights, f.width(), f.height(), P, images, who);
    ranges_ = UploadVector(f.ranges, who);
    bias_ = PackedWeights(PackBias(param.bias, out_c_, who), (out_c_ + 3) / 4, 1, P, images, who);
  }

  void Run() override {
    const auto& param = this->template Param<operators::ConvTransposeParam>();
    const Nchw in = NchwOf(param.x->dims()), out = NchwOf(param.output->dims());
    PLITE_CHECK(in.c == in_c_ && out.c == out_c_, this->op_type(), " (OpenCL): Input ",
                param.x->dims(), " and Output ", param.output->dims(), " do not fit the Filter ",
                param.filter->dims(), " with groups=", param.groups);
    const cl_mem x = MemOf(*param.x);
    const cl_mem y = MutableDefaultImage(param.output, P);
    const LaunchArgs a = ArgsOf(param, param.filter->dims(), in, out, param.act);
    ConvKernel& k = kernels_.Get("conv2d_transpose", filter_);
    SetArgs(&k.kernel, x, filter_.mem(), ranges_(), bias_.mem(), y, a.in_size, a.out_size,
            a.kernel_size, a.stride, a.pad, a.dilation, filter_.width(), a.act, a.p[0], a.p[1],
            a.p[2]);
    k.Run(DefaultImageSize(param.output->dims()), this->op_type());
  }

 private:
  int in_c_{0}, out_c_{0};
  PackedWeights filter_, bias_;
  cl::Buffer ranges_;
  ConvKernels kernels_;
};

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_HOST_TY paddle::lite::GetTensorTy(TARGET(kHost))
#define PLITE_CL_WEIGHTS paddle::lite::kernels::opencl::FilterAndBiasAreWeights

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((conv2d, depthwise_conv2d), kOpenCL, kImageDefault, paddle::lite::kernels::opencl::ConvImage, image)
    .BindInput("Input", {PLITE_CL_IMAGE})
    .BindInput("Filter", {PLITE_HOST_TY})
    .BindInput("Bias", {PLITE_HOST_TY})
    .BindOutput("Output", {PLITE_CL_IMAGE})
    .RequireDevice(PLITE_CL_DEVICE)
    .Applies(PLITE_CL_WEIGHTS)
    .Finalize();
REGISTER_LITE_KERNELS_FLOAT_AND_FP16((conv2d_transpose, depthwise_conv2d_transpose), kOpenCL, kImageDefault, paddle::lite::kernels::opencl::ConvTransposeImage, image)
    .BindInput("Input", {PLITE_CL_IMAGE})
    .BindInput("Filter", {PLITE_HOST_TY})
    .BindInput("Bias", {PLITE_HOST_TY})
    .BindOutput("Output", {PLITE_CL_IMAGE})
    .RequireDevice(PLITE_CL_DEVICE)
    .Applies(PLITE_CL_WEIGHTS)
    .BindPaddleOpVersion("conv2d_transpose", 2)
    .Finalize();
