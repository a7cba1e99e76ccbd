// Max and average pooling of fp16 NCHW planes. The windows come as per-axis ranges that the
// kernel computes with the host kernel's rules (sliding, global or adaptive, and the
// divisor of a non-exclusive average), so fp16 pools read the same windows and divide by the
// same counts as the reference. Runs of 8 output columns whose windows are whole and evenly
// spaced by 1 or 2 are computed together in vectors (vld1q / vld2q per tap); other windows
// one at a time, reducing rows of 8 or more in vectors. Averages sum in fp32. (See
// convert_fp16.h for why these headers hold declarations only.)
#pragma once

namespace paddle {
namespace lite {

struct float16;

namespace arm {
namespace math {

// One output position's window along one axis: input [begin, end) (empty: the output is 0)
// and the extent a non-exclusive average counts.
struct PoolWindowFp16 {
  int begin, end;
  int padded_size;
};

struct PoolPlaneFp16 {
  int in_h, in_w;
  int out_h, out_w;
  const PoolWindowFp16* rows;  // out_h windows
  const PoolWindowFp16* cols;  // out_w windows
  bool is_max;
  bool divide_by_real_count;  // average: by the window's real size, else by padded sizes
};

// Pools planes [plane_begin, plane_end) of x into out.
void PoolPlanesFp16(const float16* x, int plane_begin, int plane_end, const PoolPlaneFp16& p,
                    float16* out);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
