// Translating a PIR program into the plain cpp::ProgramDesc every other front end produces.
// Each pd_op becomes the plite op of the same meaning (legacy names, attribute names and
// argument names), with constant operands (what pd_op.full / pd_op.full_int_array make)
// folded into the attributes the op expects; operands that are runtime values become
// inputs. builtin.combine / builtin.split become list arguments. Names are readable: the
// parameter names for weights, the data and fetch names for inputs and outputs, and
// `<op>_<n>.tmp_<k>` (result k of the n-th op of that type) for the rest.
//
// A translation is a function of an OpContext, registered by pd_op name in one of the
// translate_*.cc files (docs/pir.md lists them all).
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/model_parser/pir/pir_program.h"

namespace paddle {
namespace lite {
namespace pir {

// A value known when the model is read: what pd_op.full, pd_op.full_int_array and
// pd_op.assign_value make.
struct Constant {
  DataType dtype{DataType::kFloat32};
  std::vector<int64_t> dims;
  bool filled{false};           // every element equals the first (pd_op.full)
  std::vector<int64_t> ints;    // the elements (one when filled), integral dtypes and bool
  std::vector<double> reals;    // the elements, floating dtypes

  bool integral() const;
  int64_t numel() const;  // -1 when the dims are not all known
};

class Translator;

// One op being translated: its operands, results and attributes under their PIR names, and
// the ops it emits. Every failure throws naming the program, the op's index and its name.
class OpContext {
 public:
  // `name` is the op's name, or the plain form's for an inplace variant ("pd_op.relu" for
  // "pd_op.relu_"): what the translation is registered under.
  OpContext(Translator* translator, const Op& op, std::string name);

  const Op& op() const { return op_; }
  const std::string& name() const { return name_; }

  // Operands. An absent optional operand is the null value.
  size_t NumOperands() const { return op_.operands.size(); }
  bool HasOperand(size_t i) const;
  const Type& OperandType(size_t i) const;
  // The var holding operand i; a constant is written out as a fill_constant / assign_value
  // op the first time a tensor of it is needed. Throws for a list (builtin.combine).
  std::string Tensor(size_t i);
  // The vars of a list operand (builtin.combine), or of a single tensor as a list of one.
  std::vector<std::string> TensorList(size_t i);
  // The constant operand i holds, or nullptr for a runtime value.
  const Constant* ConstantOf(size_t i) const;
  // Operand i's integers when they are known now: a constant, or a list of one-element
  // constants. False when any is a runtime value.
  bool TryConstInts(size_t i, std::vector<int64_t>* out) const;
  // The same, throwing "operand 'what' must be a constant" otherwise.
  std::vector<int64_t> ConstInts(size_t i, const std::string& what) const;
  // A one-element integer constant (an axis, a count); false for a runtime value or one
  // that is not an integer a 64-bit count holds.
  bool TryConstInt(size_t i, int64_t* out) const;
  int64_t ConstInt(size_t i, const std::string& what) const;
  // A one-element constant operand's value.
  bool TryConstReal(size_t i, double* out) const;
  double ConstReal(size_t i, const std::string& what) const;

  // Results.
  size_t NumResults() const { return op_.results.size(); }
  const Type& ResultType(size_t k) const;
  // The var for result k, declared with the result's type.
  std::string Result(size_t k);
  // The vars of result k when it is a vector (pd_op.split, pd_op.unbind): one per element,
  // bound as the list builtin.split / builtin.slice take apart.
  std::vector<std::string> ResultList(size_t k);
  // Result k is the value of operand i (the op is the identity at inference).
  void ResultIsOperand(size_t k, size_t i);
  void ResultIsConstant(size_t k, Constant constant);
  // Result k is the list of values `elements` (builtin.combine).
  void ResultIsList(size_t k, std::vector<int64_t> elements);

  // Declares a var no PIR value names (an intermediate of a translation that emits several
  // ops); returns its name, made unique.
  std::string InternalVar(const std::string& wanted, DataType dtype,
                          const std::vector<int64_t>& dims);

