// The activation descriptor as the OpenCL kernels take it: activate(x, kind, p0, p1, p2) in
// common.cl, so that one program serves every kind. Shared by the activation kernels and
// the kernels with a fused epilogue (convolutions).
#pragma once

#include <array>

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

// The kernel's p0..p2 for `act` (the mapping common.cl lists).
inline std::array<float, 3> ActivationKernelParams(const Activation& act) {
  switch (act.kind) {
    case ActivationType::kRelu6:
      return {act.relu6_threshold, 0.f, 0.f};
    case ActivationType::kLeakyRelu:
      return {act.leaky_relu_alpha, 0.f, 0.f};
    case ActivationType::kSwish:
      return {act.swish_beta, 0.f, 0.f};
    case ActivationType::kHardSwish:
      return {act.hard_swish_threshold, act.hard_swish_scale, act.hard_swish_offset};
    case ActivationType::kHardSigmoid:
      return {act.hard_sigmoid_slope, act.hard_sigmoid_offset, 0.f};
    case ActivationType::kGelu:
      return {act.gelu_approximate ? 1.f : 0.f, 0.f, 0.f};
    case ActivationType::kSoftPlus:
      return {act.softplus_beta, act.softplus_threshold, 0.f};
    case ActivationType::kMish:
      return {act.mish_threshold, 0.f, 0.f};
    default:
      return {0.f, 0.f, 0.f};
  }
}

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
