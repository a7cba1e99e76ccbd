// std::vector whose storage starts on a 64-byte boundary, as tensor buffers do
// (kBufferAlignment in lite/core/memory.h). Kernels keep packed weights and scratch in it:
// from a plain std::vector (16-byte aligned) three of four 64-byte vector loads or stores
// straddle two cache lines, which cost the NCHW16c pointwise tiles about 10 % (K = 16..32).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

namespace paddle {
namespace lite {

constexpr size_t kVectorAlignment = 64;

template <typename T>
struct AlignedAllocator {
  using value_type = T;
  AlignedAllocator() = default;
  template <typename U>
  AlignedAllocator(const AlignedAllocator<U>&) {}  // NOLINT: the rebinding conversion
  T* allocate(size_t n) {
    const size_t bytes =
        (n * sizeof(T) + kVectorAlignment - 1) / kVectorAlignment * kVectorAlignment;
    void* p = std::aligned_alloc(kVectorAlignment, bytes);
    if (!p) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t) { std::free(p); }
  template <typename U>
  bool operator==(const AlignedAllocator<U>&) const { return true; }
  template <typename U>
  bool operator!=(const AlignedAllocator<U>&) const { return false; }
};

template <typename T>
using AlignedVector = std::vector<T, AlignedAllocator<T>>;

}  // namespace lite
}  // namespace paddle
