#include "lite/core/float_env.h"

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#define PLITE_HAS_MXCSR 1
#else
#define PLITE_HAS_MXCSR 0
#endif

namespace paddle {
namespace lite {

namespace {
constexpr uint32_t kFlushToZero = 0x8000;      // MXCSR.FTZ: subnormal results become 0
constexpr uint32_t kDenormalsAreZero = 0x0040;  // MXCSR.DAZ: subnormal inputs read as 0
constexpr uint32_t kStatusFlags = 0x003f;       // the sticky exception flags: each thread's own
}  // namespace

uint32_t FloatControl() {
#if PLITE_HAS_MXCSR
  return _mm_getcsr() & ~kStatusFlags;
#else
  return 0;
#endif
}

void SetFloatControl(uint32_t control) {
#if PLITE_HAS_MXCSR
  const uint32_t word = _mm_getcsr();
  control &= ~kStatusFlags;
  if ((word & ~kStatusFlags) != control) _mm_setcsr((word & kStatusFlags) | control);
#else
  (void)control;
#endif
}

ScopedFlushDenormals::ScopedFlushDenormals() : saved_(FloatControl()) {
  SetFloatControl(saved_ | kFlushToZero | kDenormalsAreZero);
}

ScopedFlushDenormals::~ScopedFlushDenormals() { SetFloatControl(saved_); }

}  // namespace lite
}  // namespace paddle
