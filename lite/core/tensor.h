// Tensor: dims + LoD + a typed buffer on a target, tagged with precision and layout.
// Tensors own their buffer or share another tensor's (ShareDataWith) or external memory.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "lite/core/ddim.h"
#include "lite/core/memory.h"
#include "lite/utils/check.h"
#include "lite/utils/float16.h"

namespace paddle {
namespace lite {

template <typename T>
struct PrecisionTypeTrait {
  static constexpr PrecisionType value = PrecisionType::kUnk;
};
#define PLITE_PRECISION_TRAIT(T, P)                           \
  template <>                                                 \
  struct PrecisionTypeTrait<T> {                              \
    static constexpr PrecisionType value = PrecisionType::P; \
  }
PLITE_PRECISION_TRAIT(float, kFloat);
PLITE_PRECISION_TRAIT(double, kFP64);
PLITE_PRECISION_TRAIT(float16, kFP16);
PLITE_PRECISION_TRAIT(int8_t, kInt8);
PLITE_PRECISION_TRAIT(uint8_t, kUInt8);
PLITE_PRECISION_TRAIT(int16_t, kInt16);
PLITE_PRECISION_TRAIT(int32_t, kInt32);
PLITE_PRECISION_TRAIT(int64_t, kInt64);
PLITE_PRECISION_TRAIT(bool, kBool);
#undef PLITE_PRECISION_TRAIT

class Tensor {
 public:
  Tensor() : buffer_(std::make_shared<Buffer>()) {}

  // Throws naming the dims when their element count overflows (DDim::production), and
  // then keeps the old dims. The count is kept, so numel() costs a read.
  void Resize(const DDim& dims) {
    numel_ = dims.production();
    dims_ = dims;
  }
  void Resize(std::initializer_list<int64_t> dims) { Resize(DDim(dims)); }
  const DDim& dims() const { return dims_; }
  int64_t numel() const { return numel_; }

  const LoD& lod() const { return lod_; }
  LoD* mutable_lod() { return &lod_; }
  void set_lod(const LoD& lod) { lod_ = lod; }

  TargetType target() const { return target_; }
  PrecisionType precision() const { return precision_; }
  void set_precision(PrecisionType p) { precision_ = p; }
  DataLayoutType layout() const { return layout_; }
  void set_layout(DataLayoutType layout) { layout_ = layout; }
  bool persistable() const { return persistable_; }
  void set_persistable(bool p) { persistable_ = p; }

  // Allocates numel() elements of T on `target` (keeps the block when it is big enough).
  // Throws naming the dims when numel() x sizeof(T) overflows or exceeds the machine.
  template <typename T>
  T* mutable_data(TargetType target = TargetType::kHost) {
    precision_ = PrecisionTypeTrait<T>::value;
    return static_cast<T*>(mutable_data(target, BytesFor(sizeof(T))));
  }
  // Raw allocation of `bytes`; the caller sets the precision.
  void* mutable_data(TargetType target, size_t bytes);
  // mutable_data<T> without the type: numel() elements of `element_bytes`, tagged `precision`.
  void* mutable_data(TargetType target, PrecisionType precision, size_t element_bytes) {
    precision_ = precision;
    return mutable_data(target, BytesFor(element_bytes));
  }

  // This tensor as an OpenCL image2d of width x height RGBA texels, float (kFloat) or half
  // (kFP16); its layout becomes kImageDefault. Returns the image's handle (the cl_mem);
  // keeps the image when it has that size and texel type.
  void* mutable_image(size_t width, size_t height, PrecisionType precision);
  // The handle of the device memory (buffer or image) a kOpenCL tensor holds; throws when
  // the tensor is in host memory or holds none.
  void* device_memory() const;

  // Typed read access. Throws unless the tensor holds T (or untagged memory) and at least
  // numel() of them, in host memory: a kernel never reads memory its input was not given.
  template <typename T>
  const T* data() const {
    CheckReadable(PrecisionTypeTrait<T>::value, sizeof(T));
    return static_cast<const T*>(buffer_->data());
  }
  template <typename T>
  T* mutable_data_ptr() {  // typed write access to already allocated data
    CheckReadable(PrecisionTypeTrait<T>::value, sizeof(T));
    return static_cast<T*>(buffer_->data());
  }
  // Untyped access; throws when the tensor has elements but no memory, or device memory.
  const void* raw_data() const;
  void* raw_data() {
    return const_cast<void*>(static_cast<const Tensor*>(this)->raw_data());
  }
  bool IsInitialized() const { return buffer_->data() != nullptr || memory_size_ == 0; }
  // Bytes this tensor's data occupies (element size x numel at the last allocation).
  size_t memory_size() const { return memory_size_; }
  // Bytes of the underlying block (shared blocks count once per owner).
  size_t buffer_space() const { return buffer_->space(); }
  const std::shared_ptr<Buffer>& buffer() const { return buffer_; }

  // Views another tensor's memory (no copy); dims/lod/tags are copied. The view's own
  // mutable_data then allocates a fresh block rather than writing into the viewed one.
  void ShareDataWith(const Tensor& other);
  // Deep copy of dims, lod, tags and data into this tensor's own buffer.
  void CopyDataFrom(const Tensor& other);
  // Points this tensor at memory owned elsewhere (size in bytes).
  void ShareExternalMemory(void* data, size_t bytes, TargetType target);
  // The same, keeping `owner` alive while this tensor (or a view of it) uses the memory.
  void ShareExternalMemory(void* data, size_t bytes, TargetType target,
                           std::shared_ptr<const void> owner);

  // Lets go of the data (a view lets go of what it views; shared memory stays with its
  // owner); dims, lod and tags stay. The next mutable_data allocates again.
  void ReleaseMemory() {
    buffer_ = std::make_shared<Buffer>();
    memory_size_ = 0;
    is_view_ = false;
  }

  std::string DebugString() const;

 private:
  void CheckReadable(PrecisionType requested, size_t element_bytes) const;
  size_t BytesFor(size_t element_bytes) const;

  DDim dims_;
  int64_t numel_{1};  // dims_.production(), kept by Resize
  LoD lod_;
  std::shared_ptr<Buffer> buffer_;
  size_t memory_size_{0};
  TargetType target_{TargetType::kHost};
  PrecisionType precision_{PrecisionType::kUnk};
  DataLayoutType layout_{DataLayoutType::kNCHW};
  bool persistable_{false};
  bool is_view_{false};  // set by ShareDataWith
};

}  // namespace lite
}  // namespace paddle
