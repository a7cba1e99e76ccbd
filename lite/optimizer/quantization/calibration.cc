#include "lite/optimizer/quantization/calibration.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "lite/utils/check.h"

namespace paddle {
namespace lite {

CalibrationMethod ParseCalibrationMethod(const std::string& name) {
  if (name == "abs_max") return CalibrationMethod::kAbsMax;
  if (name == "kl") return CalibrationMethod::kKl;
  PLITE_THROW("unknown calibration method '", name, "'; accepted: abs_max, kl");
}

const char* CalibrationMethodName(CalibrationMethod method) {
  return method == CalibrationMethod::kKl ? "kl" : "abs_max";
}

void ActivationObserver::ObserveRange(const float* x, int64_t n) {
  float m = abs_max_;
  for (int64_t i = 0; i < n; ++i) {
    const float a = std::fabs(x[i]);
    if (std::isfinite(a)) m = std::max(m, a);
  }
  abs_max_ = m;
}

void ActivationObserver::ObserveHistogram(const float* x, int64_t n) {
  if (histogram_.empty()) histogram_.assign(kBins, 0.0);
  if (abs_max_ <= 0.f) return;
  const double per_bin = kBins / static_cast<double>(abs_max_);
  for (int64_t i = 0; i < n; ++i) {
    const float a = std::fabs(x[i]);
    // Exact zeros (half of a ReLU's outputs) are exact at any scale: left out, they would
    // make every level that merges the first bin look lossy.
    if (!std::isfinite(a) || a == 0.f) continue;
    const int bin = static_cast<int>(std::min<double>(kBins - 1, a * per_bin));
    histogram_[bin] += 1.0;
  }
}

float ActivationObserver::Threshold(CalibrationMethod method) const {
  if (method == CalibrationMethod::kAbsMax || histogram_.empty() || abs_max_ <= 0.f) {
    return abs_max_;
  }
  const int bins = KlThresholdBins(histogram_, kLevels);
  return abs_max_ * static_cast<float>(bins) / kBins;
}

namespace {

// KL(p || q) of two unnormalized distributions over the same bins; bins where p is zero add
// nothing, a p without q (cannot happen for the expanded Q) counts as a large divergence.
double Divergence(const std::vector<double>& p, const std::vector<double>& q) {
  double p_sum = 0, q_sum = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    p_sum += p[i];
    q_sum += q[i];
  }
  if (p_sum <= 0 || q_sum <= 0) return std::numeric_limits<double>::infinity();
  double kl = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    if (p[i] <= 0) continue;
    const double pi = p[i] / p_sum;
    if (q[i] <= 0) {
      kl += pi * 30.0;  // log of a vanishing q: a heavy penalty, finite
      continue;
    }
    kl += pi * std::log(pi / (q[i] / q_sum));
  }
  return kl;
}

}  // namespace

int KlThresholdBins(const std::vector<double>& bins, int levels) {
  const int total = static_cast<int>(bins.size());
  PLITE_CHECK(levels >= 1 && total >= levels, "KlThresholdBins: ", total, " bins for ", levels,
              " levels");
  // Past the last non-zero bin nothing changes: stop there.
  int last = total;
  while (last > levels && bins[last - 1] <= 0) --last;
  double tail = 0;
  for (int i = last; i < total; ++i) tail += bins[i];
  int best = last;
  double best_kl = std::numeric_limits<double>::infinity();
  std::vector<double> p, q;
  for (int i = levels; i <= last; ++i) {
    p.assign(bins.begin(), bins.begin() + i);
    double clipped = tail;
    for (int j = i; j < last; ++j) clipped += bins[j];
    p[i - 1] += clipped;
    // Q: i bins merged into `levels` levels, each level's mass spread evenly over the bins
    // of it that are non-zero in the histogram.
    q.assign(i, 0.0);
    const double width = static_cast<double>(i) / levels;
    for (int level = 0; level < levels; ++level) {
      const int b0 = static_cast<int>(std::floor(level * width));
      const int b1 = level == levels - 1 ? i : static_cast<int>(std::floor((level + 1) * width));
      double mass = 0;
      int nonzero = 0;
      for (int b = b0; b < b1; ++b) {
        mass += bins[b];
        nonzero += bins[b] > 0;
      }
      for (int b = b0; b < b1 && nonzero > 0; ++b) {
        if (bins[b] > 0) q[b] = mass / nonzero;
      }
    }
    const double kl = Divergence(p, q);
    if (kl < best_kl) {
      best_kl = kl;
      best = i;
    }
  }
  return best;
}

}  // namespace lite
}  // namespace paddle
