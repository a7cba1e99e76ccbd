#include "lite/utils/int8_weights.h"

#include <cmath>

namespace paddle {
namespace lite {

namespace {

bool FitsScale(const float* w, int64_t n, float scale, float tolerance, int8_t* levels) {
  for (int64_t i = 0; i < n; ++i) {
    const float level = std::nearbyint(w[i] / scale);
    if (!(std::fabs(level) <= 127.f)) return false;
    // A zero level must be an exact zero (the folds keep 0 * factor at 0).
    if (!(std::fabs(level * scale - w[i]) <= tolerance * std::fabs(w[i]))) return false;
    levels[i] = static_cast<int8_t>(level);
  }
  return true;
}

// Abs-max quantization puts +-127 on a row's largest element, so its step is max / 127, or
// a neighbour of that float (the step that rebuilds a snapped row exactly).
bool EncodeRow(const float* w, int64_t n, float tolerance, int8_t* levels, float* scale) {
  float max_abs = 0.f;
  for (int64_t i = 0; i < n; ++i) {
    if (!std::isfinite(w[i])) return false;
    max_abs = std::fmax(max_abs, std::fabs(w[i]));
  }
  if (max_abs == 0.f) {
    *scale = 0.f;
    for (int64_t i = 0; i < n; ++i) levels[i] = 0;
    return true;
  }
  const float base = max_abs / 127.f;
  const float inf = std::numeric_limits<float>::infinity();
  const float candidates[] = {base, std::nextafter(base, inf), std::nextafter(base, 0.f),
                              std::nextafter(std::nextafter(base, inf), inf),
                              std::nextafter(std::nextafter(base, 0.f), 0.f)};
  for (float c : candidates) {
    if (c > 0.f && FitsScale(w, n, c, tolerance, levels)) {
      *scale = c;
      return true;
    }
  }
  return false;
}

}  // namespace

bool EncodeInt8Rows(const float* w, int64_t rows, int64_t cols, float tolerance, Int8Rows* out) {
  if (rows <= 0 || cols <= 0 || rows * cols < kMinInt8RowsElements) return false;
  out->levels.resize(static_cast<size_t>(rows * cols));
  out->scales.resize(static_cast<size_t>(rows));
  for (int64_t r = 0; r < rows; ++r) {
    if (!EncodeRow(w + r * cols, cols, tolerance, out->levels.data() + r * cols,
                   &out->scales[r])) {
      return false;
    }
  }
  return true;
}

void DecodeInt8Rows(const int8_t* levels, const float* scales, int64_t rows, int64_t cols,
                    float* w) {
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) w[r * cols + c] = levels[r * cols + c] * scales[r];
  }
}

}  // namespace lite
}  // namespace paddle
