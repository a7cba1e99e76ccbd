// weight_quantize_fold_pass: a quantization op whose inputs are all weights (a QAT model's
// fake_channel_wise_quantize_dequantize_abs_max on a conv filter, quantize_linear +
// dequantize_linear on a weight) computes the same value every run: it runs once here, on
// its host kernel, and its output becomes a weight, "<Out>@folded". The convolutions then
// see a weight filter (their packing and the conv+bn fusion need one) and inference does
// not quantize the weights again at every run.
//
// Kept: ops whose output is persistable or fetched, or whose other outputs (a computed
// OutScale) are read.
#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/optimizer/pass.h"
#include "lite/optimizer/passes/fuse_util.h"

namespace paddle {
namespace lite {
namespace mir {

namespace {

const std::set<std::string>& QuantizeOps() {
  static const std::set<std::string> ops = {
      "fake_quantize_dequantize_moving_average_abs_max",
      "fake_quantize_dequantize_abs_max",
      "fake_channel_wise_quantize_dequantize_abs_max",
      "fake_quantize_moving_average_abs_max",
      "fake_quantize_range_abs_max",
      "fake_quantize_abs_max",
      "fake_channel_wise_quantize_abs_max",
      "fake_dequantize_max_abs",
      "fake_channel_wise_dequantize_max_abs",
      "quantize_linear",
      "dequantize_linear"};
  return ops;
}

const char* OutParam(const Node* stmt) {
  const std::string& type = stmt->desc.Type();
  return type == "quantize_linear" || type == "dequantize_linear" ? "Y" : "Out";
}

// The host kernel of the op for X's precision (a dequantize op takes int8 weights too).
std::unique_ptr<KernelBase> HostKernel(const std::string& type, PrecisionType x_precision) {
  const std::string alias = x_precision == PrecisionType::kInt8 ? "int8_x" : "def";
  for (const KernelInfo* info : KernelRegistry::Global().Kernels(type)) {
    if (info->place.target == TargetType::kHost && info->alias == alias) {
      return KernelRegistry::Create(*info);
    }
  }
  return nullptr;
}

bool Foldable(SSAGraph* graph, Node* stmt, Node* out) {
  if (!out || out->persistable || ReadByFetch(out)) return false;
  if (!OtherOutputsUnused(stmt, OutParam(stmt))) return false;
  for (const Node* in : stmt->inlinks) {
    if (!in->persistable || !graph->weight_scope()->FindTensor(in->name)) return false;
  }
  return !stmt->inlinks.empty();
}

}  // namespace

class WeightQuantizeFoldPass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    for (Node* stmt : graph->StmtTopologicalOrder()) {
      if (!QuantizeOps().count(stmt->desc.Type())) continue;
      Node* out = OutputOf(stmt, OutParam(stmt));
      if (!Foldable(graph, stmt, out)) continue;
      Node* x = InputOf(stmt, "X");
      const Tensor* weight = x ? graph->weight_scope()->FindTensor(x->name) : nullptr;
      if (!weight) continue;
      std::unique_ptr<KernelBase> kernel = HostKernel(stmt->desc.Type(), weight->precision());
      if (!kernel) continue;
      // An op whose shapes or values do not fit is left for the run to report, with the
      // program's other checks.
      try {
        stmt->op->InferShape();
        stmt->op->AttachKernel(kernel.get());
        kernel->Launch();
      } catch (const PaddleLiteException&) {
        continue;
      }
      const Tensor* value = graph->scope()->FindTensor(out->name);
      const std::string name = out->name + "@folded";
      Tensor* folded = NewWeight(graph, name, value->dims());
      std::copy(value->data<float>(), value->data<float>() + value->numel(),
                folded->mutable_data<float>());
      Node* arg = graph->NewArg(name);
      MoveReaders(graph, out, arg, nullptr);
      graph->Remove(out);
      for (Node* other : std::vector<Node*>(stmt->outlinks)) graph->Remove(other);  // OutScale
      const std::vector<Node*> inputs = stmt->inlinks;
      graph->Remove(stmt);
      for (Node* in : inputs) {
        if (in->outlinks.empty()) graph->Remove(in);
      }
    }
  }
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(weight_quantize_fold_pass, paddle::lite::mir::WeightQuantizeFoldPass);
