// Scope: named Variables with a parent chain. Weights live in the root scope; each
// predictor runs in a child scope holding its activations, so clones share weights.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "lite/core/variable.h"

namespace paddle {
namespace lite {

class Scope {
 public:
  Scope() = default;
  ~Scope() = default;
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;

  // A child scope owned by this one; its lookups fall back to this scope.
  Scope& NewScope();
  // Finds `name` here or in an ancestor, else creates it here.
  Variable* Var(const std::string& name);
  Variable* LocalVar(const std::string& name);  // creates here, ignoring ancestors
  Variable* FindVar(const std::string& name) const;
  Variable* FindLocalVar(const std::string& name) const;
  // Typed lookups; FindTensor returns nullptr when absent.
  Tensor* FindMutableTensor(const std::string& name) const;
  const Tensor* FindTensor(const std::string& name) const { return FindMutableTensor(name); }

  Scope* parent() const { return parent_; }
  std::vector<std::string> LocalVarNames() const;
  // Removes a child scope (and everything in it).
  void DeleteScope(Scope* child);

 private:
  Scope* parent_{nullptr};
  std::map<std::string, std::unique_ptr<Variable>> vars_;
  std::vector<std::unique_ptr<Scope>> kids_;
  mutable std::mutex kids_mutex_;  // clones create child scopes from several threads
};

}  // namespace lite
}  // namespace paddle
