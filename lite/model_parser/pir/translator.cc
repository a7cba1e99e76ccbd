#include "lite/model_parser/pir/translator.h"

#include <cmath>
#include <cstdio>
#include <unordered_set>

#include "lite/model_parser/pir/translator_state.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace pir {

using lite_api::PrecisionType;

bool Constant::integral() const {
  return dtype != DataType::kFloat16 && dtype != DataType::kBFloat16 &&
         dtype != DataType::kFloat32 && dtype != DataType::kFloat64;
}

int64_t Constant::numel() const {
  int64_t n = 1;
  for (int64_t d : dims) {
    if (d < 0 || (d > 0 && n > INT64_MAX / d)) return -1;
    n *= d;
  }
  return n;
}

PrecisionType PrecisionOf(DataType type, const std::string& what) {
  switch (type) {
    case DataType::kBool: return PrecisionType::kBool;
    case DataType::kInt8: return PrecisionType::kInt8;
    case DataType::kUInt8: return PrecisionType::kUInt8;
    case DataType::kInt16: return PrecisionType::kInt16;
    case DataType::kInt32: return PrecisionType::kInt32;
    case DataType::kInt64: return PrecisionType::kInt64;
    case DataType::kFloat16: return PrecisionType::kFP16;
    case DataType::kFloat32: return PrecisionType::kFloat;
    case DataType::kFloat64: return PrecisionType::kFP64;
    default: break;
  }
  PLITE_THROW(what, " has element type ", DataTypeName(type),
              ", which plite does not hold (bool, int8/16/32/64, uint8, float16/32/64)");
}

int PaddleDtypeCode(DataType type, const std::string& what) {
  switch (PrecisionOf(type, what)) {
    case PrecisionType::kBool: return 0;
    case PrecisionType::kInt16: return 1;
    case PrecisionType::kInt32: return 2;
    case PrecisionType::kInt64: return 3;
    case PrecisionType::kFP16: return 4;
    case PrecisionType::kFloat: return 5;
    case PrecisionType::kFP64: return 6;
    case PrecisionType::kUInt8: return 20;
    case PrecisionType::kInt8: return 21;
    default: break;
  }
  PLITE_THROW(what, ": no Paddle data type for ", DataTypeName(type));
}

namespace {

// The op that writes constant `c` out as the var `name`: fill_constant for a filled one
// (str_value keeps integers and doubles exact; fill_constant prefers it to `value`),
// assign_value for one of listed values. An op of empty type when no op holds its type.
cpp::OpDesc WriteOut(const Constant& c, const std::string& name) {
  cpp::OpDesc op(c.filled ? "fill_constant" : "assign_value");
  op.SetOutput("Out", {name});
  op.SetAttr<std::vector<int64_t>>("shape", c.dims);
  if (c.filled) {
    std::string text;
    if (c.integral()) {
      text = std::to_string(c.ints.at(0));
    } else {
      const double d = c.reals.at(0);
      char buf[40];
      std::snprintf(buf, sizeof(buf), "%.17g", d);
      text = std::isnan(d) ? "nan" : std::isinf(d) ? (d > 0 ? "inf" : "-inf") : buf;
    }
    op.SetAttr<float>("value", c.integral() ? static_cast<float>(c.ints[0])
                                            : static_cast<float>(c.reals[0]));
    op.SetAttr<std::string>("str_value", text);
    op.SetAttr<int32_t>("dtype", PaddleDtypeCode(c.dtype, name));
    return op;
  }
  switch (c.dtype) {
    case DataType::kBool:
      op.SetAttr<std::vector<int32_t>>("bool_values",
                                       std::vector<int32_t>(c.ints.begin(), c.ints.end()));
      break;
    case DataType::kInt32:
    case DataType::kInt64:
      op.SetAttr<std::vector<int64_t>>(c.dtype == DataType::kInt32 ? "int32_values" : "int64_values",
                                       c.ints);
      break;
    case DataType::kFloat32:
      op.SetAttr<std::vector<float>>("fp32_values", std::vector<float>(c.reals.begin(), c.reals.end()));
      break;
    case DataType::kFloat64:
      op.SetAttr<std::vector<double>>("fp64_values", c.reals);
      break;
    default:
      return cpp::OpDesc();
  }
  op.SetAttr<int32_t>("dtype", PaddleDtypeCode(c.dtype, name));
  return op;
}

}  // namespace

// ---- Translator: the program-wide state ----

