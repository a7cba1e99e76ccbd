// The optimizer's graph: op nodes ("stmts") and variable nodes ("args") linked by
// edges, built from block 0 of a program. Each write of a variable is its own arg node,
// so the graph is in SSA form even when a program writes a name twice.
#pragma once

#include <list>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "lite/core/kernel.h"
#include "lite/core/op_lite.h"
#include "lite/core/program_desc.h"

namespace paddle {
namespace lite {
namespace mir {

struct Node {
  enum class Role { kArg, kStmt };
  Role role{Role::kArg};
  std::vector<Node*> inlinks;
  std::vector<Node*> outlinks;

  // ---- arg
  std::string name;
  bool persistable{false};
  bool type_known{false};
  Type type;  // where the value lives and what it holds, once known

  // ---- stmt
  cpp::OpDesc desc;
  std::unique_ptr<OpLite> op;  // attached to the graph's scope
  std::vector<std::unique_ptr<KernelBase>> candidates;
  KernelBase* picked{nullptr};

  bool IsArg() const { return role == Role::kArg; }
  bool IsStmt() const { return role == Role::kStmt; }
};

class SSAGraph {
 public:
  // `scope` holds the weights (and, in a child, the activations the ops attach to).
  SSAGraph(const cpp::ProgramDesc& program, Scope* scope, std::vector<Place> valid_places);

  std::list<Node>& nodes() { return nodes_; }
  // Activations (and op attachment) live in scope(); weights in weight_scope(), its root.
  Scope* scope() const { return scope_; }
  Scope* weight_scope() const {
    Scope* s = scope_;
    while (s->parent()) s = s->parent();
    return s;
  }
  const std::vector<Place>& valid_places() const { return valid_places_; }
  const cpp::BlockDesc& block() const { return block_; }
  const cpp::VarDesc* FindVarDesc(const std::string& name) const {
    auto it = var_index_.find(name);
    return it == var_index_.end() ? nullptr : it->second;
  }
  // The op versions the model records (cpp::ProgramDesc::op_versions).
  const std::map<std::string, int32_t>& op_versions() const { return op_versions_; }
  // Kernel providers in the app's order of preference (CxxConfig::set_kernel_providers);
  // the kernel picker prefers their kernels over the built-in ones.
  const std::vector<std::string>& kernel_providers() const { return kernel_providers_; }
  void set_kernel_providers(std::vector<std::string> providers) {
    kernel_providers_ = std::move(providers);
  }
  // Op types or written vars whose ops the kernel picker keeps off fp16 kernels.
  const std::vector<std::string>& keep_fp32_ops() const { return keep_fp32_ops_; }
  void set_keep_fp32_ops(std::vector<std::string> ops) { keep_fp32_ops_ = std::move(ops); }
  // Op types or read or written vars whose ops the kernel picker keeps on CPU kernels.
  const std::vector<std::string>& keep_cpu_ops() const { return keep_cpu_ops_; }
  void set_keep_cpu_ops(std::vector<std::string> ops) { keep_cpu_ops_ = std::move(ops); }

  // Stmts in an order where every stmt follows the producers of its inputs.
  std::vector<Node*> StmtTopologicalOrder();

  // Graph edits used by passes.
  Node* NewArg(const std::string& name, const cpp::VarDesc* like = nullptr);
  Node* NewStmt(const cpp::OpDesc& desc);  // creates and attaches the op
  void Link(Node* from, Node* to);
  void Unlink(Node* from, Node* to);
  void Remove(Node* node);  // drops the node and all its edges
  // Re-reads a stmt's op desc after a pass changed it (re-attaches the op; keeps the
  // picked kernel).
  void ResetStmt(Node* stmt);

  // The stmt's input arg node bound to `var` (nullptr if none).
  static Node* InputArg(Node* stmt, const std::string& var);
  static Node* OutputArg(Node* stmt, const std::string& var);

  // The optimized program: block 0 holds the ops in execution order, each with the picked
  // kernel's key, and every var they use; op_versions keeps those of its op types.
  cpp::ProgramDesc GenerateProgram();

 private:
  std::list<Node> nodes_;
  Scope* scope_;
  std::vector<Place> valid_places_;
  cpp::BlockDesc block_;
  std::unordered_map<std::string, const cpp::VarDesc*> var_index_;  // into block_.vars
  int64_t version_{0};
  std::map<std::string, int32_t> op_versions_;
  std::vector<std::string> kernel_providers_;
  std::vector<std::string> keep_fp32_ops_;
  std::vector<std::string> keep_cpu_ops_;
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle
