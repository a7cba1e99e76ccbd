// The x86 kernel tests' shared runner: build one op in a scope, run the x86 kernel and the
// host kernel (the reference) on the same op and inputs, compare every output.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/core/scope.h"
#include "lite/core/thread_pool.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {

inline const Place kHostPlace(TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW);
inline const Place kX86Place(TargetType::kX86, PrecisionType::kFloat, DataLayoutType::kNCHW);
inline const Place kX86BlockedPlace(TargetType::kX86, PrecisionType::kFloat,
                                    DataLayoutType::kNCHW16c);

// Skips every test of the fixture on CPUs without AVX2+FMA: there the x86 kernels are never
// picked.
class X86KernelTest : public ::testing::Test {
 protected:
  void SetUp() override;
};

// The x86 kernel of `op_type` is registered and asks for AVX2+FMA.
void ExpectX86KernelRequiresAvx2Fma(const std::string& op_type);

// One op's description and input values: what both kernels run on.
class OpCase {
 public:
  struct Value {
    std::string name;
    DDim dims;
    std::vector<float> values;
    std::vector<int32_t> ints;  // an int32 input when values is empty
    bool is_int{false};
  };

  explicit OpCase(const std::string& op_type) : desc_(op_type) {}

  cpp::OpDesc& desc() { return desc_; }
  const cpp::OpDesc& desc() const { return desc_; }
  // Binds input `param` to var `name` holding `values` shaped `dims` (appends: params such as
  // concat's X take several vars).
  OpCase& Input(const std::string& param, const std::string& name, const DDim& dims,
                std::vector<float> values);
  // The same for an int32 input (sizes such as interpolate's OutSize).
  OpCase& IntInput(const std::string& param, const std::string& name, const DDim& dims,
                   std::vector<int32_t> values);
  // Binds output `param` to var `name`; every output bound this way is compared (bind one
  // through desc() to leave it out).
  OpCase& Output(const std::string& param, const std::string& name);
  template <typename T>
  OpCase& Attr(const std::string& name, const T& value) {
    desc_.SetAttr<T>(name, value);
    return *this;
  }

  const std::vector<Value>& inputs() const { return inputs_; }
  const std::vector<std::string>& outputs() const { return outputs_; }

 private:
  cpp::OpDesc desc_;
  std::vector<Value> inputs_;
  std::vector<std::string> outputs_;
};

// One op + the kernel registered at `place` with a pool of `threads` (as RuntimeProgram makes
// it), kept alive to run again: kernels keep packed weights and scratch between runs.
// `alias` picks among kernels at the same place ("" = the first registered). Inputs named in
// `blocked` are stored in NCHW16c (converted by the test's own reorder below).
class KernelRun {
 public:
  KernelRun(const OpCase& op_case, const Place& place, int threads = 1,
            const std::string& alias = "", const std::vector<std::string>& blocked = {});

  // Overwrites var `name` (a new input shape between runs, or a bad one for error tests);
  // NCHW16c when the name was given as blocked.
  void Fill(const std::string& name, const DDim& dims, const std::vector<float>& values);
  void FillInt(const std::string& name, const DDim& dims, const std::vector<int32_t>& values);
  // Creates the op and its kernel on the first call (the inputs must be filled).
  void Prepare();
  // Prepare, InferShape, Launch.
  void Run();
  const Tensor& Var(const std::string& name) { return *scope_.Var(name)->GetMutable<Tensor>(); }

  Scope* scope() { return &scope_; }
  KernelBase* kernel() { return kernel_.get(); }

 private:
  cpp::OpDesc desc_;
  Place place_;
  std::string alias_;
  std::vector<std::string> blocked_;
  Scope scope_;
  std::unique_ptr<ThreadPool> pool_;
  KernelContext ctx_;
  std::unique_ptr<OpLite> op_;
  std::unique_ptr<KernelBase> kernel_;
};

// Reference reorders for the NCHW16c tests, written as plain index arithmetic (the kernels
// use lite/backends/x86/math/nchwc/nchwc_reorder.h): NCHW values -> blocked values (padding lanes
// zero) and back.
std::vector<float> ToBlocked(const std::vector<float>& nchw, const DDim& dims);
std::vector<float> FromBlocked(const float* blocked, const DDim& dims);
// A tensor's values in NCHW order, whichever of NCHW / NCHW16c it holds.
std::vector<float> NchwValues(const Tensor& t);

// |x86 - host| <= atol + rtol * |host|, element-wise; the default {} compares exactly.
struct Tolerance {
  float atol{0.f};
  float rtol{0.f};
};

// Expects each of `outputs` with the same dims in both runs and values within `tol`.
void ExpectSameOutputs(KernelRun* host, KernelRun* x86, const std::vector<std::string>& outputs,
                       Tolerance tol);

// Runs `op_case` once on the host kernel and `x86_runs` times on the x86 kernel with
// `threads` threads (later runs reuse packed weights and scratch), comparing every output
// after each x86 run.
void ExpectX86MatchesHost(const OpCase& op_case, Tolerance tol, int threads = 1,
                          int x86_runs = 2);

// The same for the x86 NCHW16c kernel of `alias`: the inputs named in `blocked` go in
// blocked, every output is expected blocked and compared in NCHW order.
void ExpectBlockedMatchesHost(const OpCase& op_case, const std::vector<std::string>& blocked,
                              Tolerance tol, int threads = 1, const std::string& alias = "def",
                              int x86_runs = 2);

}  // namespace test
}  // namespace lite
}  // namespace paddle
