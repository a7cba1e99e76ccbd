#include "lite/core/scope.h"

#include <algorithm>

namespace paddle {
namespace lite {

Scope& Scope::NewScope() {
  std::lock_guard<std::mutex> lock(kids_mutex_);
  kids_.push_back(std::make_unique<Scope>());
  kids_.back()->parent_ = this;
  return *kids_.back();
}

void Scope::DeleteScope(Scope* child) {
  std::lock_guard<std::mutex> lock(kids_mutex_);
  kids_.erase(std::remove_if(kids_.begin(), kids_.end(),
                             [child](const std::unique_ptr<Scope>& s) { return s.get() == child; }),
              kids_.end());
}

Variable* Scope::Var(const std::string& name) {
  if (Variable* v = FindVar(name)) return v;
  return LocalVar(name);
}

Variable* Scope::LocalVar(const std::string& name) {
  auto& slot = vars_[name];
  if (!slot) slot = std::make_unique<Variable>();
  return slot.get();
}

Variable* Scope::FindLocalVar(const std::string& name) const {
  auto it = vars_.find(name);
  return it == vars_.end() ? nullptr : it->second.get();
}

Variable* Scope::FindVar(const std::string& name) const {
  for (const Scope* s = this; s; s = s->parent_) {
    if (Variable* v = s->FindLocalVar(name)) return v;
  }
  return nullptr;
}

Tensor* Scope::FindMutableTensor(const std::string& name) const {
  Variable* v = FindVar(name);
  if (!v || v->IsType<TensorList>()) return nullptr;  // never turn a list into a tensor
  return v->GetMutable<Tensor>();
}

std::vector<std::string> Scope::LocalVarNames() const {
  std::vector<std::string> names;
  names.reserve(vars_.size());
  for (const auto& kv : vars_) names.push_back(kv.first);
  return names;
}

}  // namespace lite
}  // namespace paddle
