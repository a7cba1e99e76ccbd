// Float weights that are int8 levels times one factor a row: the filters of a
// quantization-aware-trained model that stay float (depthwise convs, convs too small for
// int8 kernels), after the quantization fold and the batch norm fusion scaled them. A .nb
// stores such a weight as its levels and factors, a quarter of its bytes
// (lite/model_parser/flatbuffers), where they give back its exact bits;
// weight_int8_snap_pass first sets the weights that are such products to within float32
// rounding to exactly those products. Float weights of a float model are no such products.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

namespace paddle {
namespace lite {

struct Int8Rows {
  std::vector<int8_t> levels;  // rows x cols, row-major, in [-127, 127]
  std::vector<float> scales;   // one a row: weight = level * scale
};

// Weights smaller than this stay float: the factors and the table cost more than they save.
constexpr int64_t kMinInt8RowsElements = 256;

// How far a weight may lie from level * scale and still count as one, relative to it: the
// roundings of the quantization and batch norm folds stay within a few float32 ulps, and a
// random float lands that close to a multiple of its row's step with a chance below 1e-3.
constexpr float kInt8SnapTolerance = 8 * std::numeric_limits<float>::epsilon();

// The levels and scales of `w` (rows x cols) with every element within `tolerance`
// (relative; 0: bit-exact) of float(level * scale); false where an element is not.
bool EncodeInt8Rows(const float* w, int64_t rows, int64_t cols, float tolerance, Int8Rows* out);

// w[r * cols + c] = float(levels[r * cols + c] * scales[r]).
void DecodeInt8Rows(const int8_t* levels, const float* scales, int64_t rows, int64_t cols,
                    float* w);

}  // namespace lite
}  // namespace paddle
