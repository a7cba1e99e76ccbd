// The Winograd transforms built with -mavx2 -mfma (see conv_winograd_transform.h).
#include "lite/backends/x86/math/conv_winograd_transform.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace winograd_internal {
namespace avx2 {
#include "lite/backends/x86/math/conv_winograd_transform.inc"
}  // namespace avx2

void InputTransformRowAvx2(const float* plane, int in_h, int in_w, int y0, int x0,
                           int tiles_w, float* v, long pos_stride, float* scratch) {
  avx2::InputTransformRowImpl(plane, in_h, in_w, y0, x0, tiles_w, v, pos_stride, scratch);
}

void OutputTransformRowAvx2(const float* m, long pos_stride, int tiles_w, float bias, int act,
                            float* out_plane, int out_h, int out_w, int oy0, float* scratch) {
  avx2::OutputTransformRowImpl(m, pos_stride, tiles_w, bias, act, out_plane, out_h, out_w, oy0,
                               scratch);
}

}  // namespace winograd_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
