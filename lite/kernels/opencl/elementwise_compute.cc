// elementwise_add/sub/mul/div/max/min/pow on ImageDefault images, float or half texels
// (elementwise.cl): Out = act(X op Y) with Paddle's broadcasting (axis, Y of lower rank, X
// and Y both broadcasting) and the fused activation the elementwise_activation_fuse_pass
// sets. X and Y of the same dims go texel by texel; otherwise each operand that does not
// have the output's dims is read lane by lane at its broadcast index. Y may be a weight:
// the optimizer's casts (io_copy_once, layout_once) make it an image once.
// floordiv and mod stay on the CPU (their rounding at integer quotients does not survive
// half storage).
#include <cstring>
#include <string>
#include <vector>

#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/operators/broadcast_shape.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

namespace {

// elementwise.cl's EW_* code of an op type; -1 for one it does not compute.
int OpCode(const std::string& type) {
  static const char* const kTypes[] = {"elementwise_add", "elementwise_sub", "elementwise_mul",
                                       "elementwise_div", "elementwise_max", "elementwise_min",
                                       "elementwise_pow"};
  for (int i = 0; i < 7; ++i) {
    if (type == kTypes[i]) return i;
  }
  return -1;
}

// dims padded with leading 1s to rank 4.
std::array<int64_t, 4> To4d(const std::vector<int64_t>& dims) {
  std::array<int64_t, 4> d{1, 1, 1, 1};
  for (size_t i = 0; i < dims.size(); ++i) d[4 - dims.size() + i] = dims[i];
  return d;
}

// Row-major strides of `dims` (rank 4), 0 along its 1-dims: the operand's linear index of
// an output element.
cl_int4 BroadcastStrides(const std::array<int64_t, 4>& dims) {
  cl_int4 strides;
  int64_t stride = 1;
  for (int i = 3; i >= 0; --i) {
    strides.s[i] = dims[i] == 1 ? 0 : static_cast<cl_int>(stride);
    stride *= dims[i];
  }
  return strides;
}

}  // namespace

template <PrecisionType P>
class ElementwiseImage : public KernelLite<TargetType::kOpenCL, P, DataLayoutType::kImageDefault> {
 public:
  void PrepareForRun() override {
    op_ = OpCode(this->op_type());
    PLITE_CHECK(op_ >= 0, "OpenCL elementwise kernel: op type '", this->op_type(),
                "' is not supported");
    same_ = ClRuntime::Get().CreateKernel("elementwise.cl", "elementwise_same");
    broadcast_ = ClRuntime::Get().CreateKernel("elementwise.cl", "elementwise_broadcast");
  }

  void Run() override {
    auto& param = this->template Param<operators::ElementwiseParam>();
    const std::string& type = this->op_type();
    const DDim& x_dims = param.x->dims();
    const DDim& y_dims = param.y->dims();
    const operators::BroadcastShape shape =
        operators::ElementwiseBroadcast(x_dims, y_dims, param.axis, type);
    PLITE_CHECK(shape.out_dims.size() <= 4, type, " on OpenCL: X", x_dims, " and Y", y_dims,
                " broadcast to rank ", shape.out_dims.size(),
                "; OpenCL images hold tensors of rank 4 or less");
    const DDim& out_dims = param.out->dims();
    const Nchw o = NchwOf(out_dims);
    const cl_mem x = MemOf(*param.x), y = MemOf(*param.y);
    const cl_mem out = MutableDefaultImage(param.out, P);
    const ImageSize size = DefaultImageSize(out_dims);
    const std::array<float, 3> p = ActivationArgs(param.act);
    const int act = static_cast<int>(param.act.kind);
    if (x_dims == y_dims) {
      SetArgs(&same_, x, y, out, op_, o.c, o.w, act, p[0], p[1], p[2]);
      Enqueue(same_, cl::NDRange(size.width, size.height), type);
      return;
    }
    const int x_full = x_dims == out_dims, y_full = y_dims == out_dims;
    SetArgs(&broadcast_, x, y, out, op_, NchwArg(out_dims), x_full,
            BroadcastStrides(To4d(shape.x_dims)), NchwArg(x_dims), y_full,
            BroadcastStrides(To4d(shape.y_dims)), NchwArg(y_dims), act, p[0], p[1], p[2]);
    Enqueue(broadcast_, cl::NDRange(size.width, size.height), type);
  }

 private:
  int op_{-1};
  cl::Kernel same_, broadcast_;
};

// Where the kernel applies: operands whose known dims fit an image (rank 4 or less).
bool ElementwiseFitsImages(const KernelOpView& op) {
  for (const std::string& var : {op.Input("X"), op.Input("Y"), op.Output("Out")}) {
    if (op.Dims(var).size() > 4) return false;
  }
  return true;
}

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div, elementwise_max, elementwise_min, elementwise_pow), kOpenCL, kImageDefault, paddle::lite::kernels::opencl::ElementwiseImage, image)
    .BindInput("X", {PLITE_CL_IMAGE})
    .BindInput("Y", {PLITE_CL_IMAGE})
    .BindOutput("Out", {PLITE_CL_IMAGE})
    .RequireDevice(PLITE_CL_DEVICE)
    .Applies(paddle::lite::kernels::opencl::ElementwiseFitsImages)
    .Finalize();
