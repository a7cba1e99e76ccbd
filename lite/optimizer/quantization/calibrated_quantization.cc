#include "lite/optimizer/quantization/calibrated_quantization.h"

#include <algorithm>
#include <set>

#include "lite/optimizer/quantization/int8_rules.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {

namespace {

constexpr const char* kActivationQuantize = "fake_quantize_dequantize_moving_average_abs_max";
constexpr const char* kWeightQuantize = "fake_channel_wise_quantize_dequantize_abs_max";

bool IsQuantizeOp(const std::string& type) {
  return type.find("quantize") != std::string::npos;
}

// The one name of an op's argument, or "".
std::string Only(const cpp::OpDesc& op, const std::string& param, bool input) {
  if (input ? !op.HasInput(param) : !op.HasOutput(param)) return "";
  const std::vector<std::string>& names = input ? op.Input(param) : op.Output(param);
  return names.size() == 1 ? names[0] : "";
}

// Whether `var` reaches a fetch only through ops that keep the scores' order or scale them
// (a bias add, softmax, sigmoid, scale, reshapes): the output layer of a classifier, whose
// error lands on the scores themselves. On the ResNet50 twin quantizing it cost the float
// top-1 on 2 more of 50 inputs.
bool FeedsOnlyTheOutput(const cpp::BlockDesc& block, const std::string& var, int depth = 0) {
  static const std::set<std::string> kPassThrough = {
      "elementwise_add", "softmax", "sigmoid", "scale", "reshape", "reshape2",
      "flatten_contiguous_range", "squeeze2", "unsqueeze2"};
  bool read = false;
  for (const cpp::OpDesc& op : block.ops) {
    const std::vector<std::string> inputs = op.InputArgumentNames();
    if (std::find(inputs.begin(), inputs.end(), var) == inputs.end()) continue;
    read = true;
    if (op.Type() == "fetch") continue;
    if (!kPassThrough.count(op.Type()) || depth > 8) return false;
    for (const std::string& out : op.OutputArgumentNames()) {
      if (!FeedsOnlyTheOutput(block, out, depth + 1)) return false;
    }
  }
  return read;
}

// How an op quantizes: its data and weight args and the weight's output-channel axis.
struct Quantized {
  const char* input;
  const char* weight;
  int channel_axis;
};

// conv2d, and mul / matmul / matmul_v2 by a weight matrix (what int8_quantize_pass runs as
// an int8 fc) but not the model's output layer, with a weight where int8 pays
// (int8_rules.h), whose input no quantize op writes; nullptr for other ops.
const Quantized* Quantizable(const cpp::OpDesc& op, const cpp::BlockDesc& block,
                             const std::set<std::string>& quantized_vars) {
  static const Quantized kConv{"Input", "Filter", 0}, kProduct{"X", "Y", 1};
  const std::string& type = op.Type();
  const bool conv = type == "conv2d";
  if (!conv && type != "mul" && type != "matmul" && type != "matmul_v2") return nullptr;
  const Quantized& q = conv ? kConv : kProduct;
  const std::string input = Only(op, q.input, true), weight = Only(op, q.weight, true);
  if (input.empty() || weight.empty() || quantized_vars.count(input)) return nullptr;
  const cpp::VarDesc* w = block.FindVar(weight);
  if (!w || !w->persistable) return nullptr;
  if (conv) {
    return w->shape.size() != 4 || (Int8ConvPays(w->shape[1]) &&
                                     Int8SumsFit(w->shape[1] * w->shape[2] * w->shape[3]))
               ? &q
               : nullptr;
  }
  // A product as an fc: a 2-D weight of enough rows, no transposes or scaling, X of rank
  // >= 2 (mul: y_num_col_dims 1).
  const bool v2 = type == "matmul_v2";
  const bool plain =
      type == "mul" ? op.GetAttrOr<int32_t>("y_num_col_dims", 1) == 1
                    : !op.GetAttrOr<bool>(v2 ? "trans_x" : "transpose_X", false) &&
                          !op.GetAttrOr<bool>(v2 ? "trans_y" : "transpose_Y", false) &&
                          (v2 || op.GetAttrOr<float>("alpha", 1.f) == 1.f);
  const cpp::VarDesc* x = block.FindVar(input);
  return plain && w->shape.size() == 2 && Int8ConvPays(w->shape[0]) &&
                 Int8SumsFit(w->shape[0]) && x &&
                 (type == "mul" || x->shape.size() >= 2) &&
                 !FeedsOnlyTheOutput(block, Only(op, "Out", false))
             ? &q
             : nullptr;
}

std::set<std::string> QuantizedVars(const cpp::BlockDesc& block) {
  std::set<std::string> vars;
  for (const cpp::OpDesc& op : block.ops) {
    if (!IsQuantizeOp(op.Type())) continue;
    for (const std::string& v : op.OutputArgumentNames()) vars.insert(v);
  }
  return vars;
}

cpp::VarDesc NewVar(const std::string& name, std::vector<int64_t> shape, bool persistable) {
  cpp::VarDesc v;
  v.name = name;
  v.shape = std::move(shape);
  v.persistable = persistable;
  return v;
}

}  // namespace

