// How the ARM element-wise kernels (activations, binary ops) split over the predictor's pool.
#pragma once

#include <cstdint>

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

// The fewest elements worth a pool task for a loop ending in activation `kind`: a task
// costs about as much as relu on 256 K floats; the exp-based kinds are ~15x dearer.
inline int64_t MinElementsPerTask(ActivationType kind) {
  const bool cheap = kind == ActivationType::kNone || kind == ActivationType::kRelu ||
                     kind == ActivationType::kRelu6 || kind == ActivationType::kLeakyRelu;
  return cheap ? (int64_t{1} << 18) : (int64_t{1} << 14);
}

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
