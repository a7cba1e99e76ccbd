#include "lite/kernels/opencl/cl_kernel_util.h"

#include <atomic>
#include <limits>

#include "lite/utils/float16.h"
#include "lite/utils/string.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

using lite::opencl::CheckCl;

bool HasOpenClDevice() { return ClRuntime::Available(); }

Nchw NchwOf(const DDim& dims) {
  const size_t rank = dims.size();
  PLITE_CHECK(rank <= 4, "an OpenCL image holds tensors of rank 4 or less, not ", dims);
  std::array<int64_t, 4> d{1, 1, 1, 1};
  for (size_t i = 0; i < rank; ++i) {
    PLITE_CHECK(dims[i] >= 0 && dims[i] <= std::numeric_limits<int>::max(), "tensor ", dims,
                " does not fit an OpenCL image");
    d[4 - rank + i] = dims[i];
  }
  return Nchw{static_cast<int>(d[0]), static_cast<int>(d[1]), static_cast<int>(d[2]),
              static_cast<int>(d[3])};
}

cl_int4 NchwArg(const DDim& dims) {
  const Nchw d = NchwOf(dims);
  return {{d.n, d.c, d.h, d.w}};
}

ImageSize DefaultImageSize(const DDim& dims) {
  const Nchw s = NchwOf(dims);
  return ImageSize{static_cast<size_t>(s.w) * ((s.c + 3) / 4),
                   static_cast<size_t>(s.n) * static_cast<size_t>(s.h)};
}

cl_mem MemOf(const Tensor& tensor) { return static_cast<cl_mem>(tensor.device_memory()); }

cl_mem MutableDefaultImage(Tensor* tensor, PrecisionType precision) {
  const ImageSize size = DefaultImageSize(tensor->dims());
  return static_cast<cl_mem>(tensor->mutable_image(size.width, size.height, precision));
}

std::array<float, 3> ActivationArgs(const Activation& act) {
  switch (act.kind) {
    case ActivationType::kRelu6:
      return {act.relu6_threshold, 0.f, 0.f};
    case ActivationType::kLeakyRelu:
      return {act.leaky_relu_alpha, 0.f, 0.f};
    case ActivationType::kSwish:
      return {act.swish_beta, 0.f, 0.f};
    case ActivationType::kHardSwish:
      return {act.hard_swish_threshold, act.hard_swish_scale, act.hard_swish_offset};
    case ActivationType::kHardSigmoid:
      return {act.hard_sigmoid_slope, act.hard_sigmoid_offset, 0.f};
    case ActivationType::kGelu:
      return {act.gelu_approximate ? 1.f : 0.f, 0.f, 0.f};
    case ActivationType::kSoftPlus:
      return {act.softplus_beta, act.softplus_threshold, 0.f};
    case ActivationType::kMish:
      return {act.mish_threshold, 0.f, 0.f};
    default:
      return {0.f, 0.f, 0.f};
  }
}

cl::Buffer UploadBuffer(const void* data, size_t bytes, const std::string& who) {
  ClRuntime& runtime = ClRuntime::Get();
  cl::Buffer buffer = runtime.CreateBuffer(bytes);
  CheckCl(runtime.queue().enqueueWriteBuffer(buffer, CL_TRUE, 0, bytes, data),
          who + ": uploading " + std::to_string(bytes) + " bytes of weights");
  return buffer;
}

namespace {
std::atomic<WeightStorage> weight_storage{WeightStorage::kDevicePick};
}  // namespace

void SetWeightStorage(WeightStorage storage) { weight_storage = storage; }

bool WeightsInImages() {
  switch (weight_storage.load()) {
    case WeightStorage::kImages:
      return true;
    case WeightStorage::kBuffers:
      return false;
    default:
      return (ClRuntime::Get().info().type & CL_DEVICE_TYPE_GPU) != 0;
  }
}

PackedWeights::PackedWeights(const std::vector<float>& texels, size_t width, size_t height,
                             PrecisionType precision, bool in_image, const std::string& who)
    : in_image_(in_image), half_(precision == PrecisionType::kFP16) {
  PLITE_CHECK(texels.size() == 4 * width * height, who, ": ", texels.size(), " values do not fill ",
              width, " x ", height, " texels");
  PLITE_CHECK(width <= static_cast<size_t>(std::numeric_limits<cl_int>::max()), who, ": weights ",
              width, " texels wide");
  width_ = static_cast<cl_int>(width);
  std::vector<float16> halves;
  const void* data = texels.data();
  size_t bytes = texels.size() * sizeof(float);
  if (half_) {
    halves.reserve(texels.size());
    for (float v : texels) halves.push_back(FloatToHalf(v));
    data = halves.data();
    bytes = halves.size() * sizeof(float16);
  }
  ClRuntime& runtime = ClRuntime::Get();
  if (!in_image_) {
    memory_ = UploadBuffer(data, bytes, who);
    return;
  }
  cl::Image2D image = runtime.CreateImage2D(width, height, half_);
  const std::array<size_t, 3> origin{0, 0, 0}, region{width, height, 1};
  CheckCl(runtime.queue().enqueueWriteImage(image, CL_TRUE, origin, region, 0, 0, data),
          StrCat(who, ": uploading a ", width, " x ", height, " image of weights"));
  memory_ = image;
}

std::string PackedWeights::BuildOptions() const {
  if (in_image_) return "-DWEIGHTS_IN_IMAGES";
  return half_ ? "-DWEIGHTS_HALF" : "";
}

void Enqueue(const cl::Kernel& kernel, const cl::NDRange& global, const std::string& who) {
  ClRuntime::Get().Enqueue(kernel, global, who);
}

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
