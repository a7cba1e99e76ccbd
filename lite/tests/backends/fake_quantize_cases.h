// The shared cases of the backends' per-tensor fake quantization (x86 AVX2, ARM NEON): a
// backend binds its routine and fake_quantize_cases.cc checks it against the host
// reference (lite/backends/host/math/fake_quantize.h): the same bits for both roundings,
// quantize and quantize-dequantize, on ties, clamped values, NaN, a zero scale and lengths
// around the vector widths.
#pragma once

#include <functional>

namespace paddle {
namespace lite {
namespace test {

using FakeQuantizeRoutine = std::function<void(const float* x, long long n, float s, int bin_cnt,
                                               bool ties_to_even, bool dequantize, float* out)>;

void ExpectFakeQuantizeGivesTheHostBits(const FakeQuantizeRoutine& routine);
void ExpectFakeQuantizeTiesRoundAsAsked(const FakeQuantizeRoutine& routine);

}  // namespace test
}  // namespace lite
}  // namespace paddle
