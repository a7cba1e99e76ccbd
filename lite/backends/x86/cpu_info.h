// What the running x86 CPU can execute, asked at run time: the library is built with
// baseline flags (only the micro-kernel sources get -mavx2 -mfma or -mavx512f), so it also
// runs on CPUs without AVX2, and callers pick the AVX2 / AVX-512 code only when this says it
// is safe.
#pragma once

namespace paddle {
namespace lite {
namespace x86 {

// True when the CPU (and OS) support both AVX2 and FMA3. Cached after the first call.
bool CpuHasAvx2Fma();

// Whether this build holds the AVX-512 code (CMake LITE_X86_AVX512, default ON). A build
// without it (a tailored library for AVX2 machines, or one half the size) runs the AVX2 code
// on AVX-512 CPUs too. Callers put their AVX-512 calls under `if constexpr (kWithAvx512)`, so
// such a build references none of the left-out functions.
#ifndef PLITE_X86_AVX512
#define PLITE_X86_AVX512 1
#endif
constexpr bool kWithAvx512 = PLITE_X86_AVX512;

// True when this build holds the AVX-512 code and the CPU has AVX-512F (plus AVX2/FMA) and
// the OS saves the full zmm state (XCR0: SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM). Cached after
// the first call.
bool CpuHasAvx512f();

// int8 dot products (vpdpbusd): AVX512_VNNI (with AVX-512F/BW; only in builds that hold the
// AVX-512 code) and AVX-VNNI (its 256-bit VEX form, e.g. Alder Lake and Sapphire Rapids
// cores). Cached after the first call.
bool CpuHasAvx512Vnni();
bool CpuHasAvxVnni();

}  // namespace x86
}  // namespace lite
}  // namespace paddle
