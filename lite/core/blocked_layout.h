// Channel-blocked layouts (DataLayoutType::kNCHW4c, kNCHW8c, kNCHW16c; b channels a block,
// lite_api::LayoutChannelBlock).
//
// A blocked tensor keeps its logical NCHW dims (so every op's InferShape works unchanged);
// its memory is [N][ceil(C/b)][H][W][b]: the b channels of a block at one pixel are one
// vector register (or a few). When C is not a multiple of b the last block is padded; those
// lanes hold finite values that readers ignore (filters are zero there).
#pragma once

#include <cstdint>

#include "lite/core/tensor.h"

namespace paddle {
namespace lite {

// The block size of a channel-blocked layout; throws for any other layout.
inline int ChannelBlockOf(DataLayoutType layout) {
  const int block = lite_api::LayoutChannelBlock(layout);
  PLITE_CHECK(block > 0, "layout ", lite_api::DataLayoutToStr(layout), " is not channel-blocked");
  return block;
}

inline int64_t ChannelBlocks(int64_t channels, DataLayoutType layout) {
  const int block = ChannelBlockOf(layout);
  return (channels + block - 1) / block;
}

// Whether `channels` fill their blocks well enough to run blocked: padding to whole blocks
// adds at most half (with 16-channel blocks 24 -> 32 and 40 -> 48 do, 8 -> 16 does not).
inline bool ChannelsPadWell(int64_t channels, DataLayoutType layout) {
  return channels > 0 &&
         2 * ChannelBlocks(channels, layout) * ChannelBlockOf(layout) <= 3 * channels;
}

// Elements a 4-D blocked tensor of logical `dims` occupies.
inline int64_t BlockedNumel(const DDim& dims, DataLayoutType layout) {
  PLITE_CHECK(dims.size() == 4, lite_api::DataLayoutToStr(layout), " tensors are 4-D, got ",
              dims);
  return dims[0] * ChannelBlocks(dims[1], layout) * ChannelBlockOf(layout) * dims[2] * dims[3];
}

// Allocates the blocked buffer of T (float, or int8 between chained int8 kernels) for t's
// dims on `target` and tags t with its precision and `layout`.
template <typename T = float>
T* MutableBlockedData(Tensor* t, TargetType target, DataLayoutType layout) {
  T* data = static_cast<T*>(t->mutable_data(
      target, static_cast<size_t>(BlockedNumel(t->dims(), layout)) * sizeof(T)));
  t->set_precision(PrecisionTypeTrait<T>::value);
  t->set_layout(layout);
  return data;
}

// The blocked data of an input, after checking it holds a buffer of its dims in `layout`
// (a kernel fed NCHW data by mistake fails here instead of reading past the buffer; data<T>
// checks the precision).
template <typename T = float>
const T* BlockedData(const Tensor& t, DataLayoutType layout, const char* who) {
  PLITE_CHECK(t.layout() == layout, who, ": input ", t.dims(), " is not in ",
              lite_api::DataLayoutToStr(layout), " layout (",
              lite_api::DataLayoutToStr(t.layout()), ")");
  PLITE_CHECK(t.memory_size() >= static_cast<size_t>(BlockedNumel(t.dims(), layout)) * sizeof(T),
              who, ": input ", t.dims(), " holds ", t.memory_size(), " bytes, less than its ",
              lite_api::DataLayoutToStr(layout), " size");
  return t.data<T>();
}

}  // namespace lite
}  // namespace paddle
