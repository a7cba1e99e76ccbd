#include "lite/core/tensor.h"

#include <cstring>

#include "lite/core/type_system.h"

namespace paddle {
namespace lite {

void* Tensor::mutable_data(TargetType target, size_t bytes) {
  // A view never writes into the memory it views: it takes a block of its own. The owner
  // keeps its block (its views then see the new data, which is what a view is for).
  if (!buffer_ || is_view_ || !buffer_->owns()) {
    buffer_ = std::make_shared<Buffer>();
    is_view_ = false;
  }
  if (bytes > PhysicalMemoryBytes()) {
    PLITE_THROW("cannot allocate ", bytes, " bytes for tensor ", dims_,
                ": more than this machine's memory (", PhysicalMemoryBytes(), " bytes)");
  }
  buffer_->ResetLazy(target, bytes);
  target_ = target;
  memory_size_ = bytes;
  return buffer_->data();
}

void* Tensor::mutable_image(size_t width, size_t height, PrecisionType precision) {
  PLITE_CHECK(precision == PrecisionType::kFloat || precision == PrecisionType::kFP16,
              "an image holds float or half texels, not ", lite_api::PrecisionToStr(precision));
  if (!buffer_ || is_view_ || !buffer_->owns()) {
    buffer_ = std::make_shared<Buffer>();
    is_view_ = false;
  }
  buffer_->ResetLazyImage(width, height, precision == PrecisionType::kFP16);
  target_ = TargetType::kOpenCL;
  precision_ = precision;
  layout_ = DataLayoutType::kImageDefault;
  memory_size_ = buffer_->space();
  return buffer_->data();
}

void* Tensor::device_memory() const {
  PLITE_CHECK(!IsHostMemory(target_) && target_ != TargetType::kAny, "tensor ", dims_,
              " is in host memory, not a device's");
  PLITE_CHECK(buffer_->data() != nullptr, "tensor ", dims_,
              " has no device memory (never written)");
  return buffer_->data();
}

size_t Tensor::BytesFor(size_t element_bytes) const {
  PLITE_CHECK(numel_ >= 0, "tensor ", dims_, " has unresolved dims");
  size_t bytes = 0;
  PLITE_CHECK(!__builtin_mul_overflow(static_cast<uint64_t>(numel_), element_bytes, &bytes),
              "tensor ", dims_, " of ", element_bytes, "-byte elements overflows a byte size");
  return bytes;
}

// A tensor in device memory holds a handle, not data: a CPU kernel reading it means the
// plan lacks an io_copy.
static void CheckHostMemory(const Tensor& t) {
  PLITE_CHECK(IsHostMemory(t.target()) || t.target() == TargetType::kAny, "tensor ", t.dims(),
              " is in ",
              lite_api::TargetToStr(t.target()), " memory, which the CPU cannot read");
}

const void* Tensor::raw_data() const {
  CheckHostMemory(*this);
  PLITE_CHECK(buffer_->data() != nullptr || numel() == 0, "tensor ", dims_,
              " has no data (never written)");
  return buffer_->data();
}

void Tensor::CheckReadable(PrecisionType requested, size_t element_bytes) const {
  PLITE_CHECK(precision_ == requested || precision_ == PrecisionType::kUnk, "tensor holds ",
              lite_api::PrecisionToStr(precision_), " data but ",
              lite_api::PrecisionToStr(requested), " was requested");
  CheckHostMemory(*this);
  const int64_t n = numel();
  if (n == 0) return;
  PLITE_CHECK(n > 0, "tensor ", dims_, " has unresolved dims");
  PLITE_CHECK(buffer_->data() != nullptr, "tensor ", dims_, " has no data (never written)");
  PLITE_CHECK(memory_size_ / element_bytes >= static_cast<uint64_t>(n), "tensor ", dims_,
              " holds ", memory_size_, " bytes, fewer than its ", n, " elements need");
}

void Tensor::ShareDataWith(const Tensor& other) {
  dims_ = other.dims_;
  numel_ = other.numel_;
  lod_ = other.lod_;
  buffer_ = other.buffer_;
  is_view_ = true;
  memory_size_ = other.memory_size_;
  target_ = other.target_;
  precision_ = other.precision_;
  layout_ = other.layout_;
}

void Tensor::CopyDataFrom(const Tensor& other) {
  CheckHostMemory(other);
  dims_ = other.dims_;
  numel_ = other.numel_;
  lod_ = other.lod_;
  precision_ = other.precision_;
  layout_ = other.layout_;
  const PrecisionType keep = precision_;
  void* dst = mutable_data(other.target_, other.memory_size_);
  precision_ = keep;
  if (other.memory_size_) std::memcpy(dst, other.raw_data(), other.memory_size_);
}

void Tensor::ShareExternalMemory(void* data, size_t bytes, TargetType target) {
  ShareExternalMemory(data, bytes, target, nullptr);
}

void Tensor::ShareExternalMemory(void* data, size_t bytes, TargetType target,
                                 std::shared_ptr<const void> owner) {
  buffer_ = std::make_shared<Buffer>(data, bytes, target, std::move(owner));
  memory_size_ = bytes;
  target_ = target;
}

std::string Tensor::DebugString() const {
  return StrCat("Tensor", dims_, " ", lite_api::TargetToStr(target_), "/",
                lite_api::PrecisionToStr(precision_), "/", lite_api::DataLayoutToStr(layout_));
}

}  // namespace lite
}  // namespace paddle
