// What the running ARM CPU can execute, asked at run time: an armv8.0 build runs everywhere,
// and the fp16 kernels (built with -march=armv8.2-a+fp16 when LITE_WITH_ARM_FP16) are picked
// only where the CPU has half-precision arithmetic.
#pragma once

namespace paddle {
namespace lite {
namespace arm {

// True when the CPU has ARMv8.2 half-precision scalar and vector arithmetic (Linux: the
// fphp and asimdhp HWCAP bits). Cached after the first call.
bool CpuHasFp16Arith();

// Whether this library holds the fp16 kernels (built with LITE_WITH_ARM_FP16).
bool BuiltWithFp16();

}  // namespace arm
}  // namespace lite
}  // namespace paddle
