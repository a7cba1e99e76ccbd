// Internal to igemm.cc: the ARM int8 tiles (one file per ISA, built with its flags). Free of
// inline functions: <cstdint> holds typedefs only.
#pragma once

#include <cstdint>

namespace paddle {
namespace lite {
namespace arm {
namespace math {
namespace igemm_internal {

constexpr int kMR = 8;           // rows of a packed A panel and of every tile
constexpr int kNRNeon = 8;       // armv8.0 tile columns
constexpr int kNRDotProd = 12;   // sdot tile columns

// A packed B panel of NR columns: [quads][NR][4] bytes (s8), column j's B[4q..4q+3][j] at
// panel[(q * NR + j) * 4], zero-padded past K and N. acc[r * ldacc + j] = sum over the
// quads of a_panel (kMR rows) times b_panel, every r < kMR, j < NR stored.
void MicroKernelNeon(int quads, const int8_t* a, const uint8_t* b, int32_t* acc, long ldacc);
void MicroKernelDotProd(int quads, const int8_t* a, const uint8_t* b, int32_t* acc,
                        long ldacc);

}  // namespace igemm_internal
}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
