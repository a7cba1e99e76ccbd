#include "lite/core/memory.h"

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <new>

#include "lite/utils/check.h"
#ifdef PLITE_WITH_OPENCL
#include "lite/backends/opencl/cl_memory.h"
#endif

namespace paddle {
namespace lite {

size_t PhysicalMemoryBytes() {
  static const size_t bytes = [] {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page_size = sysconf(_SC_PAGESIZE);
    size_t total = SIZE_MAX;
    if (pages <= 0 || page_size <= 0 ||
        __builtin_mul_overflow(static_cast<size_t>(pages), static_cast<size_t>(page_size),
                               &total)) {
      return size_t{SIZE_MAX};
    }
    return total;
  }();
  return bytes;
}

void CheckAllocationSize(size_t bytes, const char* what) {
  PLITE_CHECK(bytes <= PhysicalMemoryBytes(), "cannot allocate ", bytes, " bytes of ", what,
              ": more than this machine's memory (", PhysicalMemoryBytes(), " bytes)");
}

size_t ScratchBytes(const char* op, size_t count, size_t element_bytes, const char* purpose) {
  size_t bytes = 0;
  PLITE_CHECK(!__builtin_mul_overflow(count, element_bytes, &bytes), op, ": scratch (", purpose,
              ") of ", count, " elements of ", element_bytes, " bytes overflows a size");
  if (bytes > PhysicalMemoryBytes()) {
    ThrowScratchError(
        op, bytes, purpose,
        StrCat("more than this machine's memory (", PhysicalMemoryBytes(), " bytes)"));
  }
  return bytes;
}

void ThrowScratchError(const char* op, size_t bytes, const char* purpose,
                       const std::string& reason) {
  PLITE_THROW(op, ": cannot allocate ", bytes, " bytes of scratch (", purpose, "): ", reason);
}

void* TargetMalloc(TargetType target, size_t size) {
  switch (target) {
    case TargetType::kHost:
    case TargetType::kX86:
    case TargetType::kARM:
    case TargetType::kAny: {
      CheckAllocationSize(size, "tensor memory");
      const size_t padded =
          (size + kBufferPadding + kBufferAlignment - 1) / kBufferAlignment * kBufferAlignment;
      void* p = std::aligned_alloc(kBufferAlignment, padded);
      PLITE_CHECK(p != nullptr, "cannot allocate ", size, " bytes of tensor memory: out of memory");
      return p;
    }
#ifdef PLITE_WITH_OPENCL
    case TargetType::kOpenCL:
      return opencl::NewDeviceBuffer(size);
#endif
    default:
      PLITE_THROW("no allocator for target ", lite_api::TargetToStr(target));
  }
}

void TargetFree(TargetType target, void* ptr) {
#ifdef PLITE_WITH_OPENCL
  if (target == TargetType::kOpenCL) return opencl::ReleaseDeviceMemory(ptr);
#endif
  (void)target;
  std::free(ptr);
}

namespace {

// Host, x86 and ARM buffers come from the same allocator: one serves the others.
bool CpuTarget(TargetType t) {
  return t == TargetType::kHost || t == TargetType::kX86 || t == TargetType::kARM ||
         t == TargetType::kAny;
}

}  // namespace

void Buffer::ResetLazy(TargetType target, size_t size) {
  // A reused activation written by kernels that name different CPU targets (an x86 kernel
  // asking for kX86, the next one for kHost) keeps its block: freeing and allocating it on
  // every run cost MobileNetV1 three multi-megabyte allocations per run.
  const bool same_memory = target == target_ || (CpuTarget(target) && CpuTarget(target_));
  if (own_ && data_ && same_memory && !is_image() && size <= space_) {
    target_ = target;
    return;
  }
  Free();
  data_ = size ? TargetMalloc(target, size) : nullptr;
  space_ = size;
  target_ = target;
  own_ = true;
}

void Buffer::ResetLazyImage(size_t width, size_t height, bool half) {
  if (own_ && data_ && width == image_width_ && height == image_height_ && half == image_half_) {
    return;
  }
#ifdef PLITE_WITH_OPENCL
  Free();
  data_ = opencl::NewDeviceImage(width, height, half);
  space_ = width * height * 4 * (half ? 2 : 4);
  target_ = TargetType::kOpenCL;
  image_width_ = width;
  image_height_ = height;
  image_half_ = half;
#else
  (void)half;
  PLITE_THROW("cannot allocate a ", width, " x ", height, " image: this build has no OpenCL");
#endif
}

void Buffer::Free() {
  if (own_ && data_) TargetFree(target_, data_);
  data_ = nullptr;
  space_ = 0;
  own_ = true;
  image_width_ = image_height_ = 0;
  owner_.reset();
}

}  // namespace lite
}  // namespace paddle