Translator::Translator(const Program& program, const std::string& source, PirOpReport* report)
    : program_(program), source_(source), report_(report) {
  out_.version = 3000000;  // a Paddle 3 model; op_versions stays empty (every kernel fits)
  out_.blocks.assign(1, cpp::BlockDesc{});
  block_ = &out_.blocks[0];
  DeclareListVar("feed", cpp::VarKind::kFeedList);
  DeclareListVar("fetch", cpp::VarKind::kFetchList);
}

void Translator::DeclareListVar(const std::string& name, cpp::VarKind kind) {
  cpp::VarDesc v;
  v.name = name;
  v.kind = kind;
  v.precision = PrecisionType::kUnk;
  v.persistable = true;
  block_->vars.push_back(v);
  var_names_.insert(name);
}

void Translator::DeclareVar(const std::string& name, const Type& type, bool persistable,
                            const std::string& what) {
  if (type.kind != Type::Kind::kDenseTensor) {
    Fail(what, " has type '", type.id, "'; plite translates dense tensors only");
  }
  if (!var_names_.insert(name).second) {
    Fail(what, " is named '", name, "', a name another value already has");
  }
  cpp::VarDesc v;
  v.name = name;
  try {
    v.precision = PrecisionOf(type.dtype, what);
  } catch (const PaddleLiteException& e) {
    Fail(e.what());  // with the program and op named
  }
  v.shape = type.dims;
  v.persistable = persistable;
  block_->vars.push_back(v);
}

std::string Translator::UniqueName(const std::string& wanted) {
  if (!var_names_.count(wanted)) return wanted;
  for (int i = 1;; ++i) {
    std::string name = StrCat(wanted, "_", i);
    if (!var_names_.count(name)) return name;
  }
}

// The short name results are named after: "pd_op.batch_norm_" -> "batch_norm".
std::string Translator::ShortName(const std::string& op_name) {
  std::string s = op_name.substr(op_name.find('.') + 1);
  while (!s.empty() && s.back() == '_') s.pop_back();
  return s;
}

std::string Translator::NameOf(int64_t id, const std::string& op_name, int n, size_t k) const {
  auto fetch = fetch_names_.find(id);
  if (fetch != fetch_names_.end()) return fetch->second;
  return StrCat(ShortName(op_name), "_", n, ".tmp_", k);
}

std::string Translator::ResultName(size_t k) const {
  return NameOf(current_->results[k].id, current_->name, current_n_, k);
}

int64_t Translator::AddInternalValue(ValueInfo info) {
  info.producer = current_;
  while (values_.count(next_internal_id_)) ++next_internal_id_;
  const int64_t id = next_internal_id_++;
  values_.emplace(id, std::move(info));
  return id;
}

std::string Translator::ValueText(int64_t id) const {
  auto it = values_.find(id);
  if (it == values_.end() || !it->second.producer) return StrCat("value %", id);
  return StrCat("value %", id, " (result ", it->second.result_index, " of op ",
                it->second.producer->index, ", ", it->second.producer->name, ")");
}

ValueInfo& Translator::Lookup(int64_t id, const std::string& use) {
  auto it = values_.find(id);
  if (it == values_.end()) {
    Fail(use, " uses value %", id, ", which no earlier op defines");
  }
  ValueInfo& v = it->second;
  if (v.kind == ValueInfo::Kind::kUnbound) {
    if (!v.producer) {
      Fail(use, " uses block argument %", id, "; plite translates programs whose top block "
           "takes no arguments");
    }
    Fail(use, " uses ", ValueText(id), ", which plite's translation of that op does not ",
         "produce (an output inference does not need)");
  }
  return v;
}

std::string Translator::Materialize(int64_t id, const std::string& use) {
  ValueInfo& v = Lookup(id, use);
  if (v.kind == ValueInfo::Kind::kList) {
    Fail(use, " is the list ", ValueText(id), " where a tensor is expected");
  }
  if (!v.var.empty()) return v.var;
  // A constant used as a tensor: written out once, before its first user, named after the
  // op that made it.
  const Constant& c = v.constant;
  const std::string name = UniqueName(
      v.producer ? NameOf(id, v.producer->name, v.n, v.result_index) : StrCat("constant_", id));
  Type type;
  type.kind = Type::Kind::kDenseTensor;
  type.dtype = c.dtype;
  type.dims = c.dims;
  DeclareVar(name, type, false, ValueText(id));
  cpp::OpDesc op = WriteOut(c, name);
  if (op.Type().empty()) {
    Fail(use, " needs ", ValueText(id), " as a tensor of ", DataTypeName(c.dtype),
         ", which plite cannot write out as a constant");
  }
  block_->ops.push_back(op);
  if (report_ && v.producer) (*report_)[v.producer->name].became.insert(op.Type());
  v.var = name;
  return name;
}

