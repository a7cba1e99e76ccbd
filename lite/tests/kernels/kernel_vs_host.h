// The backend kernel tests' shared runner: build one op in a scope, run a backend's kernel
// (x86, ARM) and the host kernel (the reference) on the same op and inputs, compare every
// output. And the fixture of the case suites every backend runs (backend_cases/): a test
// written once, instantiated by each backend's test program at its place.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/core/scope.h"
#include "lite/core/thread_pool.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {

inline const Place kHostPlace(TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW);
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
// `blocked` are stored in the place's channel-blocked layout (converted by the test's own
// reorder below).
class KernelRun {
 public:
  KernelRun(const OpCase& op_case, const Place& place, int threads = 1,
            const std::string& alias = "", const std::vector<std::string>& blocked = {});

  // Overwrites var `name` (a new input shape between runs, or a bad one for error tests);
  // blocked when the name was given as blocked.
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

// Reference reorders for the channel-blocked tests (NCHW4c, NCHW16c), written as plain
// index arithmetic (the kernels use their backend's reorders): NCHW values -> blocked values
// (padding lanes zero) and back.
std::vector<float> ToBlocked(const std::vector<float>& nchw, const DDim& dims,
                             DataLayoutType layout);
std::vector<float> FromBlocked(const float* blocked, const DDim& dims, DataLayoutType layout);
// A tensor's values in NCHW order, whichever of NCHW / a blocked layout it holds.
std::vector<float> NchwValues(const Tensor& t);

// |kernel - host| <= atol + rtol * |host|, element-wise; the default {} compares exactly.
struct Tolerance {
  float atol{0.f};
  float rtol{0.f};
};

// Expects each of `outputs` with the same dims in both runs and values within `tol`.
void ExpectSameOutputs(KernelRun* host, KernelRun* kernel, const std::vector<std::string>& outputs,
                       Tolerance tol);

// Runs `op_case` once on the host kernel and `runs` times on the kernel at `place` with
// `threads` threads (later runs reuse packed weights and scratch), comparing every output
// after each run.
void ExpectKernelMatchesHost(const OpCase& op_case, const Place& place, Tolerance tol,
                             int threads = 1, int runs = 2, const std::string& alias = "");

// Builds `op_case` once on the host and once at `place` (`threads` threads), then, for each
// of `shapes`, fills input `input` with values in [lo, hi) from `seed` and runs both, comparing
// every output: a reused kernel follows new input shapes (its packed weights stay valid).
void ExpectKernelFollowsInputShapes(const OpCase& op_case, const Place& place,
                                    const std::string& input, const std::vector<DDim>& shapes,
                                    float lo, float hi, uint32_t seed, Tolerance tol,
                                    int threads = 1);

// [n, c, h, w] for each (h, w) of `planes`: new input shapes of an NCHW op.
std::vector<DDim> NchwShapes(int64_t n, int64_t c,
                             const std::vector<std::pair<int64_t, int64_t>>& planes);

// ExpectKernelMatchesHost where the host's outputs are not all finite: NaN where the host
// has NaN, the same infinity where it has one, and the finite values within `tol`.
void ExpectKernelMatchesHostNonFinite(const OpCase& op_case, const Place& place, Tolerance tol,
                                      int threads = 1, int runs = 2);

// The same for a channel-blocked kernel (`place` has the blocked layout): the inputs named
// in `blocked` go in blocked, every output is expected blocked and compared in NCHW order.
void ExpectBlockedKernelMatchesHost(const OpCase& op_case, const Place& place,
                                    const std::vector<std::string>& blocked, Tolerance tol,
                                    int threads = 1, const std::string& alias = "def",
                                    int runs = 2);

// A backend whose kernels a case suite runs against the host kernels: the place its
// kernels are registered at, whether they run on this CPU (null: always), and the CPU
// feature their registrations ask for.
struct KernelBackend {
  std::string name;  // the last part of the test names
  Place place;
  bool (*runs_here)(){nullptr};
  std::string cpu_feature;  // KernelInfo::cpu_feature ("": none)
};

// The fixture of the case suites (backend_cases/backend_cases.h): GetParam() is the backend
// under test; every test skips where its kernels do not run. A backend's test program runs
// a suite at its place with
//   INSTANTIATE_TEST_SUITE_P(, ConvTransposeVsHost, ::testing::Values(X86Backend()),
//                            KernelBackendName);
class KernelVsHostTest : public ::testing::TestWithParam<KernelBackend> {
 protected:
  void SetUp() override;
  const Place& place() const { return GetParam().place; }
  // ExpectKernelMatchesHost at the backend's place.
  void ExpectMatchesHost(const OpCase& op_case, Tolerance tol, int threads = 1,
                         int runs = 2) const {
    ExpectKernelMatchesHost(op_case, place(), tol, threads, runs);
  }
  // The backend registers a kernel for `op_type` at its place, asking for its CPU feature.
  void ExpectRegistered(const std::string& op_type) const;
};

std::string KernelBackendName(const ::testing::TestParamInfo<KernelBackend>& info);
void PrintTo(const KernelBackend& backend, std::ostream* os);

}  // namespace test
}  // namespace lite
}  // namespace paddle
