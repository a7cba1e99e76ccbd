// softmax on ImageDefault images, float or half texels (softmax.cl), along any axis of a
// tensor of rank 4 or less. The axis is placed in the right-aligned 4-D view (a [N, K]
// softmax on axis -1 runs along W): along C a work item normalizes one pixel's channels;
// along N, H or W the four lanes of a texel are four rows, walked together.
#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

template <PrecisionType P>
class SoftmaxImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override {
    lanes_ = ClRuntime::Get().CreateKernel("softmax.cl", "softmax_lanes");
    channels_ = ClRuntime::Get().CreateKernel("softmax.cl", "softmax_channels");
  }

  void Run() override {
    auto& param = this->template Param<operators::SoftmaxParam>();
    const DDim& dims = param.x->dims();
    const int rank = static_cast<int>(dims.size());
    PLITE_CHECK(rank >= 1 && rank <= 4, "softmax on OpenCL: X", dims, " has rank ", rank,
                " (OpenCL images hold rank 1 to 4)");
    const int axis = (param.axis < 0 ? param.axis + rank : param.axis) + 4 - rank;
    const Nchw s = NchwOf(dims);
    const cl_mem x = MemOf(*param.x);
    const cl_mem out = MutableDefaultImage(param.output, P);
    const size_t blocks = static_cast<size_t>((s.c + 3) / 4);
    if (axis == 1) {
      SetArgs(&channels_, x, out, s.c, s.w);
      Enqueue(channels_, cl::NDRange(s.w, static_cast<size_t>(s.n) * s.h), "softmax");
      return;
    }
    // A work item's first texel is its id times start_scale; it walks `count` by `step`.
    cl_int2 start_scale{{1, 1}}, step{{0, 0}};
    cl::NDRange global;
    int count;
    if (axis == 0) {
      step.s[1] = s.h, count = s.n;
      global = cl::NDRange(blocks * s.w, s.h);
    } else if (axis == 2) {
      start_scale.s[1] = s.h, step.s[1] = 1, count = s.h;
      global = cl::NDRange(blocks * s.w, s.n);
    } else {
      start_scale.s[0] = s.w, step.s[0] = 1, count = s.w;
      global = cl::NDRange(blocks, static_cast<size_t>(s.n) * s.h);
    }
    SetArgs(&lanes_, x, out, start_scale, step, count, s.c, s.w);
    Enqueue(lanes_, global, "softmax");
  }

 private:
  cl::Kernel lanes_, channels_;
};

// Where the kernel applies: an X whose known dims fit an image (rank 4 or less).
bool SoftmaxFitsImages(const KernelOpView& op) { return op.Dims(op.Input("X")).size() <= 4; }

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((softmax), kOpenCL, kImageDefault, paddle::lite::kernels::opencl::SoftmaxImage, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindOutput("Out", {PLITE_CL_IMAGE})
    .RequireDevice(PLITE_CL_DEVICE)
    .Applies(paddle::lite::kernels::opencl::SoftmaxFitsImages)
    .Finalize();
