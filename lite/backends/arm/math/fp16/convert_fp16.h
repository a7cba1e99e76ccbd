// fp32 <-> fp16 arrays with NEON's conversions (round to nearest even, as
// lite/utils/float16.h; beyond fp16's range -> infinity). The ARM calib kernels and the fp16
// kernels' weight preparation use them.
//
// The fp16 math headers are included by kernels built for armv8.0 and by the *_fp16.cc files
// built for armv8.2-a+fp16, so they hold declarations only: an inline function emitted in an
// fp16 file could be the copy the linker keeps for the whole program and would then run fp16
// instructions on CPUs without them. float16 is only declared here for the same reason.
#pragma once

namespace paddle {
namespace lite {

struct float16;

namespace arm {
namespace math {

void FloatToFp16(const float* x, float16* out, long long n);
void Fp16ToFloat(const float16* x, float* out, long long n);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
