// Buffer: a block of memory on a target. CPU targets (host, x86, arm) share host memory;
// other targets plug their allocators in here.
#pragma once

#include <cstddef>
#include <memory>

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
  void* data() const { return data_; }
  size_t space() const { return space_; }
  TargetType target() const { return target_; }
  bool owns() const { return own_; }

 private:
  void Free();

  void* data_{nullptr};
  size_t space_{0};
  TargetType target_{TargetType::kHost};
  bool own_{true};
  std::shared_ptr<const void> owner_;  // keeps external memory alive (may be null)
};

}  // namespace lite
}  // namespace paddle
