// The loop of the broadcasting host kernels (compare, logical, where): every output element
// in row-major order with the offset of the element each input contributes.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

// Calls f(i, offsets) for each output index i, where offsets[k] indexes input k. Each
// `in_dims[k]` has the output's rank; its 1-dims repeat (stride 0).
template <size_t N, typename F>
void ForEachBroadcast(const std::vector<int64_t>& out_dims,
                      const std::array<const std::vector<int64_t>*, N>& in_dims, F&& f) {
  const size_t rank = out_dims.size();
  std::array<std::vector<int64_t>, N> strides;
  for (size_t k = 0; k < N; ++k) {
    strides[k].assign(rank, 0);
    int64_t stride = 1;
    for (size_t d = rank; d-- > 0;) {
      strides[k][d] = (*in_dims[k])[d] == 1 ? 0 : stride;
      stride *= (*in_dims[k])[d];
    }
  }
  int64_t count = 1;
  for (int64_t d : out_dims) count *= d;
  std::vector<int64_t> index(rank, 0);
  std::array<int64_t, N> offsets{};
  for (int64_t i = 0; i < count; ++i) {
    f(i, offsets);
    for (size_t d = rank; d-- > 0;) {  // advance the multi-index, last dim fastest
      for (size_t k = 0; k < N; ++k) offsets[k] += strides[k][d];
      if (++index[d] < out_dims[d]) break;
      for (size_t k = 0; k < N; ++k) offsets[k] -= strides[k][d] * out_dims[d];
      index[d] = 0;
    }
  }
}

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
