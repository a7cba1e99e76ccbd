// What the running x86 CPU can execute, asked at run time: the library is built with
// baseline flags (only the AVX2 kernel sources get -mavx2 -mfma), so it also runs on CPUs
// without AVX2, and callers pick the AVX2 code only when this says it is safe.
#pragma once

namespace paddle {
namespace lite {
namespace x86 {

// True when the CPU (and OS) support both AVX2 and FMA3. Cached after the first call.
bool CpuHasAvx2Fma();

}  // namespace x86
}  // namespace lite
}  // namespace paddle
