// The windows of the channel-blocked pool (nchwc_pool_kernel.inc) and what its loops derive
// from them, for any block size (x86 NCHW16c, ARM NCHW4c). Plain C++ (baseline flags).
#pragma once

namespace paddle {
namespace lite {
namespace simd {

// One output position's window along one axis: input range [begin, end) and this axis'
// factor of the avg divisor (the count, or the padded size for exclusive=false).
struct NchwcPoolWindow {
  int begin{0};
  int end{0};
  int divisor{1};
};

struct NchwcPoolShape {
  int in_h{0}, in_w{0};
  int out_h{0}, out_w{0};
  const NchwcPoolWindow* rows{nullptr};  // out_h windows
  const NchwcPoolWindow* cols{nullptr};  // out_w windows
  // Sliding windows' size and step; kernel 0 (adaptive windows) runs no fixed-size loops.
  int kernel_h{0}, kernel_w{0};
  int stride_h{1}, stride_w{1};
  bool max{true};
};

// A shape with what its loops need derived once (NchwcPoolPlanFor). The window arrays it
// points to must outlive it.
struct NchwcPoolPlan {
  NchwcPoolShape shape;
  // Output columns [fixed_begin, fixed_end) have full kernel_w windows stride_w apart and
  // one divisor, and the fixed-size loops take that kernel and stride (else both 0).
  int fixed_begin{0}, fixed_end{0};
  bool whole_plane{false};  // one output reading the whole plane (global pooling)
};

NchwcPoolPlan NchwcPoolPlanFor(const NchwcPoolShape& shape);

}  // namespace simd
}  // namespace lite
}  // namespace paddle
