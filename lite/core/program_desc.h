// The plain C++ program description every front end translates into: ProgramDesc of
// BlockDescs of OpDescs and VarDescs with typed attributes. Ops, the optimizer and the
// model writers read and write this; nothing here knows a file format.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "lite/utils/place.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace cpp {

// Attribute kinds, numbered as Paddle's framework.proto numbers them.
enum class AttrType : int {
  INT = 0,
  FLOAT = 1,
  STRING = 2,
  INTS = 3,
  FLOATS = 4,
  STRINGS = 5,
  BOOLEAN = 6,
  BOOLEANS = 7,
  BLOCK = 8,
  LONG = 9,
  BLOCKS = 10,
  LONGS = 11,
  FLOAT64S = 12,
  FLOAT64 = 15,
};
const char* AttrTypeName(AttrType type);

using AttrValue = std::variant<int32_t, float, std::string, std::vector<int32_t>,
                               std::vector<float>, std::vector<std::string>, bool,
                               std::vector<bool>, int64_t, std::vector<int64_t>, double,
                               std::vector<double>>;

struct Attribute {
  AttrType type{AttrType::INT};
  AttrValue value{int32_t{0}};  // BLOCK is int32 (block index), BLOCKS vector<int32>
};

// Attributes Paddle writes for its own bookkeeping (the Python call stack that built the
// op, its name scope, device and role variables): no op reads them, and a .nb leaves them out.
bool IsBookkeepingAttr(const std::string& name);

class OpDesc {
 public:
  OpDesc() = default;
  explicit OpDesc(std::string type) : type_(std::move(type)) {}

  const std::string& Type() const { return type_; }
  void SetType(const std::string& type) { type_ = type; }

  using ArgMap = std::map<std::string, std::vector<std::string>>;
  const ArgMap& inputs() const { return inputs_; }
  const ArgMap& outputs() const { return outputs_; }
  ArgMap* mutable_inputs() { return &inputs_; }
  ArgMap* mutable_outputs() { return &outputs_; }
  // Argument names bound to a parameter; empty when the parameter is absent.
  const std::vector<std::string>& Input(const std::string& param) const;
  const std::vector<std::string>& Output(const std::string& param) const;
  bool HasInput(const std::string& param) const;   // present and non-empty
  bool HasOutput(const std::string& param) const;  // present and non-empty
  void SetInput(const std::string& param, const std::vector<std::string>& args) {
    inputs_[param] = args;
  }
  void SetOutput(const std::string& param, const std::vector<std::string>& args) {
    outputs_[param] = args;
  }
  std::vector<std::string> InputArgumentNames() const;   // all vars read
  std::vector<std::string> OutputArgumentNames() const;  // all vars written

  bool HasAttr(const std::string& name) const { return attrs_.count(name) > 0; }
  const std::map<std::string, Attribute>& attrs() const { return attrs_; }
  AttrType GetAttrType(const std::string& name) const;
  void SetAttribute(const std::string& name, Attribute attr) { attrs_[name] = std::move(attr); }
  void DeleteAttr(const std::string& name) { attrs_.erase(name); }

  // Typed read. Accepts the kinds Paddle versions use for the same meaning (INT or BOOLEAN
  // for a flag, INT or LONG for an integer, FLOAT or FLOAT64 for a real); throws naming the
  // op and attribute when missing or of another kind.
  template <typename T>
  T GetAttr(const std::string& name) const;
  template <typename T>
  T GetAttrOr(const std::string& name, const T& fallback) const {
    return HasAttr(name) ? GetAttr<T>(name) : fallback;
  }
  template <typename T>
  void SetAttr(const std::string& name, const T& value);

 private:
  const Attribute& FindAttr(const std::string& name) const;  // throws when missing

  std::string type_;
  ArgMap inputs_;
  ArgMap outputs_;
  std::map<std::string, Attribute> attrs_;
};

#define PLITE_DECLARE_GET_ATTR(T) \
  template <>                     \
  T OpDesc::GetAttr<T>(const std::string& name) const
PLITE_DECLARE_GET_ATTR(bool);
PLITE_DECLARE_GET_ATTR(int32_t);
PLITE_DECLARE_GET_ATTR(int64_t);
PLITE_DECLARE_GET_ATTR(float);
PLITE_DECLARE_GET_ATTR(double);
PLITE_DECLARE_GET_ATTR(std::string);
PLITE_DECLARE_GET_ATTR(std::vector<int32_t>);
PLITE_DECLARE_GET_ATTR(std::vector<int64_t>);
PLITE_DECLARE_GET_ATTR(std::vector<float>);
PLITE_DECLARE_GET_ATTR(std::vector<std::string>);
PLITE_DECLARE_GET_ATTR(std::vector<bool>);
#undef PLITE_DECLARE_GET_ATTR

// What a variable holds. Tensors are what inference moves; the rest is bookkeeping.
enum class VarKind { kLodTensor, kFeedList, kFetchList, kTensorArray, kOther };

struct VarDesc {
  std::string name;
  VarKind kind{VarKind::kLodTensor};
  lite_api::PrecisionType precision{lite_api::PrecisionType::kFloat};
  std::vector<int64_t> shape;
  bool persistable{false};
};

struct BlockDesc {
  int32_t idx{0};
  int32_t parent_idx{-1};
  std::vector<VarDesc> vars;
  std::vector<OpDesc> ops;

  const VarDesc* FindVar(const std::string& name) const;
};

struct ProgramDesc {
  int64_t version{0};
  std::vector<BlockDesc> blocks;
  // Paddle's op_version_map: op type -> the version of that op the saving Paddle had. Paddle
  // bumps an op's version when it adds an input or attribute, so kernels declare the versions
  // they implement (KernelInfo::op_versions) and the kernel picker matches the two. Paddle
  // records every op type it knows, not only the program's; an op type absent here matches
  // any kernel.
  std::map<std::string, int32_t> op_versions;
};

// What the model parsers accept in op_versions (Paddle's own map has a few hundred entries).
constexpr size_t kMaxOpVersionEntries = 1 << 16;
// Adds one entry read from a file to `program`, checking it: a non-empty op type seen once,
// a version in [0, 2^31), at most kMaxOpVersionEntries entries. Throws naming the op type
// and value.
void AddModelOpVersion(const std::string& op_type, int64_t version, ProgramDesc* program);

}  // namespace cpp
}  // namespace lite
}  // namespace paddle
