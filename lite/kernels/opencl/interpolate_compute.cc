// nearest_interp(_v2) and bilinear_interp(_v2) on ImageDefault images (interpolate.cl). The
// output size comes from the op's plan (OutSize, SizeTensor, Scale or the attributes, read
// on the host), and the source indices and weights from the host kernel's routines, written
// to small device buffers whenever the sizes change.
#include <vector>

#include "lite/kernels/host/interp_taps.h"
#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/interpolate_op.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

template <PrecisionType P>
class InterpolateImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::InterpolateParam>();
    const Nchw in = NchwOf(param.x->dims());
    PLITE_CHECK(param.x->dims().size() == 4, this->op_type(), ": input ", param.x->dims(),
                " is not NCHW");
    const operators::InterpolatePlan plan = operators::PlanInterpolate(param, this->op_type());
    const bool nearest = param.interp_method == "nearest";
    PLITE_CHECK(nearest || param.interp_method == "bilinear", this->op_type(), ": interp_method '",
                param.interp_method, "' is not nearest or bilinear");
    const Key key{in.h, in.w, plan.out_h, plan.out_w, plan.scale_h, plan.scale_w};
    if (kernel_() == nullptr || key != key_) Plan(param, key, nearest);
    const cl_mem src = MemOf(*param.x);
    const cl_mem dst = MutableDefaultImage(param.out, P);
    if (by_index_) {
      SetArgs(&kernel_, src, dst, taps_[0](), taps_[1](), in.h, in.w, plan.out_h, plan.out_w);
    } else {
      SetArgs(&kernel_, src, dst, taps_[0](), taps_[1](), taps_[2](), taps_[3](), taps_[4](),
              taps_[5](), in.h, in.w, plan.out_h, plan.out_w);
    }
    const ImageSize size = DefaultImageSize(param.out->dims());
    Enqueue(kernel_, cl::NDRange(size.width, size.height), this->op_type());
  }

 private:
  struct Key {
    int in_h, in_w, out_h, out_w;
    float scale_h, scale_w;
    bool operator!=(const Key& o) const {
      return in_h != o.in_h || in_w != o.in_w || out_h != o.out_h || out_w != o.out_w ||
             scale_h != o.scale_h || scale_w != o.scale_w;
    }
  };

  void Plan(const operators::InterpolateParam& param, const Key& k, bool nearest) {
    using namespace host;  // NOLINT: the host kernel's tap routines
    key_ = k;
    const bool same = k.in_h == k.out_h && k.in_w == k.out_w;  // the host copies then
    const float ratio_h = InterpSourceRatio(k.in_h, k.out_h, k.scale_h, param.align_corners);
    const float ratio_w = InterpSourceRatio(k.in_w, k.out_w, k.scale_w, param.align_corners);
    by_index_ = nearest || same;
    if (by_index_) {
      kernel_ = ClRuntime::Get().CreateKernel("interpolate.cl", "interp_nearest");
      taps_[0] = UploadVector(same ? NearestIndices(k.in_h, k.out_h, 1.f, false)
                                   : NearestIndices(k.in_h, k.out_h, ratio_h, param.align_corners),
                              "interpolate");
      taps_[1] = UploadVector(same ? NearestIndices(k.in_w, k.out_w, 1.f, false)
                                   : NearestIndices(k.in_w, k.out_w, ratio_w, param.align_corners),
                              "interpolate");
      return;
    }
    kernel_ = ClRuntime::Get().CreateKernel("interpolate.cl", "interp_bilinear");
    const LinearTaps ty =
        MakeLinearTaps(k.in_h, k.out_h, ratio_h, param.align_corners, param.align_mode);
    const LinearTaps tx =
        MakeLinearTaps(k.in_w, k.out_w, ratio_w, param.align_corners, param.align_mode);
    taps_[0] = UploadVector(ty.lo, "interpolate");
    taps_[1] = UploadVector(ty.hi, "interpolate");
    taps_[2] = UploadVector(ty.w_hi, "interpolate");
    taps_[3] = UploadVector(tx.lo, "interpolate");
    taps_[4] = UploadVector(tx.hi, "interpolate");
    taps_[5] = UploadVector(tx.w_hi, "interpolate");
  }

  cl::Kernel kernel_;
  bool by_index_{true};  // the nearest kernel (also a bilinear op's same-size copy)
  Key key_{};
  cl::Buffer taps_[6];  // source indices (and weights) per axis
};

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_HOST_ANY paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((nearest_interp, nearest_interp_v2, bilinear_interp, bilinear_interp_v2), kOpenCL, kImageDefault, paddle::lite::kernels::opencl::InterpolateImage, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindInput("OutSize", {PLITE_HOST_ANY})
    .BindInput("SizeTensor", {PLITE_HOST_ANY})
    .BindInput("Scale", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Out", {PLITE_CL_IMAGE})
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
