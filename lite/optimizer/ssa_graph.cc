#include "lite/optimizer/ssa_graph.h"

#include <algorithm>
#include <map>
#include <queue>
#include <set>

#include "lite/core/op_registry.h"
#include "lite/core/program.h"

namespace paddle {
namespace lite {
namespace mir {

SSAGraph::SSAGraph(const cpp::ProgramDesc& program, Scope* scope, std::vector<Place> valid_places)
    : scope_(scope), valid_places_(std::move(valid_places)) {
  PLITE_CHECK(!program.blocks.empty(), "program has no blocks");
  block_ = program.blocks[0];
  block_.ops.clear();
  // The first desc of each name, as BlockDesc::FindVar finds it; block_ is fixed from here.
  for (const cpp::VarDesc& var : block_.vars) var_index_.emplace(var.name, &var);
  version_ = program.version;
  op_versions_ = program.op_versions;
  CreateBlockVars(program.blocks[0], scope);

  std::map<std::string, Node*> latest;  // var name -> arg node of its latest write
  auto arg_for_read = [&](const std::string& name) {
    auto it = latest.find(name);
    if (it != latest.end()) return it->second;
    Node* arg = NewArg(name);
    latest[name] = arg;
    return arg;
  };
  for (const auto& desc : program.blocks[0].ops) {
    Node* stmt = NewStmt(desc);
    for (const auto& name : desc.InputArgumentNames()) Link(arg_for_read(name), stmt);
    for (const auto& name : desc.OutputArgumentNames()) {
      Node* arg = NewArg(name);
      latest[name] = arg;
      Link(stmt, arg);
    }
  }
}

Node* SSAGraph::NewArg(const std::string& name, const cpp::VarDesc* like) {
  nodes_.emplace_back();
  Node& n = nodes_.back();
  n.role = Node::Role::kArg;
  n.name = name;
  const cpp::VarDesc* var = like ? like : FindVarDesc(name);
  if (var) {
    n.persistable = var->persistable;
  } else {
    const Tensor* t = scope_->FindTensor(name);
    n.persistable = t && t->persistable();
  }
  return &n;
}

Node* SSAGraph::NewStmt(const cpp::OpDesc& desc) {
  nodes_.emplace_back();
  Node& n = nodes_.back();
  n.role = Node::Role::kStmt;
  n.desc = desc;
  n.op = OpRegistry::Global().Create(desc.Type());
  n.op->Attach(n.desc, scope_);
  return &n;
}

void SSAGraph::ResetStmt(Node* stmt) {
  for (const auto& name : stmt->desc.OutputArgumentNames()) {
    if (!scope_->FindVar(name)) scope_->LocalVar(name)->GetMutable<Tensor>();
  }
  stmt->op = OpRegistry::Global().Create(stmt->desc.Type());
  stmt->op->Attach(stmt->desc, scope_);
}

void SSAGraph::Link(Node* from, Node* to) {
  from->outlinks.push_back(to);
  to->inlinks.push_back(from);
}

void SSAGraph::Unlink(Node* from, Node* to) {
  auto drop = [](std::vector<Node*>& v, Node* x) { v.erase(std::remove(v.begin(), v.end(), x), v.end()); };
  drop(from->outlinks, to);
  drop(to->inlinks, from);
}

void SSAGraph::Remove(Node* node) {
  for (Node* in : std::vector<Node*>(node->inlinks)) Unlink(in, node);
  for (Node* out : std::vector<Node*>(node->outlinks)) Unlink(node, out);
  nodes_.remove_if([node](const Node& n) { return &n == node; });
}

Node* SSAGraph::InputArg(Node* stmt, const std::string& var) {
  for (Node* in : stmt->inlinks) {
    if (in->name == var) return in;
  }
  return nullptr;
}

Node* SSAGraph::OutputArg(Node* stmt, const std::string& var) {
  for (Node* out : stmt->outlinks) {
    if (out->name == var) return out;
  }
  return nullptr;
}

std::vector<Node*> SSAGraph::StmtTopologicalOrder() {
  // Kahn's algorithm over stmts, keeping the program's original order among ready stmts.
  std::map<Node*, size_t> position;
  size_t i = 0;
  for (auto& n : nodes_) position[&n] = i++;
  std::map<Node*, int> pending;  // unresolved producer stmts per stmt
  auto cmp = [&](Node* a, Node* b) { return position[a] > position[b]; };
  std::priority_queue<Node*, std::vector<Node*>, decltype(cmp)> ready(cmp);
  for (auto& n : nodes_) {
    if (!n.IsStmt()) continue;
    int count = 0;
    for (Node* arg : n.inlinks) count += static_cast<int>(arg->inlinks.size());
    pending[&n] = count;
    if (count == 0) ready.push(&n);
  }
  std::vector<Node*> order;
  while (!ready.empty()) {
    Node* s = ready.top();
    ready.pop();
    order.push_back(s);
    for (Node* arg : s->outlinks) {
      for (Node* consumer : arg->outlinks) {
        if (--pending[consumer] == 0) ready.push(consumer);
      }
    }
  }
  PLITE_CHECK(order.size() == pending.size(), "the program graph has a cycle");
  return order;
}

cpp::ProgramDesc SSAGraph::GenerateProgram() {
  cpp::ProgramDesc program;
  program.version = version_;
  program.blocks.emplace_back();
  cpp::BlockDesc& block = program.blocks[0];
  block.idx = 0;
  std::set<std::string> used;
  for (Node* stmt : StmtTopologicalOrder()) {
    cpp::OpDesc desc = stmt->desc;
    if (stmt->picked) desc.SetAttr<std::string>(kKernelKeyAttr, stmt->picked->key());
    for (const auto& n : desc.InputArgumentNames()) used.insert(n);
    for (const auto& n : desc.OutputArgumentNames()) used.insert(n);
    // The versions of the op types left (Paddle records every op type it knows).
    auto version = op_versions_.find(desc.Type());
    if (version != op_versions_.end()) program.op_versions.insert(*version);
    block.ops.push_back(std::move(desc));
  }
  // Keep the declared vars that are still used, then the ones passes created.
  std::set<std::string> declared;
  for (const auto& var : block_.vars) {
    declared.insert(var.name);
    if (used.count(var.name)) block.vars.push_back(var);
  }
  for (auto& n : nodes_) {
    if (!n.IsArg() || declared.count(n.name) || !used.count(n.name)) continue;
    declared.insert(n.name);
    cpp::VarDesc var;
    var.name = n.name;
    var.persistable = n.persistable;
    if (n.type_known) var.precision = n.type.precision;
    // Weights a pass created (e.g. a fused conv bias) declare their tensor's dims, as loaded
    // weights do, so saved models describe every param.
    if (n.persistable) {
      if (const Tensor* t = weight_scope()->FindTensor(n.name)) var.shape = t->dims().Vectorize();
    }
    block.vars.push_back(var);
  }
  return program;
}

}  // namespace mir
}  // namespace lite
}  // namespace paddle
