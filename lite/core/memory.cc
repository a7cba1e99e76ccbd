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

void Buffer::ResetLazy(TargetType target, size_t size) {
  if (own_ && data_ && target == target_ && size <= space_) return;
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
