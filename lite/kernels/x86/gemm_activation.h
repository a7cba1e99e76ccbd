// Which fused activations the x86 GEMM / Gemv epilogue runs itself (conv2d, fc).
#pragma once

#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

// Sets epilogue->activation and its parameters from `act` and returns true when the epilogue
// computes it; false (epilogue left without activation) when the caller must apply it in a
// pass of its own (sigmoid: no exp in the epilogue).
inline bool ToGemmActivation(const operators::ActParam& act,
                             lite::x86::math::GemmEpilogue* epilogue) {
  using lite::x86::math::GemmActivation;
  using operators::ActivationType;
  epilogue->activation = GemmActivation::kNone;
  switch (act.type) {
    case ActivationType::kNone:
      return true;
    case ActivationType::kRelu:
      epilogue->activation = GemmActivation::kRelu;
      return true;
    case ActivationType::kRelu6:
      epilogue->activation = GemmActivation::kRelu6;
      epilogue->relu6_threshold = act.relu6_threshold;
      return true;
    case ActivationType::kLeakyRelu:
      epilogue->activation = GemmActivation::kLeakyRelu;
      epilogue->leaky_alpha = act.leaky_alpha;
      return true;
    case ActivationType::kHardSwish:
      epilogue->activation = GemmActivation::kHardSwish;
      epilogue->hard_swish_threshold = act.hard_swish_threshold;
      epilogue->hard_swish_scale = act.hard_swish_scale;
      epilogue->hard_swish_offset = act.hard_swish_offset;
      return true;
    case ActivationType::kHardSigmoid:
      epilogue->activation = GemmActivation::kHardSigmoid;
      epilogue->hard_sigmoid_slope = act.hard_sigmoid_slope;
      epilogue->hard_sigmoid_offset = act.hard_sigmoid_offset;
      return true;
    default:
      return false;
  }
}

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
