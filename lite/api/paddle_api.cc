#include "lite/api/paddle_api.h"

#include <cstring>

#include "lite/core/tensor.h"
#ifdef PLITE_WITH_OPENCL
#include "lite/backends/opencl/cl_runtime.h"
#endif
#ifdef PLITE_WITH_ARM
#include "lite/backends/arm/cpu_info.h"
#endif

namespace paddle {
namespace lite_api {

namespace {
lite::Tensor* Raw(void* raw) { return static_cast<lite::Tensor*>(raw); }

// Host memory: the CPU targets. Anything else needs a backend this build does not have.
bool HostTarget(TargetType t) {
  return t == TargetType::kHost || t == TargetType::kX86 || t == TargetType::kARM;
}
void CheckHostTarget(TargetType t, const char* what) {
  if (!HostTarget(t)) {
    throw PaddleLiteException(std::string(what) + ": target " + TargetToStr(t) +
                              ": a predictor's inputs and outputs are in host memory (the " +
                              "optimizer moves them to a device): use kHost, kX86 or kARM");
  }
}

// One untyped implementation (not inlined) behind the typed entry points below, so each of
// their instantiations (every element type, every copy target) is a call rather than a copy
// of the checks: 26 KB less code in the light library.
// Typed reads check the tensor's precision; a mismatch is a clear error, not garbage.
[[gnu::noinline]] const void* ReadAs(const lite::Tensor& t, PrecisionType want) {
  if (t.precision() != want && t.precision() != PrecisionType::kUnk) {
    throw PaddleLiteException("tensor holds " + PrecisionToStr(t.precision()) + " data, not " +
                              PrecisionToStr(want));
  }
  return t.raw_data();
}
[[gnu::noinline]] void* WriteAs(lite::Tensor* t, PrecisionType precision,
                                size_t element_bytes, TargetType target, const char* what) {
  CheckHostTarget(target, what);
  return t->mutable_data(target, precision, element_bytes);
}
[[gnu::noinline]] void CopyIn(lite::Tensor* t, const void* src, PrecisionType precision,
                              size_t element_bytes, TargetType target) {
  void* dst = WriteAs(t, precision, element_bytes, target, "Tensor::CopyFromCpu");
  std::memcpy(dst, src, element_bytes * static_cast<size_t>(t->numel()));
}
[[gnu::noinline]] void CopyOut(const lite::Tensor& t, void* dst, PrecisionType precision,
                               size_t element_bytes) {
  CheckHostTarget(t.target(), "Tensor::CopyToCpu");
  const void* src = ReadAs(t, precision);
  std::memcpy(dst, src, element_bytes * static_cast<size_t>(t.numel()));
}
}  // namespace

bool IsOpenCLBackendValid(bool check_fp16_valid) {
#ifdef PLITE_WITH_OPENCL
  if (!lite::opencl::ClRuntime::Available()) return false;
  return !check_fp16_valid || lite::opencl::ClRuntime::Get().info().half_images;
#else
  (void)check_fp16_valid;
  return false;
#endif
}

int GetOpenCLDeviceType() {
#ifdef PLITE_WITH_OPENCL
  if (!lite::opencl::ClRuntime::Available()) return -1;
  const lite::opencl::DeviceInfo& info = lite::opencl::ClRuntime::Get().info();
  const std::string names = info.name + " " + info.vendor;
  const auto has = [&](const char* word) { return names.find(word) != std::string::npos; };
  if (has("Adreno") || has("QUALCOMM")) return 1;
  if (has("Mali")) return 2;
  if (has("PowerVR") || has("Imagination")) return 3;
  return 4;
#else
  return -1;
#endif
}

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
bool Tensor::IsInitialized() const {
  const lite::Tensor& t = *Raw(raw_tensor_);
  return t.buffer() && t.buffer()->data() != nullptr;
}

void* Tensor::mutable_metal_data(void* ptr) const {
  throw PaddleLiteException("Tensor::mutable_metal_data: this build has no Metal backend");
}

template <typename T>
const T* Tensor::data() const {
  return static_cast<const T*>(ReadAs(*Raw(raw_tensor_), lite::PrecisionTypeTrait<T>::value));
}

template <>
const void* Tensor::data<void>() const {
  return Raw(raw_tensor_)->raw_data();
}

template <typename T>
T* Tensor::mutable_data(TargetType type) const {
  return static_cast<T*>(WriteAs(Raw(raw_tensor_), lite::PrecisionTypeTrait<T>::value, sizeof(T),
                                 type, "Tensor::mutable_data"));
}

template <typename T, TargetType type>
void Tensor::CopyFromCpu(const T* data) {
  CopyIn(Raw(raw_tensor_), data, lite::PrecisionTypeTrait<T>::value, sizeof(T), type);
}

template <typename T>
void Tensor::CopyToCpu(T* data) const {
  CopyOut(*Raw(raw_tensor_), data, lite::PrecisionTypeTrait<T>::value, sizeof(T));
}

void Tensor::ShareExternalMemory(void* data, size_t memory_size, TargetType target) {
  Raw(raw_tensor_)->ShareExternalMemory(data, memory_size, target);
}

TargetType Tensor::target() const { return Raw(raw_tensor_)->target(); }
PrecisionType Tensor::precision() const { return Raw(raw_tensor_)->precision(); }
void Tensor::SetPrecision(PrecisionType precision) { Raw(raw_tensor_)->set_precision(precision); }
DataLayoutType Tensor::layout() const { return Raw(raw_tensor_)->layout(); }
lod_t Tensor::lod() const { return Raw(raw_tensor_)->lod(); }
void Tensor::SetLoD(const lod_t& lod) { Raw(raw_tensor_)->set_lod(lod); }

// Every element type and copy target Paddle Lite instantiates (and the remaining
// combinations of them), so any app call links.
#define PLITE_INSTANTIATE_TENSOR_ACCESS(T)                                     \
  template const T* Tensor::data<T>() const;                                   \
  template T* Tensor::mutable_data<T>(TargetType) const;                       \
  template void Tensor::CopyFromCpu<T, TargetType::kHost>(const T*);           \
  template void Tensor::CopyFromCpu<T, TargetType::kX86>(const T*);            \
  template void Tensor::CopyFromCpu<T, TargetType::kARM>(const T*);            \
  template void Tensor::CopyFromCpu<T, TargetType::kOpenCL>(const T*);         \
  template void Tensor::CopyFromCpu<T, TargetType::kCUDA>(const T*);           \
  template void Tensor::CopyFromCpu<T, TargetType::kMLU>(const T*);            \
  template void Tensor::CopyToCpu<T>(T*) const;
PLITE_INSTANTIATE_TENSOR_ACCESS(float)
PLITE_INSTANTIATE_TENSOR_ACCESS(double)
PLITE_INSTANTIATE_TENSOR_ACCESS(int8_t)
PLITE_INSTANTIATE_TENSOR_ACCESS(uint8_t)
PLITE_INSTANTIATE_TENSOR_ACCESS(int16_t)
PLITE_INSTANTIATE_TENSOR_ACCESS(int32_t)
PLITE_INSTANTIATE_TENSOR_ACCESS(int64_t)
PLITE_INSTANTIATE_TENSOR_ACCESS(bool)
#undef PLITE_INSTANTIATE_TENSOR_ACCESS

std::vector<std::string> PaddlePredictor::GetParamNames() { return {}; }

std::unique_ptr<Tensor> PaddlePredictor::GetMutableTensor(const std::string& name) {
  return nullptr;
}

bool ConfigBase::check_nnadapter_device_name(const std::string& device_name) { return false; }

bool MobileConfig::check_fp16_valid() {
#ifdef PLITE_WITH_ARM
  return lite::arm::BuiltWithFp16() && lite::arm::CpuHasFp16Arith();
#else
  return false;
#endif
}

void PaddlePredictor::SaveOptimizedModel(const std::string& model_dir, LiteModelType model_type,
                                         bool record_info) {
  PLITE_THROW("SaveOptimizedModel needs the full predictor (CxxConfig); this one runs an ",
              "already optimized model");
}

}  // namespace lite_api
}  // namespace paddle
