// OpContext: what one op's translation reads (operands, attributes) and writes (results,
// emitted ops), over the translator's state.
#include <cmath>
#include <limits>

#include "lite/model_parser/pir/translator_state.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace pir {

OpContext::OpContext(Translator* translator, const Op& op, std::string name)
    : t_(translator), op_(op), name_(std::move(name)) {}

void OpContext::FailWith(const std::string& message) const { t_->Fail(message); }

std::string OpContext::OperandName(size_t i) const { return StrCat("operand ", i); }

bool OpContext::HasOperand(size_t i) const {
  return i < op_.operands.size() && op_.operands[i] != 0;
}

const Type& OpContext::OperandType(size_t i) const {
  if (!HasOperand(i)) Fail(OperandName(i), " is absent");
  return *t_->Lookup(op_.operands[i], OperandName(i)).type;
}

std::string OpContext::Tensor(size_t i) {
  if (!HasOperand(i)) Fail(OperandName(i), " is absent, but this translation needs it");
  return t_->Materialize(op_.operands[i], OperandName(i));
}

std::vector<std::string> OpContext::TensorList(size_t i) {
  if (!HasOperand(i)) Fail(OperandName(i), " is absent, but this translation needs it");
  const ValueInfo& v = t_->Lookup(op_.operands[i], OperandName(i));
  if (v.kind != ValueInfo::Kind::kList) return {Tensor(i)};
  const std::vector<int64_t> elements = v.elements;  // Materialize may rehash values_
  std::vector<std::string> vars;
  for (size_t e = 0; e < elements.size(); ++e) {
    vars.push_back(t_->Materialize(elements[e], StrCat(OperandName(i), " element ", e)));
  }
  return vars;
}

const Constant* OpContext::ConstantOf(size_t i) const {
  if (!HasOperand(i)) return nullptr;
  const ValueInfo& v = t_->Lookup(op_.operands[i], OperandName(i));
  return v.kind == ValueInfo::Kind::kConstant ? &v.constant : nullptr;
}

namespace {

// Folding expands a filled constant; sizes beyond this are not attribute material.
constexpr int64_t kMaxFoldedElements = 1 << 16;

bool AppendInts(const Constant& c, std::vector<int64_t>* out) {
  const int64_t n = c.numel();
  if (n < 0 || n > kMaxFoldedElements) return false;
  for (int64_t e = 0; e < n; ++e) {
    const size_t at = c.filled ? 0 : static_cast<size_t>(e);
    if (c.integral()) {
      out->push_back(c.ints.at(at));
    } else {
      const double d = c.reals.at(at);
      if (!(std::fabs(d) < 9.2e18) || d != std::floor(d)) return false;
      out->push_back(static_cast<int64_t>(d));
    }
  }
  return true;
}

}  // namespace

bool OpContext::TryConstInts(size_t i, std::vector<int64_t>* out) const {
  out->clear();
  if (!HasOperand(i)) return false;
  const ValueInfo& v = t_->Lookup(op_.operands[i], OperandName(i));
  if (v.kind == ValueInfo::Kind::kConstant) return AppendInts(v.constant, out);
  if (v.kind != ValueInfo::Kind::kList) return false;
  for (int64_t e : v.elements) {
    const ValueInfo& element = t_->values_.at(e);
    if (element.kind != ValueInfo::Kind::kConstant || element.constant.numel() != 1 ||
        !AppendInts(element.constant, out)) {
      return false;
    }
  }
  return true;
}

std::vector<int64_t> OpContext::ConstInts(size_t i, const std::string& what) const {
  std::vector<int64_t> ints;
  if (!TryConstInts(i, &ints)) {
    Fail(OperandName(i), " ('", what, "') must be known when the model is read (made by "
         "pd_op.full_int_array or pd_op.full), but it is a value computed at run time");
  }
  return ints;
}

bool OpContext::TryConstInt(size_t i, int64_t* out) const {
  std::vector<int64_t> ints;
  if (!TryConstInts(i, &ints) || ints.size() != 1) return false;
  *out = ints[0];
  return true;
}

int64_t OpContext::ConstInt(size_t i, const std::string& what) const {
  int64_t v = 0;
  if (!TryConstInt(i, &v)) {
    Fail(OperandName(i), " ('", what, "') must be a one-element integer constant (made by "
         "pd_op.full), but it is a value computed at run time or not an integer");
  }
  return v;
}

bool OpContext::TryConstReal(size_t i, double* out) const {
  const Constant* c = ConstantOf(i);
  if (!c || c->numel() != 1) return false;
  *out = c->integral() ? static_cast<double>(c->ints.at(0)) : c->reals.at(0);
  return true;
}

