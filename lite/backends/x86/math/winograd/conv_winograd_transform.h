// Internal to conv_winograd.cc: the F(4x4, 3x3) and F(2x2, 3x3) transforms of one row of
// tiles, compiled twice from conv_winograd_transform.inc: with baseline flags (Portable) and
// with -mavx2 -mfma (Avx2, call only when lite::x86::CpuHasAvx2Fma()). conv_winograd_avx2.cc
// includes this header, so it stays free of inline functions and standard headers: an inline
// function emitted there could be the copy the linker keeps for the whole program.
#pragma once

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace winograd_internal {

// Both work on 8 tiles at a time (kTransformLanes): the last group of a row may cover up to
// 7 tiles past tiles_w, whose lanes read and write v / m at tx < RoundUp(tiles_w, 8), so the
// caller leaves 7 floats of padding after each row of v and m.
constexpr int kTransformLanes = 8;

// Tile tx of the row reads input rows [y0, y0 + 6) and columns [x0 + 4 tx, x0 + 4 tx + 6)
// of `plane` (in_h x in_w, zero outside) and writes its 36 transformed values to
// v[pos * pos_stride + tx], pos = 0..35. scratch: 24 * (RoundUp(tiles_w, 8) + 8) floats.
using InputTransformRowFn = void (*)(const float* plane, int in_h, int in_w, int y0, int x0,
                                     int tiles_w, float* v, long pos_stride, float* scratch);
// Tile tx's 36 products are m[pos * pos_stride + tx]; writes act(A^T m A + bias) to the 4x4
// output block at rows oy0.., columns 4 tx.. of out_plane (out_h x out_w, clipped), any
// activation kind.
using OutputTransformRowFn = void (*)(const float* m, long pos_stride, int tiles_w, float bias,
                                      const Activation& act, float* out_plane, int out_h,
                                      int out_w, int oy0);

// F(4x4, 3x3): 6x6 tiles, 36 positions, 4x4 output blocks.
void InputTransformRowPortable(const float* plane, int in_h, int in_w, int y0, int x0,
                               int tiles_w, float* v, long pos_stride, float* scratch);
void OutputTransformRowPortable(const float* m, long pos_stride, int tiles_w, float bias,
                                const Activation& act, float* out_plane, int out_h, int out_w,
                                int oy0);
void InputTransformRowAvx2(const float* plane, int in_h, int in_w, int y0, int x0,
                           int tiles_w, float* v, long pos_stride, float* scratch);
void OutputTransformRowAvx2(const float* m, long pos_stride, int tiles_w, float bias,
                            const Activation& act, float* out_plane, int out_h, int out_w,
                            int oy0);

// F(2x2, 3x3): the same contracts with 4x4 tiles at a stride of 2 (rows [y0, y0 + 4),
// columns [x0 + 2 tx, x0 + 2 tx + 4)), 16 positions and 2x2 output blocks.
// Input scratch: 8 * (RoundUp(tiles_w, 8) + 8) floats.
void InputTransformRowF2Portable(const float* plane, int in_h, int in_w, int y0, int x0,
                                 int tiles_w, float* v, long pos_stride, float* scratch);
void OutputTransformRowF2Portable(const float* m, long pos_stride, int tiles_w, float bias,
                                  const Activation& act, float* out_plane, int out_h, int out_w,
                                  int oy0);
void InputTransformRowF2Avx2(const float* plane, int in_h, int in_w, int y0, int x0,
                             int tiles_w, float* v, long pos_stride, float* scratch);
void OutputTransformRowF2Avx2(const float* m, long pos_stride, int tiles_w, float bias,
                              const Activation& act, float* out_plane, int out_h, int out_w,
                              int oy0);

}  // namespace winograd_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
