// The floating-point environment kernels run in. On x86 a subnormal float (below 2^-126)
// read or produced by an SSE/AVX multiply or add takes a microcode assist of about a
// hundred cycles. Trained networks produce them: channels a folded batch norm all but
// zeroes, activations decaying through PP-OCRv3's 20x20 blocks; there whole layers ran 10x
// slower (ch_PP-OCRv3_det's 480 -> 80 1x1 conv at 640x640: 7.0 ms, 0.24 ms with them flushed).
// RuntimeProgram::Run therefore runs with FTZ and DAZ set (results below 2^-126 become 0,
// such inputs read as 0), as TensorFlow's CPU runtime does, and restores the caller's
// setting after; the thread pool's workers take each job's setting from the thread that
// started it. What flushing changes is below 1.2e-38 in magnitude. No-op off x86 (ARM's
// NEON handles subnormals without a trap).
#pragma once

#include <cstdint>

namespace paddle {
namespace lite {

// The calling thread's control bits (x86 MXCSR without its sticky exception flags; 0
// elsewhere) and setting them (the thread's flags stay).
uint32_t FloatControl();
void SetFloatControl(uint32_t control);

// Sets FTZ and DAZ on the calling thread for its lifetime, then restores the previous word.
class ScopedFlushDenormals {
 public:
  ScopedFlushDenormals();
  ~ScopedFlushDenormals();
  ScopedFlushDenormals(const ScopedFlushDenormals&) = delete;
  ScopedFlushDenormals& operator=(const ScopedFlushDenormals&) = delete;

 private:
  uint32_t saved_;
};

}  // namespace lite
}  // namespace paddle
