// batch_norm (inference) on ImageDefault images, float or half texels (batch_norm.cl):
// y = (x - mean) * scale / sqrt(var + eps) + bias per channel, for X of rank 2 to 4.
// Scale / Bias / Mean / Variance are read on the host (they are weights): the per-channel
// mean, gain and bias are computed there as the host kernel computes them and uploaded
// once, or at every run where one of them is not a weight. Only Y is written; the training
// outputs (MeanOut, VarianceOut, SavedMean, SavedVariance) are declared host tensors, as
// the host kernel declares them, so that nothing casts an image that is never written.
#include <cmath>
#include <vector>

#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

template <PrecisionType P>
class BatchNormImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override {
    kernel_ = ClRuntime::Get().CreateKernel("batch_norm.cl", "batch_norm");
  }

  void Run() override {
    auto& param = this->template Param<operators::BatchNormParam>();
    const DDim& dims = param.x->dims();
    PLITE_CHECK(dims.size() >= 2 && dims.size() <= 4, "batch_norm on OpenCL: X must have 2 to 4 ",
                "dims (OpenCL images hold rank 4 or less), got ", dims);
    const bool weights = param.scale->persistable() && param.bias->persistable() &&
                         param.mean->persistable() && param.variance->persistable();
    if (!uploaded_ || !weights) Upload(param);
    const Nchw s = NchwOf(dims);
    const int channel_axis = 5 - static_cast<int>(dims.size());  // dim 1, right-aligned
    const cl_mem x = MemOf(*param.x);
    const cl_mem y = MutableDefaultImage(param.y, P);
    const ImageSize size = DefaultImageSize(dims);
    SetArgs(&kernel_, x, y, params_(), stride_, channel_axis, s.c, s.h, s.w);
    Enqueue(kernel_, cl::NDRange(size.width, size.height), "batch_norm");
  }

 private:
  // mean, gain and bias, each padded with zeros to whole texels (4 floats).
  void Upload(const operators::BatchNormParam& param) {
    const int64_t channels = param.x->dims()[1];
    stride_ = static_cast<int>((channels + 3) / 4 * 4);
    std::vector<float> host(3 * static_cast<size_t>(stride_), 0.f);
    const float* scale = param.scale->data<float>();
    const float* bias = param.bias->data<float>();
    const float* mean = param.mean->data<float>();
    const float* variance = param.variance->data<float>();
    for (int64_t c = 0; c < channels; ++c) {
      host[c] = mean[c];
      host[stride_ + c] = scale[c] / std::sqrt(variance[c] + param.epsilon);
      host[2 * stride_ + c] = bias[c];
    }
    params_ = UploadVector(host, "batch_norm");
    uploaded_ = true;
  }

  cl::Kernel kernel_;
  cl::Buffer params_;
  int stride_{0};
  bool uploaded_{false};
};

// Where the kernel applies: an X whose known dims fit an image (rank 4 or less).
bool BatchNormFitsImages(const KernelOpView& op) { return op.Dims(op.Input("X")).size() <= 4; }

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_CL_HOST_TY paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((batch_norm), kOpenCL, kImageDefault, paddle::lite::kernels::opencl::BatchNormImage, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindInput("Scale", {PLITE_CL_HOST_TY})
    .BindInput("Bias", {PLITE_CL_HOST_TY})
    .BindInput("Mean", {PLITE_CL_HOST_TY})
    .BindInput("Variance", {PLITE_CL_HOST_TY})
    .BindOutput("Y", {PLITE_CL_IMAGE})
    .BindOutput("MeanOut", {PLITE_CL_HOST_TY})
    .BindOutput("VarianceOut", {PLITE_CL_HOST_TY})
    .BindOutput("SavedMean", {PLITE_CL_HOST_TY})
    .BindOutput("SavedVariance", {PLITE_CL_HOST_TY})
    .RequireDevice(PLITE_CL_DEVICE)
    .Applies(paddle::lite::kernels::opencl::BatchNormFitsImages)
    .Finalize();
