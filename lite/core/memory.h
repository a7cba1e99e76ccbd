// Buffer: a block of memory on a target. CPU targets (host, x86, arm) share host memory;
// on kOpenCL (builds with OpenCL) the block is device memory, a buffer or an image2d, and
// data() is its handle (the cl_mem), not an address the CPU can read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>

#include "lite/utils/place.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {

using lite_api::DataLayoutType;
using lite_api::Place;
using lite_api::PrecisionType;
using lite_api::TargetType;

// Kernels may read a few floats past the end with SIMD loads; keep that memory mapped.
constexpr size_t kBufferAlignment = kVectorAlignment;
constexpr size_t kBufferPadding = 64;

// This machine's physical memory in bytes (SIZE_MAX where the system does not say).
size_t PhysicalMemoryBytes();
// Throws "cannot allocate N bytes of <what>" when `bytes` exceeds physical memory: such a
// block can never serve a run, and asking for it anyway may get the app killed (an
// overcommitting system grants it, then the first writes run out of pages).
void CheckAllocationSize(size_t bytes, const char* what);

// count x element_bytes of scratch for `op`, checked against overflow and the machine's
// memory; throws as ThrowScratchError does.
size_t ScratchBytes(const char* op, size_t count, size_t element_bytes, const char* purpose);
[[noreturn]] void ThrowScratchError(const char* op, size_t bytes, const char* purpose,
                                    const std::string& reason);

// Resizes a kernel's scratch (im2col columns, transposed operands) to `count` elements.
// A size over the machine's memory or one the system refuses is an error naming the op,
// the bytes and `purpose` ("conv2d: cannot allocate 123456789 bytes of scratch (im2col):
// ..."), never a bare std::bad_alloc. Kernels call KernelBase::ResizeScratch.
template <typename Vector>
void ResizeScratch(Vector* scratch, size_t count, const char* op, const char* purpose) {
  const size_t bytes = ScratchBytes(op, count, sizeof(typename Vector::value_type), purpose);
  try {
    scratch->resize(count);
  } catch (const std::bad_alloc&) {
    ThrowScratchError(op, bytes, purpose, "out of memory");
  } catch (const std::length_error&) {
    ThrowScratchError(op, bytes, purpose, "too large for a vector");
  }
}

// Host memory for CPU targets, 64-byte aligned and padded; a device buffer's handle on
// kOpenCL; throws when it cannot be had or the build has no such target.
void* TargetMalloc(TargetType target, size_t size);
void TargetFree(TargetType target, void* ptr);

class Buffer {
 public:
  Buffer() = default;
  // Wraps memory owned by someone else (e.g. a user's array or a mapped file).
  Buffer(void* external, size_t size, TargetType target)
      : data_(external), space_(size), target_(target), own_(false) {}
  // The same, keeping `owner` (whatever holds the memory, e.g. a mapped model file) alive
  // as long as this buffer points into it.
  Buffer(void* external, size_t size, TargetType target, std::shared_ptr<const void> owner)
      : data_(external), space_(size), target_(target), own_(false), owner_(std::move(owner)) {}
  ~Buffer() { Free(); }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  // Makes room for at least `size` bytes on `target`; keeps the block if big enough.
  void ResetLazy(TargetType target, size_t size);
  // Makes it an OpenCL image2d of width x height RGBA texels, float or half; keeps the
  // image when it has that size and texel type.
  void ResetLazyImage(size_t width, size_t height, bool half);
  void* data() const { return data_; }
  size_t space() const { return space_; }
  TargetType target() const { return target_; }
  bool owns() const { return own_; }
  bool is_image() const { return image_width_ != 0; }
  size_t image_width() const { return image_width_; }
  size_t image_height() const { return image_height_; }

 private:
  void Free();

  void* data_{nullptr};
  size_t space_{0};
  TargetType target_{TargetType::kHost};
  bool own_{true};
  size_t image_width_{0}, image_height_{0};  // an image's texels (0: not an image)
  bool image_half_{false};
  std::shared_ptr<const void> owner_;  // keeps external memory alive (may be null)
};

}  // namespace lite
}  // namespace paddle