std::vector<std::string> CalibrationTargets(const cpp::ProgramDesc& program) {
  PLITE_CHECK(!program.blocks.empty(), "the program has no blocks");
  const cpp::BlockDesc& block = program.blocks[0];
  const std::set<std::string> quantized = QuantizedVars(block);
  std::vector<std::string> targets;
  std::set<std::string> seen;
  for (const cpp::OpDesc& op : block.ops) {
    const Quantized* q = Quantizable(op, block, quantized);
    if (!q) continue;
    const std::string input = Only(op, q->input, true);
    if (seen.insert(input).second) targets.push_back(input);
  }
  return targets;
}

int InsertCalibratedQuantization(const std::map<std::string, float>& scales,
                                 cpp::ProgramDesc* program, Scope* weights) {
  PLITE_CHECK(!program->blocks.empty(), "the program has no blocks");
  cpp::BlockDesc& block = program->blocks[0];
  const std::set<std::string> quantized = QuantizedVars(block);
  std::map<std::string, std::string> activation_out, filter_out;  // var -> quantized var
  std::vector<cpp::OpDesc> ops;
  int count = 0;
  for (cpp::OpDesc op : block.ops) {
    const Quantized* qz = Quantizable(op, block, quantized);
    const std::string input = qz ? Only(op, qz->input, true) : "";
    const auto scale = scales.find(input);
    if (!qz || scale == scales.end() || !(scale->second > 0.f) ||
        !weights->FindTensor(Only(op, qz->weight, true))) {
      ops.push_back(std::move(op));
      continue;
    }
    if (!activation_out.count(input)) {
      const std::string out = input + "@ptq", scale_var = input + "@ptq_scale";
      Tensor* t = weights->Var(scale_var)->GetMutable<Tensor>();
      t->Resize(DDim({1}));
      t->mutable_data<float>()[0] = scale->second;
      t->set_persistable(true);
      block.vars.push_back(NewVar(scale_var, {1}, true));
      const cpp::VarDesc* in_var = block.FindVar(input);
      block.vars.push_back(NewVar(out, in_var ? in_var->shape : std::vector<int64_t>{}, false));
      cpp::OpDesc q(kActivationQuantize);
      q.SetInput("X", {input});
      q.SetInput("InScale", {scale_var});
      q.SetOutput("Out", {out});
      q.SetAttr<int32_t>("bit_length", 8);
      q.SetAttr<bool>("is_test", true);
      q.SetAttr<float>("moving_rate", 0.9f);
      q.SetAttr<int32_t>("round_type", 1);  // ties away, as PaddleSlim's defaults
      ops.push_back(std::move(q));
      activation_out[input] = out;
    }
    const std::string filter = Only(op, qz->weight, true);
    if (!filter_out.count(filter)) {
      const std::string out = filter + "@ptq";
      const cpp::VarDesc* w_var = block.FindVar(filter);
      block.vars.push_back(NewVar(out, w_var ? w_var->shape : std::vector<int64_t>{}, false));
      cpp::OpDesc q(kWeightQuantize);
      q.SetInput("X", {filter});
      q.SetOutput("Out", {out});
      q.SetAttr<int32_t>("bit_length", 8);
      q.SetAttr<int32_t>("quant_axis", qz->channel_axis);
      q.SetAttr<int32_t>("round_type", 1);
      ops.push_back(std::move(q));
      filter_out[filter] = out;
    }
    op.SetInput(qz->input, {activation_out[input]});
    op.SetInput(qz->weight, {filter_out[filter]});
    ops.push_back(std::move(op));
    ++count;
  }
  block.ops = std::move(ops);
  return count;
}

}  // namespace lite
}  // namespace paddle
