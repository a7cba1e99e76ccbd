#include "lite/backends/opencl/cl_memory.h"

#include "lite/backends/opencl/cl_runtime.h"

namespace paddle {
namespace lite {
namespace opencl {

namespace {

// Takes the handle out of its wrapper: the caller now holds the one reference.
template <typename Memory>
void* Detach(Memory memory) {
  cl_mem handle = memory();
  clRetainMemObject(handle);
  return handle;
}

}  // namespace

void* NewDeviceBuffer(size_t bytes) { return Detach(ClRuntime::Get().CreateBuffer(bytes)); }

void* NewDeviceImage(size_t width, size_t height, bool half) {
  return Detach(ClRuntime::Get().CreateImage2D(width, height, half));
}

void ReleaseDeviceMemory(void* handle) {
  if (handle) clReleaseMemObject(static_cast<cl_mem>(handle));
}

}  // namespace opencl
}  // namespace lite
}  // namespace paddle
