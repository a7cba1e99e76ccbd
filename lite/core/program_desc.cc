#include "lite/core/program_desc.h"

#include <limits>

namespace paddle {
namespace lite {
namespace cpp {

const char* AttrTypeName(AttrType type) {
  switch (type) {
    case AttrType::INT: return "INT";
    case AttrType::FLOAT: return "FLOAT";
    case AttrType::STRING: return "STRING";
    case AttrType::INTS: return "INTS";
    case AttrType::FLOATS: return "FLOATS";
    case AttrType::STRINGS: return "STRINGS";
    case AttrType::BOOLEAN: return "BOOLEAN";
    case AttrType::BOOLEANS: return "BOOLEANS";
    case AttrType::BLOCK: return "BLOCK";
    case AttrType::LONG: return "LONG";
    case AttrType::BLOCKS: return "BLOCKS";
    case AttrType::LONGS: return "LONGS";
    case AttrType::FLOAT64S: return "FLOAT64S";
    case AttrType::FLOAT64: return "FLOAT64";
  }
  return "UNKNOWN";
}

namespace {
const std::vector<std::string> kNoArgs;

std::vector<std::string> AllArgs(const OpDesc::ArgMap& map) {
  std::vector<std::string> out;
  for (const auto& kv : map) out.insert(out.end(), kv.second.begin(), kv.second.end());
  return out;
}

int32_t NarrowToInt32(int64_t v, const std::string& op, const std::string& name) {
  PLITE_CHECK(v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max(),
              "op '", op, "': attribute '", name, "' value ", v, " does not fit in int32");
  return static_cast<int32_t>(v);
}
}  // namespace

const std::vector<std::string>& OpDesc::Input(const std::string& param) const {
  auto it = inputs_.find(param);
  return it == inputs_.end() ? kNoArgs : it->second;
}

const std::vector<std::string>& OpDesc::Output(const std::string& param) const {
  auto it = outputs_.find(param);
  return it == outputs_.end() ? kNoArgs : it->second;
}

bool OpDesc::HasInput(const std::string& param) const { return !Input(param).empty(); }
bool OpDesc::HasOutput(const std::string& param) const { return !Output(param).empty(); }
std::vector<std::string> OpDesc::InputArgumentNames() const { return AllArgs(inputs_); }
std::vector<std::string> OpDesc::OutputArgumentNames() const { return AllArgs(outputs_); }

const Attribute& OpDesc::FindAttr(const std::string& name) const {
  auto it = attrs_.find(name);
  PLITE_CHECK(it != attrs_.end(), "op '", type_, "': missing attribute '", name, "'");
  return it->second;
}

AttrType OpDesc::GetAttrType(const std::string& name) const { return FindAttr(name).type; }

#define PLITE_ATTR_KIND_ERROR(expected)                                                    \
  PLITE_THROW("op '", type_, "': attribute '", name, "' has type ", AttrTypeName(a.type), \
              ", expected ", expected)

template <>
bool OpDesc::GetAttr<bool>(const std::string& name) const {
  const Attribute& a = FindAttr(name);
  if (auto* b = std::get_if<bool>(&a.value)) return *b;
  if (auto* i = std::get_if<int32_t>(&a.value)) return *i != 0;
  if (auto* l = std::get_if<int64_t>(&a.value)) return *l != 0;
  PLITE_ATTR_KIND_ERROR("BOOLEAN");
}

template <>
int32_t OpDesc::GetAttr<int32_t>(const std::string& name) const {
  const Attribute& a = FindAttr(name);
  if (auto* i = std::get_if<int32_t>(&a.value)) return *i;
  if (auto* l = std::get_if<int64_t>(&a.value)) return NarrowToInt32(*l, type_, name);
  if (auto* b = std::get_if<bool>(&a.value)) return *b ? 1 : 0;
  PLITE_ATTR_KIND_ERROR("INT");
}

template <>
int64_t OpDesc::GetAttr<int64_t>(const std::string& name) const {
  const Attribute& a = FindAttr(name);
  if (auto* l = std::get_if<int64_t>(&a.value)) return *l;
  if (auto* i = std::get_if<int32_t>(&a.value)) return *i;
  PLITE_ATTR_KIND_ERROR("LONG");
}

template <>
float OpDesc::GetAttr<float>(const std::string& name) const {
  const Attribute& a = FindAttr(name);
  if (auto* f = std::get_if<float>(&a.value)) return *f;
  if (auto* d = std::get_if<double>(&a.value)) return static_cast<float>(*d);
  if (auto* i = std::get_if<int32_t>(&a.value)) return static_cast<float>(*i);
  if (auto* l = std::get_if<int64_t>(&a.value)) return static_cast<float>(*l);
  PLITE_ATTR_KIND_ERROR("FLOAT");
}

template <>
double OpDesc::GetAttr<double>(const std::string& name) const {
  const Attribute& a = FindAttr(name);
  if (auto* d = std::get_if<double>(&a.value)) return *d;
  if (auto* f = std::get_if<float>(&a.value)) return *f;
  PLITE_ATTR_KIND_ERROR("FLOAT64");
}

template <>
std::string OpDesc::GetAttr<std::string>(const std::string& name) const {
  const Attribute& a = FindAttr(name);
  if (auto* s = std::get_if<std::string>(&a.value)) return *s;
  PLITE_ATTR_KIND_ERROR("STRING");
}

template <>
std::vector<int32_t> OpDesc::GetAttr<std::vector<int32_t>>(const std::string& name) const {
  const Attribute& a = FindAttr(name);
  if (auto* v = std::get_if<std::vector<int32_t>>(&a.value)) return *v;
  if (auto* v = std::get_if<std::vector<int64_t>>(&a.value)) {
    std::vector<int32_t> out;
    for (int64_t x : *v) out.push_back(NarrowToInt32(x, type_, name));
    return out;
  }
  PLITE_ATTR_KIND_ERROR("INTS");
}

template <>
std::vector<int64_t> OpDesc::GetAttr<std::vector<int64_t>>(const std::string& name) const {
  const Attribute& a = FindAttr(name);
  if (auto* v = std::get_if<std::vector<int64_t>>(&a.value)) return *v;
  if (auto* v = std::get_if<std::vector<int32_t>>(&a.value)) {
    return std::vector<int64_t>(v->begin(), v->end());
  }
  PLITE_ATTR_KIND_ERROR("LONGS");
}

template <>
std::vector<float> OpDesc::GetAttr<std::vector<float>>(const std::string& name) const {
  const Attribute& a = FindAttr(name);
  if (auto* v = std::get_if<std::vector<float>>(&a.value)) return *v;
  if (auto* v = std::get_if<std::vector<double>>(&a.value)) {
    return std::vector<float>(v->begin(), v->end());
  }
  PLITE_ATTR_KIND_ERROR("FLOATS");
}

template <>
std::vector<std::string> OpDesc::GetAttr<std::vector<std::string>>(
    const std::string& name) const {
  const Attribute& a = FindAttr(name);
  if (auto* v = std::get_if<std::vector<std::string>>(&a.value)) return *v;
  PLITE_ATTR_KIND_ERROR("STRINGS");
}

template <>
std::vector<bool> OpDesc::GetAttr<std::vector<bool>>(const std::string& name) const {
  const Attribute& a = FindAttr(name);
  if (auto* v = std::get_if<std::vector<bool>>(&a.value)) return *v;
  PLITE_ATTR_KIND_ERROR("BOOLEANS");
}
#undef PLITE_ATTR_KIND_ERROR

namespace {
template <typename T>
struct AttrTypeOf;
template <> struct AttrTypeOf<int32_t> { static constexpr AttrType value = AttrType::INT; };
template <> struct AttrTypeOf<float> { static constexpr AttrType value = AttrType::FLOAT; };
template <> struct AttrTypeOf<std::string> { static constexpr AttrType value = AttrType::STRING; };
template <> struct AttrTypeOf<std::vector<int32_t>> { static constexpr AttrType value = AttrType::INTS; };
template <> struct AttrTypeOf<std::vector<float>> { static constexpr AttrType value = AttrType::FLOATS; };
template <> struct AttrTypeOf<std::vector<std::string>> { static constexpr AttrType value = AttrType::STRINGS; };
template <> struct AttrTypeOf<bool> { static constexpr AttrType value = AttrType::BOOLEAN; };
template <> struct AttrTypeOf<std::vector<bool>> { static constexpr AttrType value = AttrType::BOOLEANS; };
template <> struct AttrTypeOf<int64_t> { static constexpr AttrType value = AttrType::LONG; };
template <> struct AttrTypeOf<std::vector<int64_t>> { static constexpr AttrType value = AttrType::LONGS; };
template <> struct AttrTypeOf<double> { static constexpr AttrType value = AttrType::FLOAT64; };
template <> struct AttrTypeOf<std::vector<double>> { static constexpr AttrType value = AttrType::FLOAT64S; };
}  // namespace

template <typename T>
void OpDesc::SetAttr(const std::string& name, const T& value) {
  attrs_[name] = Attribute{AttrTypeOf<T>::value, AttrValue(value)};
}

template void OpDesc::SetAttr<int32_t>(const std::string&, const int32_t&);
template void OpDesc::SetAttr<float>(const std::string&, const float&);
template void OpDesc::SetAttr<std::string>(const std::string&, const std::string&);
template void OpDesc::SetAttr<std::vector<int32_t>>(const std::string&, const std::vector<int32_t>&);
template void OpDesc::SetAttr<std::vector<float>>(const std::string&, const std::vector<float>&);
template void OpDesc::SetAttr<std::vector<std::string>>(const std::string&, const std::vector<std::string>&);
template void OpDesc::SetAttr<bool>(const std::string&, const bool&);
template void OpDesc::SetAttr<std::vector<bool>>(const std::string&, const std::vector<bool>&);
template void OpDesc::SetAttr<int64_t>(const std::string&, const int64_t&);
template void OpDesc::SetAttr<std::vector<int64_t>>(const std::string&, const std::vector<int64_t>&);
template void OpDesc::SetAttr<double>(const std::string&, const double&);
template void OpDesc::SetAttr<std::vector<double>>(const std::string&, const std::vector<double>&);

const VarDesc* BlockDesc::FindVar(const std::string& name) const {
  for (const auto& v : vars) {
    if (v.name == name) return &v;
  }
  return nullptr;
}

void AddModelOpVersion(const std::string& op_type, int64_t version, ProgramDesc* program) {
  auto& versions = program->op_versions;
  PLITE_CHECK(versions.size() < kMaxOpVersionEntries, "op_version_map: more than ",
              kMaxOpVersionEntries, " entries");
  PLITE_CHECK(!op_type.empty(), "op_version_map: an entry with an empty op type (version ",
              version, ")");
  PLITE_CHECK(version >= 0 && version <= std::numeric_limits<int32_t>::max(),
              "op_version_map: op '", op_type, "' has version ", version,
              " (versions are non-negative 32-bit numbers)");
  auto inserted = versions.emplace(op_type, static_cast<int32_t>(version));
  PLITE_CHECK(inserted.second, "op_version_map: op '", op_type, "' appears twice (versions ",
              inserted.first->second, " and ", version, ")");
}

bool IsBookkeepingAttr(const std::string& name) {
  return name == "op_callstack" || name == "op_namescope" || name == "op_device" ||
         name == "op_role_var";
}

}  // namespace cpp
}  // namespace lite
}  // namespace paddle
