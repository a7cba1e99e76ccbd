// The translator's program-wide state (private to lite/model_parser/pir): what each PIR
// value became, the names in use, and the ops emitted so far.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "lite/model_parser/pir/translator.h"

namespace paddle {
namespace lite {
namespace pir {

// What a PIR value became.
struct ValueInfo {
  enum class Kind {
    kTensor,    // a var of the translated program
    kConstant,  // known now; a var only once a user needs it as a tensor
    kList,      // builtin.combine: the element values
    kUnbound,   // a result the translation did not produce
  };
  Kind kind{Kind::kUnbound};
  const Type* type{nullptr};  // the PIR type (the program outlives the translation)
  std::string var;            // kTensor; kConstant once written out
  Constant constant;
  std::vector<int64_t> elements;
  // Result `result_index` of `producer`, the n-th op of its type: what a constant's var is
  // named after when it is written out.
  const Op* producer{nullptr};
  size_t result_index{0};
  int n{0};

  static ValueInfo Tensor(std::string var, const Type* type) {
    ValueInfo v;
    v.kind = Kind::kTensor;
    v.var = std::move(var);
    v.type = type;
    return v;
  }
  static ValueInfo Unbound() { return ValueInfo(); }
};

class Translator {
 public:
  Translator(const Program& program, const std::string& source, PirOpReport* report);
  cpp::ProgramDesc Run();

 private:
  friend class OpContext;

  void DeclareListVar(const std::string& name, cpp::VarKind kind);
  // Adds a var for a dense-tensor value; `what` names the value in errors.
  void DeclareVar(const std::string& name, const Type& type, bool persistable,
                  const std::string& what);
  std::string UniqueName(const std::string& wanted);
  static std::string ShortName(const std::string& op_name);
  std::string ResultName(size_t k) const;  // of the current op's result k
  // "<op>_<n>.tmp_<k>", or the fetch name of value `id`.
  std::string NameOf(int64_t id, const std::string& op_name, int n, size_t k) const;
  // A value that no JSON id names (an element of a vector result); returns its id.
  int64_t AddInternalValue(ValueInfo info);
  std::string ValueText(int64_t id) const;
  ValueInfo& Lookup(int64_t id, const std::string& use);
  // The var of a tensor or constant value (a constant is written out on first use).
  std::string Materialize(int64_t id, const std::string& use);
  void Bind(size_t k, ValueInfo info);  // the current op's result k
  void PlanFetchNames();
  bool IsOutput(const Op& op) const;
  void EmitFetch(OpContext& ctx, const std::string& name);
  bool TranslateStructural(OpContext& ctx);
  [[noreturn]] void FailUnknown(const Op& op) const;
  [[noreturn]] void Fail(const std::string& message) const;
  template <typename... Args>
  [[noreturn]] void Fail(const Args&... args) const {
    Fail(StrCat(args...));
  }

  const Program& program_;
  const std::string& source_;
  PirOpReport* report_;
  cpp::ProgramDesc out_;
  cpp::BlockDesc* block_{nullptr};
  std::unordered_map<int64_t, ValueInfo> values_;
  std::unordered_set<std::string> var_names_;
  std::unordered_map<std::string, int> op_counts_;  // per short op name, for result names
  std::unordered_map<int64_t, std::string> fetch_names_;
  std::deque<cpp::OpDesc> pending_;  // the current op's emitted ops (references stay valid)
  const Op* current_{nullptr};
  int current_n_{0};
  int feed_col_{0};
  int fetch_col_{0};
  bool has_fetch_{false};  // the program has pd_op.fetch ops
  int64_t next_internal_id_{INT64_MIN + 1};
};

}  // namespace pir
}  // namespace lite
}  // namespace paddle
