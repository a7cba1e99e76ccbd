// The last step prior_box and density_prior_box share: clip the boxes to [0, 1] when asked
// and fill every Variances row with the op's four variances.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "lite/core/tensor.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

inline void FinishPriorBoxes(bool clip, const std::vector<float>& variances, Tensor* boxes,
                             Tensor* variances_out) {
  float* b = boxes->mutable_data<float>();
  if (clip) {
    for (int64_t i = 0; i < boxes->numel(); ++i) b[i] = std::min(std::max(b[i], 0.f), 1.f);
  }
  float* v = variances_out->mutable_data<float>();
  for (int64_t i = 0; i < variances_out->numel(); ++i) v[i] = variances[i % 4];
}

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
