#include "lite/core/op_lite.h"

namespace paddle {
namespace lite {

namespace {
Tensor* LookupTensor(const std::string& op, Scope* scope, const std::string& param,
                     const std::string& var) {
  Variable* v = scope->FindVar(var);
  PLITE_CHECK(v != nullptr, "op '", op, "': variable '", var, "' (", param,
              ") is not defined in the program");
  PLITE_CHECK(!v->IsType<TensorList>(), "op '", op, "': variable '", var, "' (", param,
              ") is a feed/fetch list, not a tensor");
  return v->GetMutable<Tensor>();
}
}  // namespace

TensorList* OpLite::GetTensorList(Scope* scope, const std::string& param,
                                  const std::string& var) const {
  Variable* v = scope->Var(var);
  PLITE_CHECK(!v->IsType<Tensor>(), "op '", type_, "': variable '", var, "' (", param,
              ") is a tensor, not a feed/fetch list");
  return v->GetMutable<TensorList>();
}

void OpLite::Attach(const cpp::OpDesc& desc, Scope* scope) {
  desc_ = desc;
  scope_ = scope;
  AttachImpl(desc_, scope);
  inputs_.clear();
  outputs_.clear();
  for (const auto& name : desc_.InputArgumentNames()) {
    if (Variable* v = scope->FindVar(name)) {
      if (v->IsType<Tensor>()) inputs_.push_back(&v->Get<Tensor>());
    }
  }
  for (const auto& name : desc_.OutputArgumentNames()) {
    if (Variable* v = scope->FindVar(name)) {
      if (v->IsType<Tensor>()) outputs_.push_back(v->GetMutable<Tensor>());
    }
  }
  cache_valid_ = false;
}

// An output of more elements than the machine has bytes can never be allocated: refused
// while its dims are known, before a kernel sizes scratch or loops over it.
void OpLite::CheckOutputFits(const Tensor& output) const {
  const int64_t n = output.numel();  // negative: dims not resolved yet
  PLITE_CHECK(n < 0 || static_cast<uint64_t>(n) <= PhysicalMemoryBytes(), "op '", type_,
              "': output dims ", output.dims(), " (", n,
              " elements) exceed this machine's memory (", PhysicalMemoryBytes(), " bytes)");
}

bool OpLite::InferShape() {
  if (cache_valid_ && !ShapeDependsOnInputValues() && inputs_.size() == last_input_dims_.size()) {
    bool same = true;
    for (size_t i = 0; i < inputs_.size() && same; ++i) {
      same = inputs_[i]->dims() == last_input_dims_[i] && inputs_[i]->lod() == last_input_lods_[i];
    }
    if (same) {
      for (size_t i = 0; i < outputs_.size(); ++i) {
        outputs_[i]->Resize(last_output_dims_[i]);
        outputs_[i]->set_lod(last_output_lods_[i]);
      }
      return true;
    }
  }
  CheckShape();
  InferShapeImpl();
  for (const Tensor* t : outputs_) CheckOutputFits(*t);
  last_input_dims_.clear();
  last_input_lods_.clear();
  for (const Tensor* t : inputs_) {
    last_input_dims_.push_back(t->dims());
    last_input_lods_.push_back(t->lod());
  }
  last_output_dims_.clear();
  last_output_lods_.clear();
  for (const Tensor* t : outputs_) {
    last_output_dims_.push_back(t->dims());
    last_output_lods_.push_back(t->lod());
  }
  cache_valid_ = true;
  return true;
}

Tensor* OpLite::GetInputTensor(const cpp::OpDesc& desc, Scope* scope, const std::string& param,
                               size_t index) const {
  const auto& args = desc.Input(param);
  PLITE_CHECK(index < args.size(), "op '", type_, "': missing input '", param, "'");
  return LookupTensor(type_, scope, param, args[index]);
}

Tensor* OpLite::GetOutputTensor(const cpp::OpDesc& desc, Scope* scope, const std::string& param,
                                size_t index) const {
  const auto& args = desc.Output(param);
  PLITE_CHECK(index < args.size(), "op '", type_, "': missing output '", param, "'");
  return LookupTensor(type_, scope, param, args[index]);
}

Tensor* OpLite::GetOptionalInputTensor(const cpp::OpDesc& desc, Scope* scope,
                                       const std::string& param) const {
  if (!desc.HasInput(param)) return nullptr;
  return GetInputTensor(desc, scope, param);
}

std::vector<Tensor*> OpLite::GetInputTensors(const cpp::OpDesc& desc, Scope* scope,
                                             const std::string& param) const {
  std::vector<Tensor*> out;
  for (const auto& var : desc.Input(param)) out.push_back(LookupTensor(type_, scope, param, var));
  return out;
}

std::vector<Tensor*> OpLite::GetOutputTensors(const cpp::OpDesc& desc, Scope* scope,
                                              const std::string& param) const {
  std::vector<Tensor*> out;
  for (const auto& var : desc.Output(param)) out.push_back(LookupTensor(type_, scope, param, var));
  return out;
}

std::string OpLite::DebugString() const {
  std::string s = type_ + "(";
  bool first = true;
  for (const auto& kv : desc_.inputs()) {
    if (!first) s += ", ";
    first = false;
    s += kv.first + "=" + Join(kv.second, ",");
  }
  s += ") -> (";
  first = true;
  for (const auto& kv : desc_.outputs()) {
    if (!first) s += ", ";
    first = false;
    s += kv.first + "=" + Join(kv.second, ",");
  }
  return s + ")";
}

}  // namespace lite
}  // namespace paddle