void Translator::Fail(const std::string& message) const {
  if (current_) {
    PLITE_THROW("PIR program ", source_, ", op ", current_->index, " (", current_->name,
                "): ", message);
  }
  PLITE_THROW("PIR program ", source_, ": ", message);
}

void Translator::PlanFetchNames() {
  std::unordered_set<std::string> taken;
  for (const Op& op : program_.ops) {
    if (op.name == "builtin.parameter") taken.insert(op.parameter_name);
    if (op.name == "pd_op.data" || op.name == "pd_op.feed") {
      if (const Attribute* a = op.FindAttr("name")) taken.insert(a->s);
    }
  }
  for (const Op& op : program_.ops) has_fetch_ = has_fetch_ || op.name == "pd_op.fetch";
  for (const Op& op : program_.ops) {
    if (!IsOutput(op) || op.operands.size() != 1) continue;
    const Attribute* name = op.FindAttr(op.name == "pd_op.fetch" ? "name" : "output_name");
    if (!name || name->kind != Attribute::Kind::kString || name->s.empty()) continue;
    if (taken.insert(name->s).second) fetch_names_.emplace(op.operands[0], name->s);
  }
}

// pd_op.fetch names an output; builtin.shadow_output does too in a program without them
// (otherwise it marks a persistable write, which inference does not make).
bool Translator::IsOutput(const Op& op) const {
  return op.name == "pd_op.fetch" || (op.name == "builtin.shadow_output" && !has_fetch_);
}

void Translator::EmitFetch(OpContext& ctx, const std::string& name) {
  if (ctx.NumOperands() != 1) Fail("an output takes one operand, got ", ctx.NumOperands());
  if (name.empty()) Fail("the output has an empty name");
  std::string var = ctx.Tensor(0);
  if (var != name) {
    // The value already has another name (an input, a parameter, or fetched twice).
    const ValueInfo& v = Lookup(current_->operands[0], "the fetch");
    DeclareVar(name, *v.type, false, StrCat("output '", name, "'"));
    cpp::OpDesc& assign = ctx.Emit("assign");
    assign.SetInput("X", {var});
    assign.SetOutput("Out", {name});
    var = name;
  }
  cpp::OpDesc& fetch = ctx.Emit("fetch");
  fetch.SetInput("X", {var});
  fetch.SetOutput("Out", {"fetch"});
  fetch.SetAttr<int32_t>("col", ctx.Int32("col", fetch_col_));
  ++fetch_col_;
}

// The ops every program has, translated here rather than in a table: they define values
// (parameters, inputs, constants, lists) rather than compute them.
bool Translator::TranslateStructural(OpContext& ctx) {
  const Op& op = *current_;
  if (op.name == "builtin.parameter") {
    if (op.results.size() != 1) Fail("a parameter must have one result");
    const std::string what = StrCat("parameter '", op.parameter_name, "'");
    if (!op.persistable) {
      Fail(what, " is not persistable, so the params file does not hold it");
    }
    DeclareVar(op.parameter_name, op.results[0].type, true, what);
    Bind(0, ValueInfo::Tensor(op.parameter_name, &op.results[0].type));
    return true;
  }
  if (op.name == "pd_op.data" || op.name == "pd_op.feed") {
    const std::string name = ctx.Str("name");
    if (name.empty()) Fail("attribute 'name' is empty");
    if (op.results.size() != 1) Fail("an input must have one result");
    DeclareVar(name, op.results[0].type, false, StrCat("input '", name, "'"));
    cpp::OpDesc& feed = ctx.Emit("feed");
    feed.SetInput("X", {"feed"});
    feed.SetOutput("Out", {name});
    feed.SetAttr<int32_t>("col", feed_col_++);
    Bind(0, ValueInfo::Tensor(name, &op.results[0].type));
    return true;
  }
  if (op.name == "pd_op.fetch") {
    EmitFetch(ctx, ctx.Str("name"));
    return true;
  }
  if (op.name == "builtin.shadow_output") {
    if (IsOutput(op)) EmitFetch(ctx, ctx.Str("output_name"));
    return true;
  }
  if (op.name == "builtin.combine") {
    if (op.results.size() != 1) Fail("a combine must have one result");
    for (size_t i = 0; i < op.operands.size(); ++i) {
      if (!ctx.HasOperand(i)) Fail("operand ", i, " of a combine is null");
      Lookup(op.operands[i], StrCat("operand ", i));
    }
    ctx.ResultIsList(0, op.operands);
    return true;
  }
  if (op.name == "builtin.split" || op.name == "builtin.slice") {
    if (op.operands.size() != 1) Fail("takes one list operand, got ", op.operands.size());
    const ValueInfo& list = Lookup(op.operands[0], "operand 0");
    if (list.kind != ValueInfo::Kind::kList) {
      Fail("operand 0 is ", ValueText(op.operands[0]), ", not a list");
    }
    const std::vector<int64_t> elements = list.elements;
    if (op.name == "builtin.split") {
      if (elements.size() != op.results.size()) {
        Fail("splits a list of ", elements.size(), " into ", op.results.size(), " results");
      }
      for (size_t k = 0; k < elements.size(); ++k) Bind(k, values_.at(elements[k]));
    } else {
      const int64_t index = ctx.Int("index");
      if (index < 0 || static_cast<size_t>(index) >= elements.size()) {
        Fail("index ", index, " is outside the list of ", elements.size());
      }
      Bind(0, values_.at(elements[static_cast<size_t>(index)]));
    }
    return true;
  }
  return false;
}

