// What the OpenCL kernels share: where a tensor's values sit in an ImageDefault image, the
// device memory a tensor holds, and launching a kernel on the runtime's queue.
//
// ImageDefault (Paddle Lite's layout): dims of rank < 4 are read as NCHW aligned to the
// right ([C, H, W] is [1, C, H, W]; [N, C] is [1, 1, N, C]); texel (x, y) holds channels
// 4*cb .. 4*cb+3 of pixel (n, h, w) with x = cb * W + w, y = n * H + h.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "lite/backends/opencl/cl_runtime.h"
#include "lite/core/op_registry.h"
#include "lite/core/tensor.h"
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

using lite::opencl::ClRuntime;

// Whether an OpenCL device is there (the OpenCL kernels' RequireDevice check).
bool HasOpenClDevice();

struct Nchw {
  int n{1}, c{1}, h{1}, w{1};
};
// dims as NCHW (aligned to the right); throws for rank > 4 or sizes past an int.
Nchw NchwOf(const DDim& dims);

// The same as an OpenCL int4 (n, c, h, w), as the kernels take dims.
cl_int4 NchwArg(const DDim& dims);

struct ImageSize {
  size_t width{0}, height{0};
};
// The ImageDefault image of dims: W * ceil(C / 4) x N * H texels.
ImageSize DefaultImageSize(const DDim& dims);

// The buffer or image a kOpenCL tensor holds.
cl_mem MemOf(const Tensor& tensor);
// `tensor` (dims set) as an ImageDefault image of float (kFloat) or half (kFP16) texels.
cl_mem MutableDefaultImage(Tensor* tensor, PrecisionType precision);

// The p0..p2 arguments of common.cl's activate() for `act` (kind passed beside them).
std::array<float, 3> ActivationArgs(const Activation& act);

// A device buffer holding `bytes` bytes copied from `data` (a blocking write); errors name
// `who`.
cl::Buffer UploadBuffer(const void* data, size_t bytes, const std::string& who);
template <typename T>
cl::Buffer UploadVector(const std::vector<T>& values, const std::string& who) {
  return UploadBuffer(values.data(), values.size() * sizeof(T), who);
}
// Weights packed on the host as the texels of an RGBA image (`width` x `height` texels of 4
// floats, row by row), stored as float or half like the activations, in an image or in a
// buffer of the same texels (where WeightsInImages() says). Kernels built with
// BuildOptions() read them through conv.cl's weight_texel.
class PackedWeights {
 public:
  PackedWeights() = default;
  // A blocking upload; errors name `who` and, for an image, the device's size limits.
  PackedWeights(const std::vector<float>& texels, size_t width, size_t height,
                PrecisionType precision, bool in_image, const std::string& who);

  cl_mem mem() const { return memory_(); }
  cl_int width() const { return width_; }  // texels per row
  bool in_image() const { return in_image_; }
  // The kernels' build options for weights stored like these.
  std::string BuildOptions() const;

 private:
  cl::Memory memory_;
  cl_int width_{0};
  bool in_image_{false};
  bool half_{false};
};

// Where packed weights go: images on GPUs, which read them through the texture cache;
// buffers on CPU devices such as PoCL, where an image read is a software routine (filter
// images made MobileNetV2 3.2x slower there). kImages / kBuffers override the device's pick
// for the PackedWeights made afterwards (tests run both).
enum class WeightStorage { kDevicePick, kImages, kBuffers };
void SetWeightStorage(WeightStorage storage);
bool WeightsInImages();

// Sets the arguments of `kernel` in order: cl_mem handles and plain values.
template <typename... Args>
void SetArgs(cl::Kernel* kernel, const Args&... args) {
  cl_uint index = 0;
  (lite::opencl::CheckCl(kernel->setArg(index++, sizeof(Args), &args), "setting a kernel argument"),
   ...);
}
// Enqueues `kernel` over `global` work items (the local size tuned where set_opencl_tune
// asks, else the driver's pick); errors name `who`.
void Enqueue(const cl::Kernel& kernel, const cl::NDRange& global, const std::string& who);

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

// What the OpenCL kernels' registrations declare (REGISTER_LITE_KERNELS_FLOAT_AND_FP16
// registers each image kernel for float and half storage): an argument's type, an
// ImageDefault image or a device value of another layout at the kernel's own storage
// precision, or a device value of the given precision; and the device they need.
#define PLITE_CL_IMAGE paddle::lite::KernelPrecisionType{TARGET(kOpenCL), DATALAYOUT(kImageDefault)}
#define PLITE_CL_OWN_TY(layout__) \
  paddle::lite::KernelPrecisionType{TARGET(kOpenCL), DATALAYOUT(layout__)}
#define PLITE_CL_TY(precision__, layout__) \
  paddle::lite::GetTensorTy(TARGET(kOpenCL), PRECISION(precision__), DATALAYOUT(layout__))
#define PLITE_CL_DEVICE "an OpenCL device", paddle::lite::kernels::opencl::HasOpenClDevice
