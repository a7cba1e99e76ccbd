#include "tools/precision_compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace opt {

namespace {

// A float variable's values and dims; empty where the predictor has no such float tensor.
struct Values {
  lite_api::shape_t shape;
  const float* data{nullptr};
  int64_t numel{0};
};

Values FloatVar(Predictor* p, const std::string& var) {
  Values v;
  try {
    const std::unique_ptr<const lite_api::Tensor> t = p->GetTensor(var);
    if (!t || t->numel() <= 0) return v;
    v.data = t->data<float>();  // throws for other types
    v.shape = t->shape();
    v.numel = t->numel();
  } catch (const std::exception&) {
    v.data = nullptr;
  }
  return v;
}

VarDrift Drift(const Values& a, const Values& b) {
  VarDrift d;
  d.numel = a.numel;
  const float* x = a.data;
  const float* y = b.data;
  double dot = 0, xx = 0, yy = 0;
  for (int64_t i = 0; i < d.numel; ++i) {
    d.max_abs_diff = std::max(d.max_abs_diff, std::fabs(double{x[i]} - y[i]));
    dot += double{x[i]} * y[i];
    xx += double{x[i]} * x[i];
    yy += double{y[i]} * y[i];
  }
  d.cosine = xx == 0 && yy == 0 ? 1.0 : dot / std::sqrt(std::max(xx * yy, 1e-300));
  return d;
}

}  // namespace

std::vector<VarDrift> CompareRuns(Predictor* test, Predictor* reference) {
  test->Run();
  reference->Run();
  std::vector<VarDrift> drifts;
  std::set<std::string> seen;
  for (const auto& inst : test->runtime_program().instructions()) {
    const cpp::OpDesc& desc = inst.op().op_info();
    const PrecisionType precision = inst.kernel().info().place.precision;
    for (const std::string& var : desc.OutputArgumentNames()) {
      if (!seen.insert(var).second) continue;
      const Values a = FloatVar(test, var), b = FloatVar(reference, var);
      if (!a.data || !b.data || a.shape != b.shape) continue;
      VarDrift d = Drift(a, b);
      d.var = var;
      d.op = desc.Type();
      for (const char* param : {"Input", "X"}) {
        if (d.input.empty() && desc.HasInput(param)) d.input = desc.Input(param)[0];
      }
      d.reduced = precision == PrecisionType::kInt8 || precision == PrecisionType::kFP16;
      drifts.push_back(d);
    }
  }
  return drifts;
}

std::string DriftTable(std::vector<VarDrift> drifts, size_t rows) {
  std::stable_sort(drifts.begin(), drifts.end(),
                   [](const VarDrift& a, const VarDrift& b) { return a.cosine < b.cosine; });
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line, "%-40s %-24s %10s %14s %12s\n", "var", "op (* reduced)", "numel",
                "max_abs_diff", "cosine");
  out += line;
  for (size_t i = 0; i < drifts.size() && i < rows; ++i) {
    const VarDrift& d = drifts[i];
    const std::string op = d.op + (d.reduced ? " *" : "");
    std::snprintf(line, sizeof line, "%-40s %-24s %10lld %14.6g %12.8f\n", d.var.c_str(),
                  op.c_str(), static_cast<long long>(d.numel), d.max_abs_diff, d.cosine);
    out += line;
  }
  return out;
}

}  // namespace opt
}  // namespace lite
}  // namespace paddle
