// Device memory as the core holds it: an opaque handle (the cl_mem) that a tensor's Buffer
// owns, so lite/core needs no OpenCL headers. Kernels turn handles back into cl_mem.
#pragma once

#include <cstddef>

namespace paddle {
namespace lite {
namespace opencl {

// A read-write buffer of `bytes`; throws naming the size when the device refuses.
void* NewDeviceBuffer(size_t bytes);
// An RGBA image2d of float or half texels (ClRuntime::CreateImage2D's checks).
void* NewDeviceImage(size_t width, size_t height, bool half);
// Releases a handle from NewDeviceBuffer / NewDeviceImage.
void ReleaseDeviceMemory(void* handle);

}  // namespace opencl
}  // namespace lite
}  // namespace paddle
