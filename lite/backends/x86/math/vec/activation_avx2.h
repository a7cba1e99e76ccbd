// Element-wise activations, exp and softmax with AVX2/FMA, 8 floats per ymm.
// exp is a degree-6 polynomial after range reduction by ln 2 (relative error about 2e-7
// over the float range); below -87.3 (denormal results) it returns 0, above 88.7 +inf.
// Declarations only: the intrinsics live in activation_avx2.cc (built with -mavx2 -mfma);
// call only when lite::x86::CpuHasAvx2Fma() is true.
#pragma once

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

enum class VecActivation { kRelu, kRelu6, kLeakyRelu, kHardSwish, kHardSigmoid, kSigmoid };

// The attributes of each activation (operators::ActParam's, without its header).
struct VecActivationParams {
  VecActivation type{VecActivation::kRelu};
  float relu6_threshold{6.f};
  float leaky_alpha{0.02f};
  float hard_swish_threshold{6.f};
  float hard_swish_scale{6.f};
  float hard_swish_offset{3.f};
  float hard_sigmoid_slope{0.2f};
  float hard_sigmoid_offset{0.5f};
};

// out[i] = act(x[i]) for i < n; out may equal x.
void ActivateAvx2(const float* x, float* out, long long n, const VecActivationParams& act);

// out[i] = exp(x[i]) for i < n; out may equal x.
void ExpAvx2(const float* x, float* out, long long n);

// Softmax over `n` contiguous values (the max is subtracted first); out may equal x.
void SoftmaxRowAvx2(const float* x, float* out, long long n);

// Softmax down the first `columns` columns of an n-row block whose rows are `stride` floats
// apart: each column is normalized on its own; out may equal x.
void SoftmaxColumnsAvx2(const float* x, float* out, long long n, long long columns,
                        long long stride);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
