// The x86 channel-blocked layout, DataLayoutType::kNCHW16c.
//
// A blocked tensor keeps its logical NCHW dims (so every op's InferShape works unchanged);
// its memory is [N][ceil(C/16)][H][W][16]: the 16 channels of a block at one pixel are one
// AVX-512 vector (two AVX2 vectors). When C is not a multiple of 16 the last block is
// padded; those lanes hold finite values that readers ignore (filters are zero there).
#pragma once

#include <cstdint>

#include "lite/core/tensor.h"

namespace paddle {
namespace lite {

constexpr int kChannelBlock = 16;

inline int64_t ChannelBlocks(int64_t channels) {
  return (channels + kChannelBlock - 1) / kChannelBlock;
}

// Floats a 4-D blocked tensor of logical `dims` occupies.
inline int64_t BlockedNumel(const DDim& dims) {
  PLITE_CHECK(dims.size() == 4, "NCHW16c tensors are 4-D, got ", dims);
  return dims[0] * ChannelBlocks(dims[1]) * kChannelBlock * dims[2] * dims[3];
}

// Allocates the blocked float buffer for t's dims on `target` and tags t as NCHW16c.
inline float* MutableBlockedData(Tensor* t, TargetType target) {
  float* data = static_cast<float*>(
      t->mutable_data(target, static_cast<size_t>(BlockedNumel(t->dims())) * sizeof(float)));
  t->set_precision(PrecisionType::kFloat);
  t->set_layout(DataLayoutType::kNCHW16c);
  return data;
}

// The blocked data of an input, after checking it holds a blocked float buffer of its dims
// (a kernel fed NCHW data by mistake fails here instead of reading past the buffer).
inline const float* BlockedData(const Tensor& t, const char* who) {
  PLITE_CHECK(t.layout() == DataLayoutType::kNCHW16c, who, ": input ", t.dims(),
              " is not in NCHW16c layout (",
              lite_api::DataLayoutToStr(t.layout()), ")");
  PLITE_CHECK(t.memory_size() >= static_cast<size_t>(BlockedNumel(t.dims())) * sizeof(float),
              who, ": input ", t.dims(), " holds ", t.memory_size(),
              " bytes, less than its NCHW16c size");
  return t.data<float>();
}

}  // namespace lite
}  // namespace paddle
