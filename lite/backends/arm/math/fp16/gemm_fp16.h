// fp16 GEMM for the fp16 convolutions: C = act(A * B + bias[row]), A the filter packed once,
// B packed per block of columns, all in fp16 with fp16 accumulation (ARMv8.2 FMLA on 8
// lanes). The micro-kernel holds an 8 x 16 tile of C in 16 registers and takes A's 8 values
// of each k by lane (vfmaq_laneq_f16). The bias and the in-register activations
// (activation_fp16.h) are applied as the tile is stored, the other kinds as a pass over each
// stored tile row. (See convert_fp16.h for why these headers hold declarations only.)
#pragma once

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {

struct float16;

namespace arm {
namespace math {

// The micro-kernel's tile: rows of a packed A panel, columns of a packed B panel.
constexpr int kGemmFp16Rows = 8;
constexpr int kGemmFp16Cols = 16;

// Halves a packed A of m x k takes: panels of 8 rows, k-major (rows past m are zero).
long long PackedAFp16Size(int m, int k);
// Packs the float matrix a (m x k, row stride lda) converted to fp16. Rows r0.. of the
// packed matrix (r0 a multiple of 8) start at packed + r0 * k.
void PackAFp16(int m, int k, const float* a, int lda, float16* packed);

// Halves a packed B of k x n takes: panels of 16 columns, k-major (columns past n are zero).
long long PackedBFp16Size(int k, int n);
// Packs b (k x n, row stride ldb).
void PackBFp16(int k, int n, const float16* b, int ldb, float16* packed);

// c (m x n, row stride ldc) = act(A * B + bias[row]) from packed A (m x k) and packed B
// (k x n); bias may be null. `act` must be supported (ActivationSupported).
void GemmPackedFp16(int m, int n, int k, const float16* packed_a, const float16* packed_b,
                    const float16* bias, const Activation& act, float16* c, int ldc);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