void Translator::Bind(size_t k, ValueInfo info) {
  if (k >= current_->results.size()) Fail("has no result ", k);
  const Value& result = current_->results[k];
  if (result.id == 0) return;  // nobody can use a result without an id
  info.producer = current_;
  info.result_index = k;
  info.n = current_n_;
  if (!info.type) info.type = &result.type;
  if (!values_.emplace(result.id, info).second) {
    Fail("defines value %", result.id, " a second time");
  }
}

cpp::ProgramDesc Translator::Run() {
  for (const Value& arg : program_.block_args) {
    if (arg.id != 0) values_.emplace(arg.id, ValueInfo::Unbound());
  }
  PlanFetchNames();
  const TranslatorTable& table = Translations();
  for (const Op& op : program_.ops) {
    current_ = &op;
    current_n_ = op_counts_[ShortName(op.name)]++;
    // An inplace variant ("pd_op.relu_") computes what its plain form does.
    auto it = table.find(op.name);
    std::string name = op.name;
    if (it == table.end() && !name.empty() && name.back() == '_') {
      name.pop_back();
      it = table.find(name);
    }
    OpContext ctx(this, op, it == table.end() ? op.name : name);
    if (!TranslateStructural(ctx)) {
      if (it != table.end()) {
        it->second(ctx);
      } else if (!TranslateCustomOp(ctx)) {
        FailUnknown(op);
      }
    }
    // Results the translation did not produce: named in the error of any later use.
    for (size_t k = 0; k < op.results.size(); ++k) {
      const int64_t id = op.results[k].id;
      if (id != 0 && !values_.count(id)) {
        ValueInfo unbound = ValueInfo::Unbound();
        unbound.producer = &op;
        unbound.result_index = k;
        values_.emplace(id, unbound);
      }
    }
    if (report_) {
      PirOpUse& use = (*report_)[op.name];
      ++use.count;
      for (const cpp::OpDesc& emitted : pending_) use.became.insert(emitted.Type());
    }
    for (cpp::OpDesc& emitted : pending_) block_->ops.push_back(std::move(emitted));
    pending_.clear();
  }
  current_ = nullptr;
  if (feed_col_ == 0) Fail("the program has no input (pd_op.data)");
  if (fetch_col_ == 0) Fail("the program has no output (pd_op.fetch)");
  return std::move(out_);
}

void Translator::FailUnknown(const Op& op) const {
  if (op.num_regions > 0 || op.name == "pd_op.if" || op.name == "pd_op.while" ||
      StartsWith(op.name, "cf.")) {
    Fail("control flow (", op.name, ") is not supported yet: plite translates programs of one "
         "block; export the model without data-dependent branches or loops");
  }
  if (IsCustomOpName(op.name)) {
    std::string type = op.name.substr(op.name.find('.') + 1);
    if (type.size() > 1 && type.back() == '_') type.pop_back();
    Fail("custom op '", type, "' is not registered in this process: register it under that "
         "type with REGISTER_CUSTOM_OP (paddle_custom_op.h) or in a C plugin of "
         "PLITE_OP_PLUGIN_PATH, its inputs and outputs declared in Paddle's order");
  }
  Fail("op '", op.name, "' has no translation in plite (docs/pir.md lists the pd_op ops it "
       "reads); an op of a custom type comes from paddle_custom_op.h or a C plugin");
}

cpp::ProgramDesc TranslateProgram(const Program& program, const std::string& source,
                                  PirOpReport* report) {
  Translator translator(program, source, report);
  return translator.Run();
}

}  // namespace pir
}  // namespace lite
}  // namespace paddle
