// OpLite: the base of every op. A subclass reads its OpDesc into its param struct
// (AttachImpl), validates inputs (CheckShape) and computes output dims (InferShapeImpl).
// Unsupported attribute values are rejected in AttachImpl, i.e. at load time.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lite/core/kernel.h"
#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {

class OpLite {
 public:
  explicit OpLite(std::string type) : type_(std::move(type)) {}
  virtual ~OpLite() = default;
  OpLite(const OpLite&) = delete;
  OpLite& operator=(const OpLite&) = delete;

  const std::string& Type() const { return type_; }

  // Binds the op to its tensors in `scope` and reads its attributes. Throws
  // PaddleLiteException naming the op, var or attribute on anything it cannot handle.
  void Attach(const cpp::OpDesc& desc, Scope* scope);

  // Throws (via PLITE_CHECK) when inputs are unusable; returns true otherwise.
  virtual bool CheckShape() const = 0;
  virtual bool InferShapeImpl() const = 0;
  // CheckShape + InferShapeImpl, then refuses an output with more elements than the
  // machine has bytes; when no input dims/LoD changed since the last call the cached
  // output dims are restored instead.
  bool InferShape();

  // False for an output parameter the op never writes at inference (batch_norm's training
  // statistics, which Paddle binds to the Mean/Variance weights themselves): the dataflow
  // check (program_check.h) does not count it as a write.
  virtual bool WritesOutput(const std::string& param) const { return true; }
  // True for an output the op leaves alone where the program binds it to a weight (a fake
  // quantize op's OutScale: Paddle stores the scale the op would compute again).
  virtual bool LeavesWeightOutput(const std::string& param) const { return false; }
  // True for an element-wise op whose kernels read each element before writing it, so its
  // output may be its input (a program may then write that variable again in place).
  virtual bool ComputesInPlace() const { return false; }

  // Gives a kernel this op's param struct.
  void AttachKernel(KernelBase* kernel) {
    kernel->SetParam(mutable_param());
    kernel->BindOp(&desc_, scope_);
  }

  const cpp::OpDesc& op_info() const { return desc_; }
  Scope* scope() const { return scope_; }
  const std::vector<const Tensor*>& input_tensors() const { return inputs_; }
  const std::vector<Tensor*>& output_tensors() const { return outputs_; }
  std::string DebugString() const;

 protected:
  virtual bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) = 0;
  virtual ParamBase* mutable_param() = 0;
  // Ops whose output dims depend on input *values* (e.g. a size given as a tensor)
  // return true so shape inference is never served from the cache.
  virtual bool ShapeDependsOnInputValues() const { return false; }

  // Helpers for AttachImpl; all throw naming the op, parameter and variable.
  Tensor* GetInputTensor(const cpp::OpDesc& desc, Scope* scope, const std::string& param,
                         size_t index = 0) const;
  Tensor* GetOutputTensor(const cpp::OpDesc& desc, Scope* scope, const std::string& param,
                          size_t index = 0) const;
  // The feed/fetch list `var` bound to `param`, created in `scope` when missing; throws
  // when the variable holds a tensor.
  TensorList* GetTensorList(Scope* scope, const std::string& param, const std::string& var) const;
  // nullptr when the op has no argument for `param`.
  Tensor* GetOptionalInputTensor(const cpp::OpDesc& desc, Scope* scope,
                                 const std::string& param) const;
  std::vector<Tensor*> GetInputTensors(const cpp::OpDesc& desc, Scope* scope,
                                       const std::string& param) const;
  std::vector<Tensor*> GetOutputTensors(const cpp::OpDesc& desc, Scope* scope,
                                        const std::string& param) const;

 private:
  void CheckOutputFits(const Tensor& output) const;

  std::string type_;
  cpp::OpDesc desc_;
  Scope* scope_{nullptr};
  std::vector<const Tensor*> inputs_;
  std::vector<Tensor*> outputs_;
  // Shape-inference cache: input dims/LoD of the last inference and the outputs it gave.
  bool cache_valid_{false};
  std::vector<DDim> last_input_dims_;
  std::vector<LoD> last_input_lods_;
  std::vector<DDim> last_output_dims_;
  std::vector<LoD> last_output_lods_;
};

}  // namespace lite
}  // namespace paddle
