// Post-training quantization (opt --quant_model --quant_type=QUANT_INT8): the activation
// statistics of a calibration set and the per-tensor scales they give.
//
// An observer sees every value a tensor takes over the calibration runs, in two passes:
// the largest |x| first, then (for KL) a histogram of |x| over [0, that max] in kBins bins.
// Thresholds (the scale s of q = round(127 x / s), values beyond s clipped):
//   abs_max  s = max |x|: nothing clipped, coarse steps where outliers stretch the range.
//   kl       TensorRT's entropy calibration (the method of ncnn's int8 tool): for each
//            candidate threshold of i >= 128 bins, P is the histogram cut at i with the
//            clipped mass added to its last bin, Q the first i bins merged into 128 levels
//            (whole bins a level; ncnn splits edge bins) and spread back over the bins that
//            were non-zero; s is the candidate whose KL(P || Q) is least, at the end of its
//            last bin. It clips rare outliers for finer steps.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace paddle {
namespace lite {

enum class CalibrationMethod { kAbsMax, kKl };

// "abs_max" or "kl"; throws naming the accepted spellings.
CalibrationMethod ParseCalibrationMethod(const std::string& name);
const char* CalibrationMethodName(CalibrationMethod method);

class ActivationObserver {
 public:
  static constexpr int kBins = 2048;
  static constexpr int kLevels = 128;  // int8: 127 steps each side of zero, and zero

  // Pass 1: the range. NaN and infinities are skipped (they carry no scale).
  void ObserveRange(const float* x, int64_t n);
  // Pass 2, after every range: the histogram of |x| (values past the range go to the last
  // bin; exact zeros are left out, as ncnn leaves them: zero is exact at any scale).
  void ObserveHistogram(const float* x, int64_t n);

  float abs_max() const { return abs_max_; }
  // Whether the histogram pass is needed for `method`.
  static bool NeedsHistogram(CalibrationMethod method) { return method == CalibrationMethod::kKl; }
  // The scale; abs_max when the histogram is empty or the range zero.
  float Threshold(CalibrationMethod method) const;

 private:
  float abs_max_{0.f};
  std::vector<double> histogram_;
};

// KL(P || Q) threshold over a histogram of |x| (bins of equal width): the number of bins the
// best threshold keeps, in [levels, bins.size()].
int KlThresholdBins(const std::vector<double>& bins, int levels);

}  // namespace lite
}  // namespace paddle
