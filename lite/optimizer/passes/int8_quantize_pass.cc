// int8_quantize_pass: runs a quantized model's convolutions in int8. A QAT or PTQ program
// marks a quantized op by quantizing both its inputs in float:
//
//   x -> fake_quantize_dequantize_moving_average_abs_max (InScale s)    -> conv2d Input
//        (or quantize_linear + dequantize_linear with one Scale s)
//   W -> fake_channel_wise_quantize_dequantize_abs_max (s_c = max |W_c|) -> conv2d Filter
//        (or dequantize_linear (Scale s_c) of int-valued W or of quantize_linear(W))
//
// Both sides are q * s / 127 with integer q, so the conv's sums are (s / 127)(s_c / 127)
// times an integer GEMM. The pass rewrites such an op to read x itself and an int8 copy of
// the filter, "<filter>@int8", with Paddle Lite's attributes: enable_int8, Input0_scale
// {s / 127}, Filter0_scale {s_c / 127 per output channel}, and quant_round_type, how x is
// rounded (Paddle's round_type: 1 ties away from zero, 0 ties to even). The int8 kernel
// quantizes x, multiplies in int8 and scales back in its epilogue: the float simulation's
// numbers, within float32 rounding. Quantize ops left without readers are removed. A
// depthwise_conv2d (one filter per channel) is rewritten the same way, its filter int8
// [C, 1, kh, kw] with one scale per channel.
//
// An op is rewritten only where asked and where a kernel can run it: the valid places list
// an int8 place (Place{kX86, kInt8}, as Paddle Lite asks) on a target with an int8 kernel
// of its type that this CPU runs (otherwise it stays in float simulation), and the op is
// not named by keep_fp32_ops (its type, or an output as the fusions leave it), and where
// int8 pays and its int32 sums cannot overflow: at least 16 input channels per group, at
// most 65536 products an output (lite/optimizer/quantization/int8_rules.h); depthwise convs
// of one filter per channel pay from 16 channels (at most 1024 taps). The tools' and
// CxxConfig's default places list the x86 and ARM int8 places; the x86 int8 kernels run
// where int8 beats the float simulation, on AVX512_VNNI CPUs, the ARM ones on every CPU
// (docs/quantization.md). Runs before
// weight_quantize_fold_pass, which folds the quantize ops this pass leaves.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "lite/backends/host/math/fake_quantize.h"
#include "lite/core/op_registry.h"
#include "lite/operators/activation_attrs.h"
#include "lite/optimizer/pass.h"
#include "lite/optimizer/passes/fuse_util.h"
#include "lite/optimizer/quantization/int8_rules.h"

