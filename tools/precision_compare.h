// How far a reduced-precision plan (int8, fp16) drifts from the float one, op by op: both
// plans of one model run the same input and every float output an op of the test plan
// writes is compared with the same variable of the float plan (max |difference|, cosine
// similarity), worst first. Used by the compare_precision tool.
#pragma once

#include <string>
#include <vector>

#include "lite/api/cxx_api.h"

namespace paddle {
namespace lite {
namespace opt {

struct VarDrift {
  std::string var;
  std::string op;            // the op type writing it in the test plan
  std::string input;         // that op's data input ("Input" or "X"), or ""

  bool reduced{false};       // that op ran an int8 or fp16 kernel
  int64_t numel{0};
  double max_abs_diff{0};
  double cosine{1};          // 1 where both are zero
};

// Runs both predictors once (inputs already set, the same) and compares. Plans must keep
// every variable (memory_optimize off) in plain layouts (blocked_layout off); variables
// the reference plan lacks (casts the test plan inserted) are left out.
std::vector<VarDrift> CompareRuns(Predictor* test, Predictor* reference);

// "var op numel max_abs_diff cosine" rows, lowest cosine first, at most `rows` of them.
std::string DriftTable(std::vector<VarDrift> drifts, size_t rows);

}  // namespace opt
}  // namespace lite
}  // namespace paddle