double OpContext::ConstReal(size_t i, const std::string& what) const {
  double v = 0;
  if (!TryConstReal(i, &v)) {
    Fail(OperandName(i), " ('", what, "') must be a one-element constant (made by "
         "pd_op.full), but it is a value computed at run time");
  }
  return v;
}

const Type& OpContext::ResultType(size_t k) const {
  if (k >= op_.results.size()) Fail("has no result ", k);
  return op_.results[k].type;
}

std::string OpContext::Result(size_t k) {
  const Type& type = ResultType(k);
  const std::string name = t_->UniqueName(t_->ResultName(k));
  t_->DeclareVar(name, type, false, StrCat("result ", k));
  t_->Bind(k, ValueInfo::Tensor(name, &type));
  return name;
}

std::vector<std::string> OpContext::ResultList(size_t k) {
  const Type& type = ResultType(k);
  if (type.kind != Type::Kind::kVector) {
    Fail("result ", k, " has type '", type.id, "', not a vector of tensors");
  }
  std::vector<std::string> vars;
  std::vector<int64_t> ids;
  const std::string base = t_->ResultName(k);
  for (size_t e = 0; e < type.elements.size(); ++e) {
    // "split_0.tmp_<e>" for an op's only result, as Paddle names split outputs.
    const std::string name = t_->UniqueName(
        NumResults() == 1 ? t_->NameOf(0, op_.name, t_->current_n_, e) : StrCat(base, "_", e));
    t_->DeclareVar(name, type.elements[e], false, StrCat("result ", k, " element ", e));
    ids.push_back(t_->AddInternalValue(ValueInfo::Tensor(name, &type.elements[e])));
    vars.push_back(name);
  }
  ResultIsList(k, ids);
  return vars;
}

void OpContext::ResultIsOperand(size_t k, size_t i) {
  if (!HasOperand(i)) Fail(OperandName(i), " is absent");
  ValueInfo v = t_->Lookup(op_.operands[i], OperandName(i));
  if (v.kind == ValueInfo::Kind::kTensor) v.type = &ResultType(k);
  t_->Bind(k, v);
}

void OpContext::ResultIsConstant(size_t k, Constant constant) {
  ValueInfo v;
  v.kind = ValueInfo::Kind::kConstant;
  v.constant = std::move(constant);
  v.type = &ResultType(k);
  t_->Bind(k, v);
}

void OpContext::ResultIsList(size_t k, std::vector<int64_t> elements) {
  ValueInfo v;
  v.kind = ValueInfo::Kind::kList;
  v.elements = std::move(elements);
  v.type = &ResultType(k);
  t_->Bind(k, v);
}

std::string OpContext::InternalVar(const std::string& wanted, DataType dtype,
                                   const std::vector<int64_t>& dims) {
  Type type;
  type.kind = Type::Kind::kDenseTensor;
  type.dtype = dtype;
  type.dims = dims;
  const std::string name = t_->UniqueName(wanted);
  t_->DeclareVar(name, type, false, StrCat("the intermediate '", name, "'"));
  return name;
}

cpp::OpDesc& OpContext::Emit(const std::string& type) {
  t_->pending_.emplace_back(type);
  return t_->pending_.back();
}

// ---- attributes ----

const Attribute& OpContext::RequireAttr(const std::string& attr) const {
  const Attribute* a = Attr(attr);
  if (!a) Fail("attribute '", attr, "' is missing");
  return *a;
}

namespace {

bool AsInt(const Attribute& a, int64_t* out) {
  if (a.IsInteger() || a.kind == Attribute::Kind::kBool) {
    *out = a.kind == Attribute::Kind::kBool ? a.b : a.i;
    return true;
  }
  if (a.kind == Attribute::Kind::kScalar) {
    *out = a.i;
    return true;
  }
  return false;
}

bool AsReal(const Attribute& a, double* out) {
  if (a.kind == Attribute::Kind::kBool) {
    *out = a.b ? 1.0 : 0.0;
    return true;
  }
  if (a.IsReal()) {
    *out = a.f;
    return true;
  }
  if (a.IsInteger()) {
    *out = static_cast<double>(a.i);
    return true;
  }
  if (a.kind == Attribute::Kind::kScalar) {
    *out = a.f;
    return true;
  }
  return false;
}

}  // namespace

int64_t OpContext::Int(const std::string& attr) const {
  const Attribute& a = RequireAttr(attr);
  int64_t v = 0;
  if (!AsInt(a, &v)) Fail("attribute '", attr, "' (", a.id, ") is not an integer");
  return v;
}

