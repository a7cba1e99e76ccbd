// Runtime dispatch on a tensor's precision for host kernels registered as kAny: one
// template body serves every dtype Paddle models carry through the op.
#pragma once

#include <cstdint>
#include <string>

#include "lite/core/tensor.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

// Calls f(T{}) with T the C++ type of `p`'s values (bool, int8/16/32/64, uint8, float,
// double); throws naming `op` and `what` for any other precision.
template <typename F>
void VisitPrecision(PrecisionType p, const std::string& op, const std::string& what, F&& f) {
  switch (p) {
    case PrecisionType::kBool: return f(bool{});
    case PrecisionType::kInt8: return f(int8_t{});
    case PrecisionType::kUInt8: return f(uint8_t{});
    case PrecisionType::kInt16: return f(int16_t{});
    case PrecisionType::kInt32: return f(int32_t{});
    case PrecisionType::kInt64: return f(int64_t{});
    case PrecisionType::kFloat: return f(float{});
    case PrecisionType::kFP64: return f(double{});
    default:
      PLITE_THROW("op '", op, "': ", what, " of type ", lite_api::PrecisionToStr(p),
                  " is not supported");
  }
}

// Calls f(U{}) with U an unsigned integer as wide as one element of `p`: ops that only move
// elements copy them as bits, whatever they hold (fp16 included).
template <typename F>
void VisitElementBits(PrecisionType p, const std::string& op, const std::string& what, F&& f) {
  switch (PrecisionTypeLength(p)) {
    case 1: return f(uint8_t{});
    case 2: return f(uint16_t{});
    case 4: return f(uint32_t{});
    case 8: return f(uint64_t{});
    default:
      PLITE_THROW("op '", op, "': ", what, " of type ", lite_api::PrecisionToStr(p),
                  " has no known element size");
  }
}

// Element pointers of a tensor read or written as bits of type U (see VisitElementBits).
template <typename U>
const U* BitsOf(const Tensor& t) {
  const uint64_t need = static_cast<uint64_t>(t.numel()) * sizeof(U);
  PLITE_CHECK(t.numel() == 0 || t.memory_size() >= need, "tensor ", t.dims(), " holds ",
              t.memory_size(), " bytes, fewer than its ", t.numel(), " elements need");
  return static_cast<const U*>(t.raw_data());
}
template <typename U>
U* MutableBitsOf(Tensor* out, PrecisionType p) {
  return static_cast<U*>(out->mutable_data(TargetType::kHost, p, sizeof(U)));
}

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
