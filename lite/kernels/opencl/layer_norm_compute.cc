// layer_norm on ImageDefault images (layer_norm.cl): the row statistics first (one work item
// per row, two passes as the host kernel), then the normalized output. Mean and Variance,
// when the op has them, are float device buffers the optimizer copies out where they are
// read; Scale and Bias float buffers (io_copy_once).
#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

template <PrecisionType P>
class LayerNormImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override {
    stats_ = ClRuntime::Get().CreateKernel("layer_norm.cl", "layer_norm_stats");
    normalize_ = ClRuntime::Get().CreateKernel("layer_norm.cl", "layer_norm");
  }
  void Run() override {
    auto& param = this->template Param<operators::LayerNormParam>();
    const DDim& dims = param.x->dims();
    const int64_t rows = dims.count(0, param.begin_norm_axis);
    const int inner = static_cast<int>(dims.count(param.begin_norm_axis, dims.size()));
    const cl_int4 d4 = NchwArg(dims);
    const cl_mem mean = RowBuffer(param.mean, &mean_, rows);
    const cl_mem variance = RowBuffer(param.variance, &variance_, rows);
    const cl_mem in = MemOf(*param.x);
    if (rows > 0) {
      SetArgs(&stats_, in, d4, inner, mean, variance);
      Enqueue(stats_, cl::NDRange(static_cast<size_t>(rows)), "layer_norm (statistics)");
    }
    const cl_mem out = MutableDefaultImage(param.y, P);
    const cl_int has_scale = param.scale != nullptr, has_bias = param.bias != nullptr;
    // An absent scale or bias is never read; any buffer stands in for the argument.
    const cl_mem scale = has_scale ? MemOf(*param.scale) : mean;
    const cl_mem bias = has_bias ? MemOf(*param.bias) : mean;
    SetArgs(&normalize_, in, out, d4, inner, mean, variance, scale, bias, has_scale, has_bias,
            param.epsilon);
    const ImageSize size = DefaultImageSize(dims);
    Enqueue(normalize_, cl::NDRange(size.width, size.height), "layer_norm");
  }

 private:
  // `rows` floats on the device: the op's output where it has one, else `scratch`.
  static cl_mem RowBuffer(Tensor* output, Tensor* scratch, int64_t rows) {
    Tensor* t = output ? output : scratch;
    if (!output) t->Resize({rows});
    return static_cast<cl_mem>(
        t->mutable_data(TargetType::kOpenCL, PrecisionType::kFloat, sizeof(float)));
  }

  cl::Kernel stats_, normalize_;
  Tensor mean_, variance_;  // the statistics when the op does not output them
};

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((layer_norm), kOpenCL, kImageDefault, paddle::lite::kernels::opencl::LayerNormImage, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindInput("Scale", {PLITE_CL_TY(kFloat, kNCHW)})
    .BindInput("Bias", {PLITE_CL_TY(kFloat, kNCHW)})
    .BindOutput("Y", {PLITE_CL_IMAGE})
    .BindOutput("Mean", {PLITE_CL_TY(kFloat, kNCHW)})
    .BindOutput("Variance", {PLITE_CL_TY(kFloat, kNCHW)})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
