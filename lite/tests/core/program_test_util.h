// Small programs built in tests and run through the optimizer: a feed -> ops -> fetch
// builder, the optimized program with its runtime, and a .nb round trip of it (what the
// light predictor loads). Shared by the pass tests in lite/tests/core.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "lite/optimizer/optimizer.h"
#include "lite/core/program.h"

namespace paddle {
namespace lite {
namespace test {

extern const std::vector<Place> kHostOnly;
extern const std::vector<Place> kX86Host;

// feed 'x' (declared dims) -> ops added by the test -> fetch(es).
class Builder {
 public:
  explicit Builder(const std::vector<int64_t>& x_dims);
  void AddVar(const std::string& name, cpp::VarKind kind = cpp::VarKind::kLodTensor,
              std::vector<int64_t> shape = {}, bool persistable = false);
  // Appends an op; outputs not declared yet get vars (with `out_dims` where given).
  cpp::OpDesc& Op(const std::string& type, const std::map<std::string, std::string>& in,
                  const std::map<std::string, std::string>& out,
                  const std::map<std::string, std::vector<int64_t>>& out_dims = {});
  void Fetch(const std::string& var, int col);
  const cpp::ProgramDesc& program() const { return program_; }

 private:
  cpp::ProgramDesc program_;
};

struct Optimized {
  std::unique_ptr<Scope> root{new Scope};
  Scope* exec{nullptr};
  cpp::ProgramDesc program;
  std::unique_ptr<RuntimeProgram> runtime;

  std::vector<std::string> OpTypes() const;
  const cpp::OpDesc* FindOp(const std::string& type) const;
  std::vector<const cpp::OpDesc*> Ops(const std::string& type) const;
  // The names the predictor reports as its inputs / outputs ("feed": feed Out, "fetch": fetch
  // X), by column.
  std::vector<std::string> IoNames(const std::string& type) const;
  // Fetch column `col` after running on `x`.
  std::vector<float> Run(const DDim& dims, const std::vector<float>& x, int col = 0);
};

// Weights by name: dims and values, put into the root scope as persistable tensors.
using Weights = std::map<std::string, std::pair<DDim, std::vector<float>>>;

std::unique_ptr<Optimized> Optimize(const cpp::ProgramDesc& program,
                                    const std::vector<Place>& places,
                                    const OptimizerOptions& options, const Weights& weights = {},
                                    int threads = 1, const KernelChoices& choices = {});
// The fusions on or off, the other passes at their defaults.
std::unique_ptr<Optimized> Optimize(const cpp::ProgramDesc& program,
                                    const std::vector<Place>& places, bool fuse,
                                    const Weights& weights = {}, int threads = 1);

// The optimized program written to .nb bytes and loaded back, as the light predictor does.
std::unique_ptr<Optimized> NbRoundTrip(const Optimized& o);

// kX86Host on CPUs with AVX2+FMA when `x86`, else kHostOnly.
std::vector<Place> PlacesOnThisCpu(bool x86);

}  // namespace test
}  // namespace lite
}  // namespace paddle
