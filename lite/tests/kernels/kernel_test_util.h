// Helpers for op/kernel tests: build one op from an OpDesc in a fresh scope, pick the
// registered kernel for a place, run shape inference and the kernel, read results.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {
namespace test {

class OpRunner {
 public:
  explicit OpRunner(const std::string& op_type) : desc_(op_type) {}

  cpp::OpDesc& desc() { return desc_; }
  Scope& scope() { return scope_; }
  // The tensor named `name` (created on first use).
  Tensor* Var(const std::string& name) { return scope_.Var(name)->GetMutable<Tensor>(); }
  // Sets input `param` to a new var `name` holding `values` shaped `dims`.
  Tensor* SetInput(const std::string& param, const std::string& name, const DDim& dims,
                   const std::vector<float>& values);
  // Declares output `param` as var `name`.
  Tensor* SetOutput(const std::string& param, const std::string& name);

  // Creates + attaches the op, then runs InferShape and the kernel registered for `place`
  // (twice, to exercise the shape cache and kernel re-runs). Throws like the runtime.
  void Run(const Place& place = Place(TargetType::kHost, PrecisionType::kFloat,
                                      DataLayoutType::kNCHW));
  // Only creates + attaches the op and runs InferShape (for error-path tests).
  void InferShapeOnly();
  OpLite* op() { return op_.get(); }

 private:
  void Attach();

  cpp::OpDesc desc_;
  Scope scope_;
  std::unique_ptr<OpLite> op_;
  std::unique_ptr<KernelBase> kernel_;
  KernelContext ctx_;
};

// Finds the kernel registered for `op_type` at `place` (kAny in a registration matches).
const KernelInfo* FindKernel(const std::string& op_type, const Place& place);
// Whether the x86 kernels run here: an x86 build on a CPU with AVX2+FMA (false on ARM).
bool X86KernelsRunHere();
// Whether an x86 int8 conv kernel runs here (quantized models' int8 plans need one: an x86
// build on a CPU with AVX512_VNNI).
bool X86Int8ConvsRunHere();
// Whether an x86 int8 kernel of `op_type` is built and runs on this CPU.
bool X86Int8KernelRunsHere(const std::string& op_type);

std::vector<float> RandomVector(size_t n, float lo, float hi, uint32_t seed);
std::vector<float> ToVector(const Tensor& t);
// Element-wise |a - b| <= atol + rtol * |b| with the first mismatch reported.
void ExpectAllNear(const std::vector<float>& actual, const std::vector<float>& expected,
                   float atol, float rtol = 0.f);

// Runs `f`, expecting a PaddleLiteException whose message contains `needle`.
template <typename F>
void ExpectErrorContaining(F&& f, const std::string& needle) {
  try {
    f();
    ADD_FAILURE() << "expected an error containing '" << needle << "'";
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos)
        << "message: " << e.what() << "\nexpected to contain: " << needle;
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