int64_t OpContext::Int(const std::string& attr, int64_t fallback) const {
  return Attr(attr) ? Int(attr) : fallback;
}

int32_t OpContext::Int32(const std::string& attr) const {
  return ToInt32(Int(attr), StrCat("attribute '", attr, "'"));
}

int32_t OpContext::Int32(const std::string& attr, int32_t fallback) const {
  return Attr(attr) ? Int32(attr) : fallback;
}

double OpContext::Real(const std::string& attr) const {
  const Attribute& a = RequireAttr(attr);
  double v = 0;
  if (!AsReal(a, &v)) Fail("attribute '", attr, "' (", a.id, ") is not a number");
  return v;
}

double OpContext::Real(const std::string& attr, double fallback) const {
  return Attr(attr) ? Real(attr) : fallback;
}

bool OpContext::Bool(const std::string& attr) const {
  const Attribute& a = RequireAttr(attr);
  if (a.kind == Attribute::Kind::kBool) return a.b;
  if (a.IsInteger()) return a.i != 0;
  Fail("attribute '", attr, "' (", a.id, ") is not a bool");
}

bool OpContext::Bool(const std::string& attr, bool fallback) const {
  return Attr(attr) ? Bool(attr) : fallback;
}

std::string OpContext::Str(const std::string& attr) const {
  const Attribute& a = RequireAttr(attr);
  if (a.kind != Attribute::Kind::kString && a.kind != Attribute::Kind::kLayout) {
    Fail("attribute '", attr, "' (", a.id, ") is not a string");
  }
  return a.s;
}

std::string OpContext::Str(const std::string& attr, const std::string& fallback) const {
  return Attr(attr) ? Str(attr) : fallback;
}

std::vector<int64_t> OpContext::Ints(const std::string& attr) const {
  const Attribute& a = RequireAttr(attr);
  if (a.kind == Attribute::Kind::kIntArray) return a.ints;
  std::vector<int64_t> out;
  if (a.kind == Attribute::Kind::kArray) {
    for (const Attribute& e : a.array) {
      int64_t v = 0;
      if (!AsInt(e, &v)) Fail("attribute '", attr, "' holds ", e.id, ", not integers");
      out.push_back(v);
    }
    return out;
  }
  int64_t v = 0;
  if (AsInt(a, &v)) return {v};  // a single value where a list is read
  Fail("attribute '", attr, "' (", a.id, ") is not a list of integers");
}

std::vector<int64_t> OpContext::Ints(const std::string& attr,
                                     const std::vector<int64_t>& fallback) const {
  return Attr(attr) ? Ints(attr) : fallback;
}

std::vector<int32_t> OpContext::Int32s(const std::string& attr) const {
  return ToInt32s(Ints(attr), StrCat("attribute '", attr, "'"));
}

std::vector<double> OpContext::Reals(const std::string& attr) const {
  const Attribute& a = RequireAttr(attr);
  std::vector<double> out;
  if (a.kind == Attribute::Kind::kArray) {
    for (const Attribute& e : a.array) {
      double v = 0;
      if (!AsReal(e, &v)) Fail("attribute '", attr, "' holds ", e.id, ", not numbers");
      out.push_back(v);
    }
    return out;
  }
  if (a.kind == Attribute::Kind::kIntArray) {
    for (int64_t v : a.ints) out.push_back(static_cast<double>(v));
    return out;
  }
  double v = 0;
  if (AsReal(a, &v)) return {v};
  Fail("attribute '", attr, "' (", a.id, ") is not a list of numbers");
}

DataType OpContext::Dtype(const std::string& attr) const {
  const Attribute& a = RequireAttr(attr);
  if (a.kind != Attribute::Kind::kDataType) {
    Fail("attribute '", attr, "' (", a.id, ") is not a data type");
  }
  if (a.dtype == DataType::kUndefined) Fail("attribute '", attr, "': unknown data type '", a.s, "'");
  return a.dtype;
}

int32_t OpContext::ToInt32(int64_t v, const std::string& what) const {
  if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max()) {
    Fail(what, " value ", v, " does not fit in 32 bits");
  }
  return static_cast<int32_t>(v);
}

std::vector<int32_t> OpContext::ToInt32s(const std::vector<int64_t>& v,
                                         const std::string& what) const {
  std::vector<int32_t> out;
  out.reserve(v.size());
  for (int64_t x : v) out.push_back(ToInt32(x, what));
  return out;
}

}  // namespace pir
}  // namespace lite
}  // namespace paddle
