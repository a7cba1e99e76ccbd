// matmul / matmul_v2 on ImageDefault images (matmul.cl): the shapes, transposes and batch
// broadcast resolved on the host (ComputeMatMulGeometry, as the host kernel), each batch
// element's offset into X and Y uploaded whenever the shapes change; Y read as an image
// too, a weight moved there once by the optimizer's casts.
#include <vector>

#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/matmul_op.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

namespace {

// Every known dims of the op's X, Y and Out fit an image (rank 4 or less).
bool MatMulFitsImages(const KernelOpView& op) {
  for (const std::string& var : {op.Input("X"), op.Input("Y"), op.Output("Out")}) {
    if (op.Dims(var).size() > 4) return false;
  }
  return true;
}

}  // namespace

template <PrecisionType P>
class MatMulImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override { kernel_ = ClRuntime::Get().CreateKernel("matmul.cl", "matmul"); }
  void Run() override {
    auto& param = this->template Param<operators::MatMulParam>();
    const DDim& xd = param.x->dims();
    const DDim& yd = param.y->dims();
    if (xd != x_dims_ || yd != y_dims_) Plan(param);
    const cl_mem out = MutableDefaultImage(param.out, P);
    const cl_int trans_x = geometry_.transpose_x, trans_y = geometry_.transpose_y;
    SetArgs(&kernel_, MemOf(*param.x), MemOf(*param.y), out, NchwArg(xd), NchwArg(yd),
            NchwArg(param.out->dims()), x_off_(), y_off_(), static_cast<int>(geometry_.m),
            static_cast<int>(geometry_.n), static_cast<int>(geometry_.k), trans_x, trans_y,
            param.alpha);
    const ImageSize size = DefaultImageSize(param.out->dims());
    Enqueue(kernel_, cl::NDRange(size.width, size.height), this->op_type());
  }

 private:
  void Plan(const operators::MatMulParam& param) {
    x_dims_ = param.x->dims();
    y_dims_ = param.y->dims();
    geometry_ = operators::ComputeMatMulGeometry(this->op_type(), x_dims_, y_dims_,
                                                 param.transpose_x, param.transpose_y);
    const operators::MatMulGeometry& g = geometry_;
    int64_t count = 1;
    for (int64_t d : g.batch) count *= d;
    std::vector<int32_t> x_off(count), y_off(count);
    for (int64_t b = 0; b < count; ++b) {
      x_off[b] =
          static_cast<int32_t>(operators::MatMulBatchOffset(b, g.batch, g.x_batch) * g.m * g.k);
      y_off[b] =
          static_cast<int32_t>(operators::MatMulBatchOffset(b, g.batch, g.y_batch) * g.k * g.n);
    }
    x_off_ = UploadVector(x_off, this->op_type());
    y_off_ = UploadVector(y_off, this->op_type());
  }

  cl::Kernel kernel_;
  DDim x_dims_, y_dims_;  // the shapes the plan is for
  operators::MatMulGeometry geometry_;
  cl::Buffer x_off_, y_off_;  // each batch element's first element in X and in Y
};

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((matmul, matmul_v2), kOpenCL, kImageDefault, paddle::lite::kernels::opencl::MatMulImage, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindInput("Y", {PLITE_CL_IMAGE})
    .BindOutput("Out", {PLITE_CL_IMAGE})
    .Applies(paddle::lite::kernels::opencl::MatMulFitsImages)
    .RequireDevice(PLITE_CL_DEVICE)
    .Finalize();