  // Appends an op to the translated program (after any constants this op's inputs need).
  cpp::OpDesc& Emit(const std::string& type);

  // Attributes. The readers accept every kind Paddle versions have written for a meaning
  // (int32 or int64; float or double; an array of either or an int array) and throw naming
  // the attribute otherwise.
  const Attribute* Attr(const std::string& attr) const { return op_.FindAttr(attr); }
  const Attribute& RequireAttr(const std::string& attr) const;
  int64_t Int(const std::string& attr) const;
  int64_t Int(const std::string& attr, int64_t fallback) const;
  int32_t Int32(const std::string& attr) const;
  int32_t Int32(const std::string& attr, int32_t fallback) const;
  double Real(const std::string& attr) const;
  double Real(const std::string& attr, double fallback) const;
  bool Bool(const std::string& attr) const;
  bool Bool(const std::string& attr, bool fallback) const;
  std::string Str(const std::string& attr) const;
  std::string Str(const std::string& attr, const std::string& fallback) const;
  std::vector<int64_t> Ints(const std::string& attr) const;
  std::vector<int64_t> Ints(const std::string& attr, const std::vector<int64_t>& fallback) const;
  std::vector<int32_t> Int32s(const std::string& attr) const;
  std::vector<double> Reals(const std::string& attr) const;
  DataType Dtype(const std::string& attr) const;

  // Narrowing with a check: "attribute 'axis' value 4294967296 does not fit in int32".
  int32_t ToInt32(int64_t v, const std::string& what) const;
  std::vector<int32_t> ToInt32s(const std::vector<int64_t>& v, const std::string& what) const;

  template <typename... Args>
  [[noreturn]] void Fail(const Args&... args) const;

 private:
  [[noreturn]] void FailWith(const std::string& message) const;
  std::string OperandName(size_t i) const;

  Translator* t_;
  const Op& op_;
  std::string name_;
};

using TranslateFn = void (*)(OpContext& ctx);
using TranslatorTable = std::unordered_map<std::string, TranslateFn>;

// The translations, by pd_op name (each translate_*.cc file adds its own).
void AddNnTranslations(TranslatorTable* table);
void AddMathTranslations(TranslatorTable* table);
void AddShapeTranslations(TranslatorTable* table);
void AddDetectionTranslations(TranslatorTable* table);
void AddQuantTranslations(TranslatorTable* table);
const TranslatorTable& Translations();

// Paddle 3's custom_op dialect (translate_custom.cc): an op named "custom_op.<type>"
// becomes an op of <type> when one is registered with declared parameters (a custom op of
// the app or a plugin); false when the op is no custom op or its type is not registered.
bool IsCustomOpName(const std::string& op_name);
bool TranslateCustomOp(OpContext& ctx);

// What each PIR op type of a program became, for `opt --print_model_ops`.
struct PirOpUse {
  int count{0};
  std::set<std::string> became;  // plite op types emitted for it (empty: folded away)
};
using PirOpReport = std::map<std::string, PirOpUse>;

// Translates `program` (read from `source`). Params are not read here: the parameters
// become persistable vars named as the parameters, in the order the params file holds them
// (sorted by name). Throws naming the program, op and value on anything it cannot take.
cpp::ProgramDesc TranslateProgram(const Program& program, const std::string& source,
                                  PirOpReport* report = nullptr);

// The plite precision of a PIR element type; throws naming `what` when plite holds none.
lite_api::PrecisionType PrecisionOf(DataType type, const std::string& what);
// Paddle's VarType code for a PIR element type (the `dtype` attributes of legacy ops).
int PaddleDtypeCode(DataType type, const std::string& what);

template <typename... Args>
void OpContext::Fail(const Args&... args) const {
  FailWith(StrCat(args...));
}

}  // namespace pir
}  // namespace lite
}  // namespace paddle
