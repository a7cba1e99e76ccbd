#include "lite/api/op_plugin_opencl.h"

#include <utility>

#include "lite/utils/check.h"
#include "lite/utils/string.h"

#ifdef PLITE_WITH_OPENCL
#include "lite/kernels/opencl/cl_kernel_util.h"
#endif

namespace paddle {
namespace lite {

void* ClMemOf(const Tensor& tensor) {
  if (tensor.target() != TargetType::kOpenCL || !tensor.buffer()) return nullptr;
  return tensor.buffer()->data();
}

#ifdef PLITE_WITH_OPENCL

namespace cl_util = kernels::opencl;
using lite::opencl::ClErrorName;
using lite::opencl::ClRuntime;

bool PluginOpenClDeviceFound() { return ClRuntime::Available(); }

void* AllocateClOutput(Tensor* tensor, intptr_t memory) {
  if (memory == PLITE_OPENCL_IMAGE) {
    return cl_util::MutableDefaultImage(tensor, PrecisionType::kFloat);
  }
  void* mem = tensor->mutable_data(TargetType::kOpenCL, PrecisionType::kFloat, sizeof(float));
  tensor->set_layout(DataLayoutType::kNCHW);
  return mem;
}

struct PluginClKernel::Impl {
  cl::Kernel kernel;  // null without a source
  std::string who;
};

PluginClKernel::PluginClKernel(const std::string& source, const std::string& name,
                               const std::string& options, std::string who)
    : impl_(new Impl) {
  impl_->who = std::move(who);
  if (source.empty()) return;
  try {
    impl_->kernel = ClRuntime::Get().CreateKernelFromSource(source, name, options);
  } catch (const std::exception& e) {
    PLITE_THROW(impl_->who, ": ", e.what());
  }
}

PluginClKernel::~PluginClKernel() = default;

void PluginClKernel::Expose(PliteOpContext* ctx) const {
  ClRuntime& runtime = ClRuntime::Get();
  ctx->opencl_context = runtime.context()();
  ctx->opencl_queue = runtime.queue()();
  ctx->opencl_kernel = impl_->kernel();
}

std::string PluginClKernel::SetArg(uint32_t index, size_t size, const void* value) {
  if (impl_->kernel() == nullptr) return "the op has no OpenCL kernel (no source)";
  const cl_int status = impl_->kernel.setArg(index, size, value);
  if (status == CL_SUCCESS) return "";
  return StrCat("setting argument ", index, " (", size, " bytes) failed: ", ClErrorName(status));
}

void PluginClKernel::Launch(const std::vector<Tensor*>& inputs, const std::vector<Tensor*>& outputs,
                            intptr_t memory) {
  const std::string& who = impl_->who;
  PLITE_CHECK(!outputs.empty(), who, ": plite launches a kernel over output 0; the op has none");
  uint32_t index = 0;
  const auto set = [&](size_t size, const void* value, const std::string& what) {
    const std::string error = SetArg(index, size, value);
    PLITE_CHECK(error.empty(), who, ": argument ", index, " (", what, "): ", error,
                " (plite passes each input's and output's cl_mem, then N, C, H, W of output 0 as "
                "ints: paddle_op_plugin.h)");
    ++index;
  };
  for (size_t i = 0; i < inputs.size(); ++i) {
    const cl_mem mem = static_cast<cl_mem>(ClMemOf(*inputs[i]));
    set(sizeof(cl_mem), &mem, StrCat("input ", i));
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    const cl_mem mem = static_cast<cl_mem>(ClMemOf(*outputs[i]));
    set(sizeof(cl_mem), &mem, StrCat("output ", i));
  }
  const cl_util::Nchw d = cl_util::NchwOf(outputs[0]->dims());
  for (const auto& dim : {std::make_pair(d.n, "N"), std::make_pair(d.c, "C"),
                          std::make_pair(d.h, "H"), std::make_pair(d.w, "W")}) {
    set(sizeof(int), &dim.first, dim.second);
  }
  if (memory == PLITE_OPENCL_IMAGE) {
    const cl_util::ImageSize size = cl_util::DefaultImageSize(outputs[0]->dims());
    cl_util::Enqueue(impl_->kernel, cl::NDRange(size.width, size.height), who);
  } else {
    cl_util::Enqueue(impl_->kernel, cl::NDRange(static_cast<size_t>(outputs[0]->numel())), who);
  }
}

#else  // a build without OpenCL: no device, so nothing below is ever reached

bool PluginOpenClDeviceFound() { return false; }

void* AllocateClOutput(Tensor*, intptr_t) { PLITE_THROW("this plite was built without OpenCL"); }

struct PluginClKernel::Impl {};

PluginClKernel::PluginClKernel(const std::string&, const std::string&, const std::string&,
                               std::string who) {
  PLITE_THROW(who, ": this plite was built without OpenCL");
}
PluginClKernel::~PluginClKernel() = default;
void PluginClKernel::Expose(PliteOpContext*) const {}
std::string PluginClKernel::SetArg(uint32_t, size_t, const void*) {
  return "this plite was built without OpenCL";
}
void PluginClKernel::Launch(const std::vector<Tensor*>&, const std::vector<Tensor*>&, intptr_t) {}

#endif

}  // namespace lite
}  // namespace paddle
