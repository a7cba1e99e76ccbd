#include "lite/api/paddle_api.h"

#include <cstring>

#include "lite/core/tensor.h"

namespace paddle {
namespace lite_api {

namespace {
lite::Tensor* Raw(void* raw) { return static_cast<lite::Tensor*>(raw); }

// Typed reads check the tensor's precision; a mismatch is a clear error, not garbage.
template <typename T>
void CheckHolds(const lite::Tensor& t) {
  const PrecisionType want = lite::PrecisionTypeTrait<T>::value;
  if (t.precision() != want && t.precision() != PrecisionType::kUnk) {
    throw PaddleLiteException("tensor holds " + PrecisionToStr(t.precision()) + " data, not " +
                              PrecisionToStr(want));
  }
}
}  // namespace

Tensor::Tensor(void* raw) : raw_tensor_(raw) {}
Tensor::Tensor(const void* raw) : raw_tensor_(const_cast<void*>(raw)) {}

void Tensor::Resize(const shape_t& shape) {
  for (int64_t d : shape) {
    if (d < 0) throw PaddleLiteException("Tensor::Resize: negative dimension in shape");
  }
  Raw(raw_tensor_)->Resize(lite::DDim(shape));
}

shape_t Tensor::shape() const { return Raw(raw_tensor_)->dims().Vectorize(); }
int64_t Tensor::numel() const { return Raw(raw_tensor_)->numel(); }

template <typename T>
const T* Tensor::data() const {
  const lite::Tensor& t = *Raw(raw_tensor_);
  CheckHolds<T>(t);
  return static_cast<const T*>(t.raw_data());
}

template <typename T>
T* Tensor::mutable_data(TargetType type) const {
  return Raw(raw_tensor_)->mutable_data<T>(type);
}

template <typename T, TargetType type>
void Tensor::CopyFromCpu(const T* data) {
  T* dst = mutable_data<T>(type);
  std::memcpy(dst, data, sizeof(T) * numel());
}

template <typename T>
void Tensor::CopyToCpu(T* data) const {
  const T* src = this->data<T>();
  std::memcpy(data, src, sizeof(T) * numel());
}

void Tensor::ShareExternalMemory(void* data, size_t memory_size, TargetType target) {
  Raw(raw_tensor_)->ShareExternalMemory(data, memory_size, target);
}

TargetType Tensor::target() const { return Raw(raw_tensor_)->target(); }
PrecisionType Tensor::precision() const { return Raw(raw_tensor_)->precision(); }
void Tensor::SetPrecision(PrecisionType precision) { Raw(raw_tensor_)->set_precision(precision); }
lod_t Tensor::lod() const { return Raw(raw_tensor_)->lod(); }
void Tensor::SetLoD(const lod_t& lod) { Raw(raw_tensor_)->set_lod(lod); }

#define PLITE_INSTANTIATE_TENSOR_ACCESS(T)                                     \
  template const T* Tensor::data<T>() const;                                   \
  template T* Tensor::mutable_data<T>(TargetType) const;                       \
  template void Tensor::CopyFromCpu<T, TargetType::kHost>(const T*);           \
  template void Tensor::CopyToCpu<T>(T*) const;
PLITE_INSTANTIATE_TENSOR_ACCESS(float)
PLITE_INSTANTIATE_TENSOR_ACCESS(int8_t)
PLITE_INSTANTIATE_TENSOR_ACCESS(uint8_t)
PLITE_INSTANTIATE_TENSOR_ACCESS(int32_t)
PLITE_INSTANTIATE_TENSOR_ACCESS(int64_t)
PLITE_INSTANTIATE_TENSOR_ACCESS(bool)
#undef PLITE_INSTANTIATE_TENSOR_ACCESS

void PaddlePredictor::SaveOptimizedModel(const std::string& model_dir, LiteModelType model_type,
                                         bool record_info) {
  PLITE_THROW("SaveOptimizedModel needs the full predictor (CxxConfig); this one runs an ",
              "already optimized model");
}

}  // namespace lite_api
}  // namespace paddle
