#include "lite/core/memory.h"

#include <cstdlib>
#include <new>

#include "lite/utils/check.h"

namespace paddle {
namespace lite {

void* TargetMalloc(TargetType target, size_t size) {
  switch (target) {
    case TargetType::kHost:
    case TargetType::kX86:
    case TargetType::kARM:
    case TargetType::kAny: {
      const size_t padded =
          (size + kBufferPadding + kBufferAlignment - 1) / kBufferAlignment * kBufferAlignment;
      void* p = std::aligned_alloc(kBufferAlignment, padded);
      PLITE_CHECK(p != nullptr, "out of memory allocating ", size, " bytes");
      return p;
    }
    default:
      PLITE_THROW("no allocator for target ", lite_api::TargetToStr(target));
  }
}

void TargetFree(TargetType target, void* ptr) {
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
  if (own_ && data_ && same_memory && size <= space_) {
    target_ = target;
    return;
  }
  Free();
  data_ = size ? TargetMalloc(target, size) : nullptr;
  space_ = size;
  target_ = target;
  own_ = true;
}

void Buffer::Free() {
  if (own_ && data_) TargetFree(target_, data_);
  data_ = nullptr;
  space_ = 0;
  own_ = true;
  owner_.reset();
}

}  // namespace lite
}  // namespace paddle