namespace paddle {
namespace lite {
namespace mir {

namespace {

namespace qm = lite::host::math;

// The op types quantized, the argument names of their data and weight, the op that runs
// them in int8 (a product by a weight matrix becomes an fc) and the weight's rank and
// output-channel axis.
struct QuantizableOp {
  const char* type;
  const char* input;
  const char* weight;
  const char* int8_type;
  int weight_rank;
  int channel_axis;
  bool depthwise;  // one filter per channel
};
constexpr QuantizableOp kQuantizableOps[] = {
    {"conv2d", "Input", "Filter", "conv2d", 4, 0, false},
    {"depthwise_conv2d", "Input", "Filter", "depthwise_conv2d", 4, 0, true},
    {"mul", "X", "Y", "fc", 2, 1, false},
    {"matmul", "X", "Y", "fc", 2, 1, false},
    {"matmul_v2", "X", "Y", "fc", 2, 1, false}};

// The input channels (per group) each output sums: a conv filter's dims[1], a matrix's rows.
int64_t SummedChannels(const QuantizableOp& kind, const DDim& weight) {
  return kind.weight_rank == 4 ? weight[1] : weight[0];
}

// Whether int8 pays for the op and its sums stay exact (int8_rules.h); a depthwise conv
// needs one filter per channel (the int8 kernels have no channel multiplier).
bool Int8Pays(const QuantizableOp& kind, const cpp::OpDesc& desc, const DDim& weight) {
  if (kind.depthwise) {
    return weight[1] == 1 && desc.GetAttrOr<int32_t>("groups", 1) == weight[0] &&
           Int8DepthwisePays(weight[0], weight[2] * weight[3]);
  }
  return Int8ConvPays(SummedChannels(kind, weight)) &&
         Int8SumsFit(weight.production() / weight[kind.channel_axis]);
}

bool HasInt8Kernel(const SSAGraph& graph, const std::string& type) {
  for (const KernelInfo* info : KernelRegistry::Global().Kernels(type)) {
    if (info->place.precision != PrecisionType::kInt8 || !info->RunsOnThisCpu()) continue;
    for (const Place& p : graph.valid_places()) {
      if (p.target == info->place.target && p.precision == PrecisionType::kInt8) return true;
    }
  }
  return false;
}

// The vars a conv writes once the fusions that run after this pass fold its batch norm,
// bias add and activation into it (keep_fp32_ops names those, as the optimized program
// shows them): its own output, then each sole consumer's of those kinds.
std::vector<std::string> OutputsOnceFused(Node* stmt) {
  std::vector<std::string> names;
  for (const Node* out : stmt->outlinks) names.push_back(out->name);
  Node* out = OutputOf(stmt, stmt->desc.HasOutput("Output") ? "Output" : "Out");
  while (Node* next = out ? SoleConsumer(out) : nullptr) {
    const std::string& type = next->desc.Type();
    const bool folds = type == "batch_norm" || operators::IsFusableActivation(type) ||
                       (type == "elementwise_add" && InputOf(next, "Y") &&
                        InputOf(next, "Y")->persistable);
    Node* next_out = OutputOf(next, type == "batch_norm" ? "Y" : "Out");
    if (!folds || !next_out) break;
    names.push_back(next_out->name);
    out = next_out;
  }
  return names;
}

// keep_fp32_ops names the op's type (as the model or the optimized program has it) or an
// output.
bool NamedByKeepFp32(SSAGraph* graph, Node* stmt, const QuantizableOp& kind) {
  const std::vector<std::string> outputs = OutputsOnceFused(stmt);
  for (const std::string& entry : graph->keep_fp32_ops()) {
    if (entry == stmt->desc.Type() || entry == kind.int8_type) return true;
    if (std::find(outputs.begin(), outputs.end(), entry) != outputs.end()) return true;
  }
  return false;
}

Node* Producer(Node* arg) {
  return arg && arg->inlinks.size() == 1 ? arg->inlinks[0] : nullptr;
}

const Tensor* WeightOf(SSAGraph* graph, Node* stmt, const std::string& param) {
  Node* arg = InputOf(stmt, param);
  return arg && arg->persistable ? graph->weight_scope()->FindTensor(arg->name) : nullptr;
}

int BinCount(const cpp::OpDesc& desc) {
  return (1 << (desc.GetAttrOr<int32_t>("bit_length", 8) - 1)) - 1;
}

// A per-tensor activation quantization: the float input, its scale and rounding.
struct ActivationQuant {
  Node* x = nullptr;
  float scale = 0.f;  // s
  int round_type = 1;
};

float OneValue(const Tensor* t) {
  return t && t->numel() == 1 && t->precision() == PrecisionType::kFloat ? t->data<float>()[0]
                                                                         : 0.f;
}

// `in` is q * s / 127 of a float x, per tensor, 8 bits.
bool FindActivationQuant(SSAGraph* graph, Node* in, ActivationQuant* aq) {
  Node* op = Producer(in);
  if (!op || ReadByFetch(in)) return false;
  const cpp::OpDesc& d = op->desc;
  if (d.Type() == "fake_quantize_dequantize_moving_average_abs_max") {
    if (BinCount(d) != 127 || OutputOf(op, "Out") != in) return false;
    aq->x = InputOf(op, "X");
    aq->scale = OneValue(WeightOf(graph, op, "InScale"));
    aq->round_type = d.GetAttrOr<int32_t>("round_type", 1);
  } else if (d.Type() == "dequantize_linear") {
    Node* quant = Producer(InputOf(op, "X"));
    if (!quant || quant->desc.Type() != "quantize_linear" || OutputOf(op, "Y") != in) return false;
    const cpp::OpDesc& qd = quant->desc;
    const int qmax = qd.GetAttrOr<int32_t>("qmax", BinCount(qd));
    if (qmax != 127 || d.GetAttrOr<int32_t>("qmax", BinCount(d)) != 127 ||
        qd.GetAttrOr<bool>("only_observer", false) || d.GetAttrOr<bool>("only_observer", false)) {
      return false;
    }
    const float s = OneValue(WeightOf(graph, quant, "Scale"));
    if (s != OneValue(WeightOf(graph, op, "Scale"))) return false;
    aq->x = InputOf(quant, "X");
    aq->scale = s;
    aq->round_type = qd.GetAttrOr<int32_t>("round_type", 0);
  } else {
    return false;
  }
  return aq->x && !aq->x->persistable && aq->scale > 0.f && std::isfinite(aq->scale) &&
         (aq->round_type == 0 || aq->round_type == 1);
}

// The filter as int8 values q and scales s_c with filter = q * s_c / 127 per output channel.
struct WeightQuant {
  DDim dims;
  std::vector<int8_t> q;
  std::vector<float> scales;  // s_c
};

// q from float values that must be integers in [-127, 127].
bool ToInt8(const std::vector<float>& values, std::vector<int8_t>* q) {
  q->resize(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    const float v = values[i];
    if (!(std::fabs(v) <= 127.f) || v != std::nearbyint(v)) return false;
    (*q)[i] = static_cast<int8_t>(v);
  }
  return true;
}

bool FindWeightQuant(SSAGraph* graph, Node* filter_arg, const QuantizableOp& kind,
                     WeightQuant* wq) {
  Node* op = Producer(filter_arg);
  if (!op) return false;
  const cpp::OpDesc& d = op->desc;
  const bool fake = d.Type() == "fake_channel_wise_quantize_dequantize_abs_max";
  if (!fake && d.Type() != "dequantize_linear") return false;
  if (BinCount(d) != 127 || d.GetAttrOr<int32_t>("quant_axis", 0) != kind.channel_axis) {
    return false;
  }
  if (OutputOf(op, fake ? "Out" : "Y") != filter_arg) return false;
  // The float weight W and the op quantizing it (fake: this op; linear: quantize_linear
  // before it), or int-valued weights dequantized directly.
  Node* quant = fake ? op : Producer(InputOf(op, "X"));
  const Tensor* w = quant ? WeightOf(graph, quant, "X") : WeightOf(graph, op, "X");
  if (!w || static_cast<int>(w->dims().size()) != kind.weight_rank || w->numel() == 0) {
    return false;
  }
  const int64_t channels = w->dims()[kind.channel_axis];
  wq->dims = w->dims();
  // [outer, channels, inner] around the channel axis: a filter's first, a matrix's columns.
  const qm::QuantShape shape = kind.channel_axis == 0
                                   ? qm::QuantShape{1, channels, w->numel() / channels}
                                   : qm::QuantShape{w->dims()[0], channels, 1};
  wq->scales.assign(channels, 0.f);
  if (fake) {
    if (w->precision() != PrecisionType::kFloat) return false;
    qm::ChannelAbsMax(w->data<float>(), shape, wq->scales.data());
  } else {
    const Tensor* s = WeightOf(graph, op, "Scale");
    if (!s || s->precision() != PrecisionType::kFloat || s->numel() != channels) return false;
    std::copy(s->data<float>(), s->data<float>() + channels, wq->scales.begin());
  }
  std::vector<float> values(w->numel());
  if (quant) {
    if (quant != op && (quant->desc.Type() != "quantize_linear" ||
                        WeightOf(graph, quant, "Scale") != WeightOf(graph, op, "Scale"))) {
      return false;
    }
    if (w->precision() != PrecisionType::kFloat) return false;
    const int round_type = quant->desc.GetAttrOr<int32_t>("round_type", fake ? 1 : 0);
    qm::FakeQuantize(w->data<float>(), shape, wq->scales.data(), 127,
                     round_type == 0 ? qm::QuantRound::kTiesToEven : qm::QuantRound::kTiesAway,
                     false, values.data());
  } else if (w->precision() == PrecisionType::kInt8) {
    std::copy(w->data<int8_t>(), w->data<int8_t>() + w->numel(), values.begin());
  } else if (w->precision() == PrecisionType::kFloat) {
    std::copy(w->data<float>(), w->data<float>() + w->numel(), values.begin());
  } else {
    return false;
  }
  for (float s : wq->scales) {
    if (!std::isfinite(s)) return false;
  }
  return ToInt8(values, &wq->q);
}

// Drops `op` (a quantize op) when nothing reads its outputs any more, and the inputs only
// it read. A persistable output nothing reads goes too: QAT programs bind OutScale to the
// scale weight the op reads, which stays in the weight scope.
void RemoveIfUnread(SSAGraph* graph, Node* op) {
  if (!op) return;
  for (const Node* out : op->outlinks) {
    if (!out->outlinks.empty() || ReadByFetch(out)) return;
  }
  const std::vector<Node*> inputs = op->inlinks;
  for (Node* out : std::vector<Node*>(op->outlinks)) graph->Remove(out);
  graph->Remove(op);
  for (Node* in : inputs) {
    if (in->outlinks.empty()) {
      Node* producer = Producer(in);
      graph->Remove(in);
      RemoveIfUnread(graph, producer);  // quantize_linear before a dequantize_linear
    }
  }
}

// A product by a weight matrix as the fc it is (in_num_col_dims `col_dims`), reading the
// same args under fc's names.
void BecomeFc(Node* stmt, int col_dims) {
  cpp::OpDesc fc("fc");
  fc.SetInput("Input", stmt->desc.Input("X"));
  fc.SetInput("W", stmt->desc.Input("Y"));
  fc.SetOutput("Out", stmt->desc.Output("Out"));
  fc.SetAttr<int32_t>("in_num_col_dims", col_dims);
  fc.SetAttr<std::string>("activation_type", "");
  stmt->desc = fc;
}

void Rewrite(SSAGraph* graph, Node* stmt, const QuantizableOp& kind, const ActivationQuant& aq,
             const WeightQuant& wq) {
  Node* in = InputOf(stmt, kind.input);
  Node* filter = InputOf(stmt, kind.weight);
  Node* act_op = Producer(in);
  Node* weight_op = Producer(filter);
  std::string input_arg = kind.input, weight_arg = kind.weight;
  if (std::string(kind.int8_type) == "fc" && stmt->desc.Type() != "fc") {
    BecomeFc(stmt, FcInNumColDims(graph, stmt, aq.x->name));
    input_arg = "Input";
    weight_arg = "W";
  }
  // The int8 filter, shaped as the float one.
  const std::string name = stmt->desc.Input(weight_arg)[0] + "@int8";
  Tensor* q = graph->weight_scope()->Var(name)->GetMutable<Tensor>();
  q->Resize(wq.dims);
  std::copy(wq.q.begin(), wq.q.end(), q->mutable_data<int8_t>());
  q->set_persistable(true);

  graph->Unlink(in, stmt);
  graph->Unlink(filter, stmt);
  stmt->desc.SetInput(input_arg, {aq.x->name});
  stmt->desc.SetInput(weight_arg, {name});
  graph->Link(aq.x, stmt);
  graph->Link(graph->NewArg(name), stmt);
  std::vector<float> filter_scales(wq.scales.size());
  for (size_t c = 0; c < wq.scales.size(); ++c) filter_scales[c] = wq.scales[c] / 127.f;
  stmt->desc.SetAttr("enable_int8", true);
  stmt->desc.SetAttr(input_arg + "0_scale", std::vector<float>{aq.scale / 127.f});
  stmt->desc.SetAttr(weight_arg + "0_scale", filter_scales);
  stmt->desc.SetAttr("quant_round_type", static_cast<int32_t>(aq.round_type));
  graph->ResetStmt(stmt);
  RemoveIfUnread(graph, act_op);
  RemoveIfUnread(graph, weight_op);
}

}  // namespace

class Int8QuantizePass : public Pass {
 public:
  void Apply(SSAGraph* graph) override {
    // Int8 outputs are int8_chain_pass's to give, on the kernels this plan picks: one a
    // source model carries (a Paddle Lite program, a hand-edited model) is dropped.
    for (Node* stmt : graph->StmtTopologicalOrder()) stmt->desc.DeleteAttr("Output0_scale");
    for (const QuantizableOp& kind : kQuantizableOps) {
      if (!HasInt8Kernel(*graph, kind.int8_type)) continue;
      // Collected first: rewriting removes quantize ops from the graph.
      std::vector<Node*> stmts;
      for (Node* stmt : graph->StmtTopologicalOrder()) {
        if (stmt->desc.Type() == kind.type) stmts.push_back(stmt);
      }
      for (Node* stmt : stmts) {
        if (NamedByKeepFp32(graph, stmt, kind)) continue;
        if (stmt->desc.GetAttrOr<bool>("enable_int8", false)) continue;
        ActivationQuant aq;
        WeightQuant wq;
        if (!FindActivationQuant(graph, InputOf(stmt, kind.input), &aq) ||
            (std::string(kind.int8_type) == "fc" && FcInNumColDims(graph, stmt, aq.x->name) < 1) ||
            !FindWeightQuant(graph, InputOf(stmt, kind.weight), kind, &wq) ||
            !Int8Pays(kind, stmt->desc, wq.dims)) {
          continue;
        }
        Rewrite(graph, stmt, kind, aq, wq);
      }
    }
  }
};

}  // namespace mir
}  // namespace lite
}  // namespace paddle

REGISTER_MIR_PASS(int8_quantize_pass, paddle::lite::mir::Int8QuantizePass);
