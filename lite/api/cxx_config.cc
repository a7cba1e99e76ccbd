// The out-of-line members of CxxConfig and CxxModelBuffer: the full library only (the
// light library has no CxxConfig, as in Paddle Lite).
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>

#include "lite/api/paddle_api.h"
#include "lite/core/tensor.h"

namespace paddle {
namespace lite_api {

CxxModelBuffer::CxxModelBuffer(const char* program_buffer, size_t program_buffer_size,
                               const char* params_buffer, size_t params_buffer_size)
    : program_(program_buffer, program_buffer_size),
      params_(params_buffer ? std::string(params_buffer, params_buffer_size) : std::string()) {}

CxxModelBuffer::CxxModelBuffer(std::string&& program_buffer, std::string&& params_buffer)
    : program_(std::move(program_buffer)), params_(std::move(params_buffer)) {}

const std::string& CxxModelBuffer::get_program() const {
  if (program_.empty()) throw PaddleLiteException("CxxModelBuffer: the program buffer is empty");
  return program_;
}
const std::string& CxxModelBuffer::get_params() const { return params_; }
bool CxxModelBuffer::is_empty() const { return program_.empty(); }

const CxxModelBuffer& CxxConfig::get_model_buffer() const {
  if (!model_buffer_) {
    throw PaddleLiteException("CxxConfig::get_model_buffer: no model buffer was set");
  }
  return *model_buffer_;
}

// Held as lite::Tensor (the header stores them type-erased); read by the full predictor.
template <class T>
void CxxConfig::set_preferred_inputs_for_warmup(const int group_idx, const int tensor_idx,
                                                const shape_t& shape, const lod_t& lod,
                                                const T fill_value, const void* data) {
  if (tensor_idx < 0) {
    throw PaddleLiteException("set_preferred_inputs_for_warmup: negative tensor index " +
                              std::to_string(tensor_idx));
  }
  auto& group = preferred_inputs_for_warmup_[group_idx];
  while (group.size() <= static_cast<size_t>(tensor_idx)) group.emplace_back();
  auto tensor = std::make_shared<lite::Tensor>();
  Tensor(static_cast<void*>(tensor.get())).Resize(shape);
  tensor->set_lod(lod);
  T* dst = tensor->mutable_data<T>();
  const int64_t n = tensor->numel();
  if (data != nullptr) {
    std::memcpy(dst, data, sizeof(T) * n);
  } else {
    std::fill(dst, dst + n, fill_value);
  }
  group[tensor_idx] = std::static_pointer_cast<void>(tensor);
}
#define PLITE_INSTANTIATE_WARMUP(T)                                                      \
  template void CxxConfig::set_preferred_inputs_for_warmup<T>(const int, const int,     \
                                                              const shape_t&, const lod_t&, \
                                                              const T, const void*);
PLITE_INSTANTIATE_WARMUP(float)
PLITE_INSTANTIATE_WARMUP(double)
PLITE_INSTANTIATE_WARMUP(int32_t)
PLITE_INSTANTIATE_WARMUP(int64_t)
#undef PLITE_INSTANTIATE_WARMUP

}  // namespace lite_api
}  // namespace paddle
