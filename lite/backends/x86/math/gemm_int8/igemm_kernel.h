// Internal to igemm.cc: the packed-B layout and the micro-kernels (one file per ISA, built
// with its flags). Like sgemm_kernel.h, free of inline functions: <cstdint> holds typedefs only.
#pragma once

#include <cstdint>

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace igemm_internal {

constexpr int kMR = 8;       // rows of a packed A panel and of every tile
constexpr int kNR = 16;      // ymm tiles (AVX2, AVX-VNNI, portable)
constexpr int kNR512 = 32;   // zmm tiles

// A packed B panel of NR columns: [quads][NR][4] bytes, column j's B[4q..4q+3][j] at
// panel[(q * NR + j) * 4], zero-padded past K and N (s8; the VNNI kernels read it + 128 as u8).
// acc[r * ldacc + j] = sum over the quads of a_panel (kMR rows) times b_panel (NR columns),
// every r < kMR, j < NR stored (the caller's scratch is padded to whole tiles).
using MicroKernel = void (*)(int quads, const int8_t* a, const uint8_t* b, int32_t* acc,
                             long ldacc);

void MicroKernelScalar(int quads, const int8_t* a, const uint8_t* b, int32_t* acc, long ldacc);
void MicroKernelAvx2(int quads, const int8_t* a, const uint8_t* b, int32_t* acc, long ldacc);
void MicroKernelAvxVnni(int quads, const int8_t* a, const uint8_t* b, int32_t* acc, long ldacc);
void MicroKernelAvx512Vnni(int quads, const int8_t* a, const uint8_t* b, int32_t* acc,
                           long ldacc);

// q[i] = clamp(round(x[i] * inv_scale)) as QuantizeToInt8 (igemm.h) says, n % 8 == 0 not needed.
void QuantizeToInt8Avx2(const float* x, long long n, float inv_scale, bool ties_to_even,
                        int8_t* q);

}  // namespace igemm_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
