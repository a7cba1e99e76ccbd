// Paddle 3's custom_op dialect: "custom_op.<type>" (with a trailing "_" for an inplace op)
// becomes an op of <type> when the app or a plugin registered one (REGISTER_CUSTOM_OP,
// paddle_op_plugin.h). Paddle writes a custom op's operands and results in the order the
// op declares its inputs and outputs, and its attributes by name, so the registration's
// declared parameters name them here.
#include <optional>

#include "lite/core/op_registry.h"
#include "lite/model_parser/pir/translator.h"
#include "lite/utils/string.h"

namespace paddle {
namespace lite {
namespace pir {

namespace {

constexpr char kCustomDialect[] = "custom_op.";

// A custom op's attribute as plite's custom ops read it (CustomOpAttributes::GetAttr).
// Paddle's custom attributes are bool, int, int64, float, string and vectors of int, int64,
// float and string; any other kind is Paddle's own bookkeeping, which the kernels never read.
std::optional<cpp::Attribute> CustomAttribute(const Attribute& a) {
  using K = Attribute::Kind;
  cpp::Attribute out;
  switch (a.kind) {
    case K::kBool: out = {cpp::AttrType::BOOLEAN, a.b}; return out;
    case K::kInt32: out = {cpp::AttrType::INT, static_cast<int32_t>(a.i)}; return out;
    case K::kInt64: out = {cpp::AttrType::LONG, a.i}; return out;
    case K::kFloat: out = {cpp::AttrType::FLOAT, static_cast<float>(a.f)}; return out;
    case K::kDouble: out = {cpp::AttrType::FLOAT64, a.f}; return out;
    case K::kString: out = {cpp::AttrType::STRING, a.s}; return out;
    case K::kArray: break;
    default: return std::nullopt;
  }
  // An array takes its first element's kind (an empty one reads as any vector).
  const K element = a.array.empty() ? K::kInt32 : a.array[0].kind;
  for (const Attribute& e : a.array) {
    if (e.kind != element) return std::nullopt;
  }
  switch (element) {
    case K::kInt32: {
      std::vector<int32_t> v;
      for (const Attribute& e : a.array) v.push_back(static_cast<int32_t>(e.i));
      out = {cpp::AttrType::INTS, v};
      return out;
    }
    case K::kInt64: {
      std::vector<int64_t> v;
      for (const Attribute& e : a.array) v.push_back(e.i);
      out = {cpp::AttrType::LONGS, v};
      return out;
    }
    case K::kFloat: {
      std::vector<float> v;
      for (const Attribute& e : a.array) v.push_back(static_cast<float>(e.f));
      out = {cpp::AttrType::FLOATS, v};
      return out;
    }
    case K::kString: {
      std::vector<std::string> v;
      for (const Attribute& e : a.array) v.push_back(e.s);
      out = {cpp::AttrType::STRINGS, v};
      return out;
    }
    default: return std::nullopt;
  }
}

}  // namespace

bool IsCustomOpName(const std::string& op_name) { return StartsWith(op_name, kCustomDialect); }

bool TranslateCustomOp(OpContext& ctx) {
  if (!IsCustomOpName(ctx.op().name)) return false;
  std::string type = ctx.op().name.substr(sizeof(kCustomDialect) - 1);
  OpRegistry::ArgNames args;
  if (!OpRegistry::Global().FindArgNames(type, &args)) {
    if (type.empty() || type.back() != '_') return false;
    type.pop_back();  // the inplace form computes what the plain one does
    if (!OpRegistry::Global().FindArgNames(type, &args)) return false;
  }
  std::vector<std::string> params = args.inputs;
  params.insert(params.end(), args.optional_inputs.begin(), args.optional_inputs.end());
  if (ctx.NumOperands() > params.size() || ctx.NumResults() > args.outputs.size()) {
    ctx.Fail("has ", ctx.NumOperands(), " operands and ", ctx.NumResults(),
             " results, but custom op '", type, "' declares the inputs [", Join(params, ", "),
             "] and the outputs [", Join(args.outputs, ", "), "]");
  }
  // Operands first: a constant operand is written out before the op that reads it.
  std::vector<std::pair<std::string, std::vector<std::string>>> inputs;
  for (size_t i = 0; i < params.size(); ++i) {
    const bool required = i < args.inputs.size();
    if (!ctx.HasOperand(i)) {
      if (required) {
        ctx.Fail("leaves out input '", params[i], "' (operand ", i, "), which custom op '",
                 type, "' requires");
      }
      continue;
    }
    inputs.emplace_back(params[i], ctx.TensorList(i));
  }
  std::vector<std::pair<std::string, std::vector<std::string>>> outputs;
  for (size_t k = 0; k < ctx.NumResults(); ++k) {
    if (ctx.op().results[k].id == 0) continue;  // an optional output Paddle left out
    outputs.emplace_back(args.outputs[k], ctx.ResultType(k).kind == Type::Kind::kVector
                                              ? ctx.ResultList(k)
                                              : std::vector<std::string>{ctx.Result(k)});
  }
  cpp::OpDesc& op = ctx.Emit(type);
  for (const auto& [param, vars] : inputs) op.SetInput(param, vars);
  for (const auto& [param, vars] : outputs) op.SetOutput(param, vars);
  for (const auto& [name, value] : ctx.op().attrs) {
    if (std::optional<cpp::Attribute> attr = CustomAttribute(value)) {
      op.SetAttribute(name, std::move(*attr));
    }
  }
  return true;
}

}  // namespace pir
}  // namespace lite
}  // namespace paddle
