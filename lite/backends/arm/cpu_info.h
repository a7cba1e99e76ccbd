// What the running ARM CPU can execute, asked at run time: an armv8.0 build runs everywhere,
// the fp16 kernels (built with -march=armv8.2-a+fp16 when LITE_WITH_ARM_FP16) are picked
// only where the CPU has half-precision arithmetic, the int8 sdot tiles (built with
// -march=armv8.2-a+dotprod) only where it has the dot product instructions.
#pragma once

namespace paddle {
namespace lite {
namespace arm {

// True when the CPU has ARMv8.2 half-precision scalar and vector arithmetic (Linux: the
// fphp and asimdhp HWCAP bits). Cached after the first call.
bool CpuHasFp16Arith();

// True when the CPU has the ARMv8.2 dot product instructions, sdot / udot (Linux: the
// asimddp HWCAP bit). Cached after the first call.
bool CpuHasDotProd();

// Whether this library holds the fp16 kernels (built with LITE_WITH_ARM_FP16).
bool BuiltWithFp16();

}  // namespace arm
}  // namespace lite
}  // namespace paddle
