#include "lite/optimizer/quantization/calibrated_quantization.h"

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

// conv2d ops whose filter is a weight, where int8 pays (int8_rules.h), and whose input no
// quantize op writes.
bool Quantizable(const cpp::OpDesc& op, const cpp::BlockDesc& block,
                 const std::set<std::string>& quantized_vars) {
  if (op.Type() != "conv2d") return false;
  const std::string input = Only(op, "Input", true), filter = Only(op, "Filter", true);
  if (input.empty() || filter.empty() || quantized_vars.count(input)) return false;
  const cpp::VarDesc* w = block.FindVar(filter);
  return w && w->persistable && (w->shape.size() != 4 || Int8ConvPays(w->shape[1]));
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
    if (!Quantizable(op, block, quantized)) continue;
    const std::string input = Only(op, "Input", true);
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
    const std::string input = Only(op, "Input", true);
    const auto scale = scales.find(input);
    if (!Quantizable(op, block, quantized) || scale == scales.end() || !(scale->second > 0.f) ||
        !weights->FindTensor(Only(op, "Filter", true))) {
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
      block.vars.push_back(NewVar(out, {}, false));
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
    const std::string filter = Only(op, "Filter", true);
    if (!filter_out.count(filter)) {
      const std::string out = filter + "@ptq";
      block.vars.push_back(NewVar(out, {}, false));
      cpp::OpDesc q(kWeightQuantize);
      q.SetInput("X", {filter});
      q.SetOutput("Out", {out});
      q.SetAttr<int32_t>("bit_length", 8);
      q.SetAttr<int32_t>("quant_axis", 0);
      q.SetAttr<int32_t>("round_type", 1);
      ops.push_back(std::move(q));
      filter_out[filter] = out;
    }
    op.SetInput("Input", {activation_out[input]});
    op.SetInput("Filter", {filter_out[filter]});
    ops.push_back(std::move(op));
    ++count;
  }
  block.ops = std::move(ops);
  return count;
}

}  // namespace lite
}  // namespace paddle
