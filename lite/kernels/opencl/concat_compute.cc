// concat on ImageDefault images, float or half texels (concat.cl): any number of inputs of
// rank 4 or less, along any axis (AxisTensor, a host tensor, overrides the attribute).
// Along N, H or W every input's texels are copied to their place (concat_copy, a launch per
// input). Along C inputs share texels where channel counts are not multiples of 4, so the
// output is written texel by texel, each lane read from the input holding it
// (concat_channels, a launch per run of output channel blocks taken from at most 4 inputs).
#include <algorithm>
#include <vector>

#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/concat_op.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

template <PrecisionType P>
class ConcatImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override {
    copy_ = ClRuntime::Get().CreateKernel("concat.cl", "concat_copy");
    channels_ = ClRuntime::Get().CreateKernel("concat.cl", "concat_channels");
  }

  void Run() override {
    auto& param = this->template Param<operators::ConcatParam>();
    const DDim& out_dims = param.output->dims();
    const size_t rank = out_dims.size();
    PLITE_CHECK(rank <= 4, "concat on OpenCL: inputs of rank ", rank,
                " (OpenCL images hold rank 4 or less)");
    const int axis = operators::ResolveConcatAxis(param, rank, this->op_type()) + 4 -
                     static_cast<int>(rank);  // in the right-aligned 4-D view
    const cl_mem out = MutableDefaultImage(param.output, P);
    // Inputs with nothing along the axis have no image to read.
    std::vector<const Tensor*> inputs;
    for (const Tensor* x : param.x) {
      if (x->numel() > 0) inputs.push_back(x);
    }
    if (axis == 1) {
      ConcatChannels(inputs, out, NchwOf(out_dims));
    } else {
      CopyAlong(inputs, axis, out, NchwOf(out_dims));
    }
  }

 private:
  void CopyAlong(const std::vector<const Tensor*>& inputs, int axis, cl_mem out, const Nchw& o) {
    int offset = 0;
    for (const Tensor* x : inputs) {
      const Nchw s = NchwOf(x->dims());
      const ImageSize size = DefaultImageSize(x->dims());
      SetArgs(&copy_, MemOf(*x), out, axis, offset, s.c, s.h, s.w, o.h, o.w);
      Enqueue(copy_, cl::NDRange(size.width, size.height), "concat");
      offset += axis == 0 ? s.n : axis == 2 ? s.h : s.w;
    }
  }

  // Output channel blocks in runs whose channels come from at most 4 consecutive inputs.
  void ConcatChannels(const std::vector<const Tensor*>& inputs, cl_mem out, const Nchw& o) {
    std::vector<int> first{0};  // each input's first output channel, then C
    for (const Tensor* x : inputs) first.push_back(first.back() + NchwOf(x->dims()).c);
    // The input holding channel c.
    const auto holder = [&](int c) {
      return static_cast<int>(std::upper_bound(first.begin(), first.end(), c) - first.begin()) - 1;
    };
    const int blocks = (o.c + 3) / 4;
    for (int cb0 = 0; cb0 < blocks;) {
      const int lo = holder(4 * cb0);
      int cb1 = cb0 + 1;  // the run is [cb0, cb1)
      while (cb1 < blocks && holder(std::min(4 * cb1 + 3, o.c - 1)) - lo < 4) ++cb1;
      // Slots past the last input repeat it with no channels.
      cl_int4 slot_first{}, slot_count{};
      cl_mem images[4];
      for (int s = 0; s < 4; ++s) {
        const int i = std::min(lo + s, static_cast<int>(inputs.size()) - 1);
        images[s] = MemOf(*inputs[i]);
        slot_first.s[s] = first[i];
        slot_count.s[s] = lo + s == i ? first[i + 1] - first[i] : 0;
      }
      SetArgs(&channels_, images[0], images[1], images[2], images[3], out, slot_first, slot_count,
              cb0, o.c, o.w);
      Enqueue(channels_,
              cl::NDRange(static_cast<size_t>(cb1 - cb0) * o.w, static_cast<size_t>(o.n) * o.h),
              "concat");
      cb0 = cb1;
    }
  }

  cl::Kernel copy_, channels_;
};

// Where the kernel applies: inputs whose known dims fit an image (rank 4 or less).
bool ConcatFitsImages(const KernelOpView& op) {
  for (const std::string& var : op.desc().Input("X")) {
    if (op.Dims(var).size() > 4) return false;
  }
  return true;
}

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_CL_AXIS_TY paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((concat), kOpenCL, kImageDefault, paddle::lite::kernels::opencl::ConcatImage, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindInput("AxisTensor", {PLITE_CL_AXIS_TY})
    .BindOutput("Out", {PLITE_CL_IMAGE})
    .RequireDevice(PLITE_CL_DEVICE)
    .Applies(paddle::lite::kernels::opencl::ConcatFitsImages)
    .Finalize();
