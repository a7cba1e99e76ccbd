// Direct depthwise convolution of one image plane (square 3x3 or 5x5 filter, stride 1, 2
// or (2, 1), dilation 1, any padding) with AVX2/FMA, or AVX-512 where the CPU has it.
//
// Reads the plane in place (no padded copy): a block of 8 (ymm) or 16 (zmm) outputs of
// several output rows at once loads each input row once per tap and feeds every output row
// whose window covers it; blocks at the left/right border use masked loads (the padding
// reads as zero), rows above/below the plane are skipped. Stride 2 loads 2 vectors per tap
// pair and splits them into even and odd columns. For 3x3, tap 2 is a lane shift of tap 0
// (stride 2) or of the block's two loads (stride 1, 16 lanes): unaligned loads are what
// these loops wait on. Bias and relu / relu6 are applied in registers before the store,
// the other activations (activation_vec.inc) over the stored plane (the flat AVX-512 kernel
// below applies every kind in registers).
//
// Declarations only: the intrinsics live in depthwise_conv_avx2.cc / _avx512.cc (built with
// their ISA flags, sharing lite/backends/simd/depthwise_conv_kernel.inc with ARM); the
// dispatch in depthwise_conv.cc is plain C++.
#pragma once

#include <cstddef>  // size_t in depthwise_conv_kernel.inc

#include "lite/backends/simd/depthwise_plane.h"
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

using simd::DepthwiseDirectSupports;
using simd::DepthwisePlane;

// Whether DepthwiseConvPlane uses AVX-512 on this CPU (and not forced off).
bool DepthwiseUsesAvx512();
// Tests force the AVX2 path (false) or allow AVX-512 again (true, the default).
void DepthwiseAllowAvx512(bool allow);

// out[oy, ox] = act(bias + sum_{ky,kx} filter[ky, kx] * in[oy*s - pt + ky, ox*s - pl + kx]),
// zero outside the input. `filter` is kernel*kernel floats. Needs AVX2+FMA
// (lite::x86::CpuHasAvx2Fma()); uses AVX-512 where DepthwiseUsesAvx512() and a row has more
// than 8 outputs.
void DepthwiseConvPlane(const float* in, const float* filter, float bias,
                        const DepthwisePlane& p, const Activation& act,
                        float* out);

// Planes [begin, end) of consecutive planes: plane i reads in + i*in_h*in_w, writes
// out + i*out_h*out_w and uses channel i % channels (filter + c*kernel*kernel, bias[c] or 0
// without biases). Small stride-1 "same"-width planes (7x7) go through the flattened
// AVX-512 kernel below where the CPU has it, the rest plane by plane.
void DepthwiseConvPlanes(const float* in, const float* filters, const float* biases,
                         int channels, int begin, int end, const DepthwisePlane& p,
                         const Activation& act, float* out);

// Whether DepthwiseConvPlanesFlatAvx512 takes this plane: stride 1, in_w == out_w, rows
// of at most 8 outputs (which would otherwise run 8-lane AVX2 blocks, one per row) and at
// most kFlatMaxVectors 16-lane vectors of outputs (7x7 planes).
// Its specializations (tailored_math.h) per filter size: "" for sizes it does not take.
constexpr int kFlatMaxVectors = 16;
constexpr const char* DepthwiseFlatSpecialization(int kernel) {
  return kernel == 3 ? "depthwise_flat_k3" : kernel == 5 ? "depthwise_flat_k5" : "";
}
bool DepthwiseFlatFits(const DepthwisePlane& p);

// The ISA variants behind DepthwiseConvPlane(s). The flat one treats the output plane as
// one row of out_h*out_w floats: with in_w == out_w every tap is that row shifted by a
// constant, and per-(vector, tap) lane masks (built once per call, shared by all planes)
// zero the lanes whose tap falls outside the input. No row-edge code, no idle lanes past
// a short row.
void DepthwiseConvPlaneAvx2(const float* in, const float* filter, float bias,
                            const DepthwisePlane& p, const Activation& act,
                            float* out);
void DepthwiseConvPlaneAvx512(const float* in, const float* filter, float bias,
                              const DepthwisePlane& p, const Activation& act,
                              float* out);
void DepthwiseConvPlanesFlatAvx512(const float* in, const float* filters, const float* biases,
                                   int channels, int begin, int end, const DepthwisePlane& p,
                                   const Activation& act, float* out);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
