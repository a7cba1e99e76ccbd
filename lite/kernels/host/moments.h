// The statistics the host normalisation kernels (layer_norm, group_norm, instance_norm)
// share: the mean and biased variance of a run of values, taken in two passes in double
// (the mean first, then the squared deviations from it) so runs far from zero keep their
// precision.
#pragma once

#include <cstdint>

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

struct Moments {
  double mean{0};
  double variance{0};
};

// 0 and 0 for an empty run.
inline Moments MomentsOf(const float* x, int64_t n) {
  if (n <= 0) return {};
  double sum = 0;
  for (int64_t i = 0; i < n; ++i) sum += x[i];
  Moments m;
  m.mean = sum / n;
  double squares = 0;
  for (int64_t i = 0; i < n; ++i) squares += (x[i] - m.mean) * (x[i] - m.mean);
  m.variance = squares / n;
  return m;
}

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
