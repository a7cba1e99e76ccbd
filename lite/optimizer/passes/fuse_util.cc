#include "lite/optimizer/passes/fuse_util.h"

#include <algorithm>

namespace paddle {
namespace lite {
namespace mir {

Node* InputOf(Node* stmt, const std::string& param) {
  const auto& args = stmt->desc.Input(param);
  return args.empty() ? nullptr : SSAGraph::InputArg(stmt, args[0]);
}

Node* OutputOf(Node* stmt, const std::string& param) {
  const auto& args = stmt->desc.Output(param);
  return args.empty() ? nullptr : SSAGraph::OutputArg(stmt, args[0]);
}

Node* SoleConsumer(Node* arg) {
  return arg && arg->outlinks.size() == 1 ? arg->outlinks[0] : nullptr;
}

bool IsPrivateWeight(SSAGraph* graph, Node* arg, Node* reader, PrecisionType precision) {
  if (!arg || !arg->persistable || arg->outlinks.size() != 1 || arg->outlinks[0] != reader) {
    return false;
  }
  const Tensor* t = graph->weight_scope()->FindTensor(arg->name);
  return t && t->precision() == precision && t->numel() > 0;
}

bool OtherOutputsUnused(Node* stmt, const std::string& param) {
  Node* keep = OutputOf(stmt, param);
  for (Node* out : stmt->outlinks) {
    if (out != keep && !out->outlinks.empty()) return false;
  }
  return true;
}

void FoldInto(SSAGraph* graph, Node* first, const std::string& first_out, Node* second,
              const std::string& second_out) {
  Node* middle = OutputOf(first, first_out);
  Node* result = OutputOf(second, second_out);
  PLITE_CHECK(middle && result, "fusion of ", first->desc.Type(), " and ", second->desc.Type(),
              ": missing argument");
  first->desc.SetOutput(first_out, {result->name});
  graph->Unlink(second, result);
  graph->Link(first, result);
  // An arg `second` reads through several params (batch_norm with Mean = Variance) is
  // linked once per param but must be unlinked and removed only once.
  std::vector<Node*> inputs;
  for (Node* in : second->inlinks) {
    if (std::find(inputs.begin(), inputs.end(), in) == inputs.end()) inputs.push_back(in);
  }
  for (Node* in : inputs) {
    graph->Unlink(in, second);
    if (in != middle && in->outlinks.empty() && in->inlinks.empty()) graph->Remove(in);
  }
  for (Node* out : std::vector<Node*>(second->outlinks)) graph->Remove(out);  // unused outputs
  graph->Remove(second);
  graph->Remove(middle);
  graph->ResetStmt(first);
}

void MoveReaders(SSAGraph* graph, Node* from, Node* to, const Node* except) {
  std::vector<Node*> readers;
  for (Node* r : from->outlinks) {
    if (r != except && std::find(readers.begin(), readers.end(), r) == readers.end()) {
      readers.push_back(r);
    }
  }
  for (Node* r : readers) {
    // An op reading the arg through several params is linked once per param.
    const auto edges = std::count(r->inlinks.begin(), r->inlinks.end(), from);
    graph->Unlink(from, r);
    for (auto& param : *r->desc.mutable_inputs()) {
      std::replace(param.second.begin(), param.second.end(), from->name, to->name);
    }
    for (int64_t i = 0; i < edges; ++i) graph->Link(to, r);
    graph->ResetStmt(r);
  }
}

bool ReadByFetch(const Node* arg) {
  for (const Node* reader : arg->outlinks) {
    if (reader->desc.Type() == "fetch") return true;
  }
  return false;
}

Tensor* NewWeight(SSAGraph* graph, const std::string& name, const DDim& dims) {
  Tensor* t = graph->weight_scope()->Var(name)->GetMutable<Tensor>();
  t->Resize(dims);
  t->mutable_data<float>();
  t->set_persistable(true);
  return t;
}

int FcInNumColDims(SSAGraph* graph, Node* stmt, const std::string& x_var) {
  const auto& d = stmt->desc;
  if (d.Type() == "mul") {
    if (d.GetAttrOr<int32_t>("y_num_col_dims", 1) != 1) return -1;
    return d.GetAttrOr<int32_t>("x_num_col_dims", 1);
  }
  const bool v2 = d.Type() == "matmul_v2";
  if (!v2 && d.Type() != "matmul") return -1;
  const bool trans_x = d.GetAttrOr<bool>(v2 ? "trans_x" : "transpose_X", false);
  const bool trans_y = d.GetAttrOr<bool>(v2 ? "trans_y" : "transpose_Y", false);
  if (trans_x || trans_y || (!v2 && d.GetAttrOr<float>("alpha", 1.f) != 1.f)) return -1;
  const cpp::VarDesc* x = graph->FindVarDesc(x_var.empty() ? d.Input("X")[0] : x_var);
  if (!x || x->shape.size() < 2) return -1;
  return static_cast<int>(x->shape.size()) - 1;
}

}  // namespace mir
}  // namespace lite
}  // namespace paddle
