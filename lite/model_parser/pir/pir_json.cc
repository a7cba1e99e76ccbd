// Decoding inference.json with RapidJSON (the one file that sees the JSON library): the
// iterative parser keeps the stack flat whatever the nesting, reports the byte offset of a
// syntax error (bytes after the root object are one), and reads numbers with full
// precision.
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include <cctype>
#include <cmath>
#include <limits>

#include "lite/model_parser/pir/pir_program.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace pir {

namespace {

using Json = rapidjson::Value;

// Types and attributes nest (vectors of tensors, arrays of arrays); real programs stay
// within a few levels, so a deeper one is malformed and is refused before recursion grows.
constexpr int kMaxNesting = 32;

// Reads values of the expected kinds, failing with the program, the op and the attribute
// being read named: "PIR program m.json, op 17 (pd_op.conv2d), attribute 'strides': an
// element must be an integer". The `what` arguments are static text, so reading builds no
// message until something is wrong.
class Reader {
 public:
  explicit Reader(const std::string& source) : source_(source) {}

  // The op (and attribute) being read, for messages; the pointers outlive the reading.
  void set_op(size_t index, const std::string* name) {
    op_index_ = index;
    op_name_ = name;
    attr_ = nullptr;
  }
  void set_attr(const std::string* name) { attr_ = name; }

  template <typename... Args>
  [[noreturn]] void Fail(const Args&... args) const {
    std::string where;
    if (op_index_ != kNoOp) {
      where = StrCat(", op ", op_index_);
      if (op_name_) where += " (" + *op_name_ + ")";
    }
    if (attr_) where += ", attribute '" + *attr_ + "'";
    PLITE_THROW("PIR program ", source_, where, ": ", args...);
  }

  const Json& Member(const Json& object, const char* key, const char* what) const {
    if (!object.IsObject()) Fail(what, " must be a JSON object");
    auto it = object.FindMember(key);
    if (it == object.MemberEnd()) Fail(what, " has no key '", key, "'");
    return it->value;
  }
  const Json& Object(const Json& v, const char* what) const {
    if (!v.IsObject()) Fail(what, " must be a JSON object");
    return v;
  }
  // Callers pass an object (checked by Member or Object before).
  const Json* OptionalMember(const Json& object, const char* key) const {
    if (!object.IsObject()) return nullptr;
    auto it = object.FindMember(key);
    return it == object.MemberEnd() ? nullptr : &it->value;
  }
  const Json& Array(const Json& v, const char* what) const {
    if (!v.IsArray()) Fail(what, " must be a JSON array");
    return v;
  }
  std::string String(const Json& v, const char* what) const {
    if (!v.IsString()) Fail(what, " must be a string");
    return std::string(v.GetString(), v.GetStringLength());
  }
  int64_t Int(const Json& v, const char* what) const {
    if (v.IsInt64()) return v.GetInt64();
    if (v.IsBool()) return v.GetBool() ? 1 : 0;  // Paddle writes some flags as true/false
    if (v.IsUint64()) Fail(what, " ", v.GetUint64(), " does not fit in a 64-bit integer");
    Fail(what, " must be an integer");
  }
  double Real(const Json& v, const char* what) const {
    if (!v.IsNumber()) Fail(what, " must be a number");
    return v.GetDouble();
  }
  bool Bool(const Json& v, const char* what) const {
    if (v.IsBool()) return v.GetBool();
    if (v.IsInt64()) return v.GetInt64() != 0;
    Fail(what, " must be true or false");
  }
  std::vector<int64_t> Ints(const Json& v, const char* what) const {
    const Json& array = Array(v, what);
    std::vector<int64_t> out;
    out.reserve(array.Size());
    for (const Json& e : array.GetArray()) out.push_back(Int(e, "an element"));
    return out;
  }

  Type ParseType(const Json& v, const char* what, int depth) const;
  Attribute ParseAttr(const Json& v, int depth) const;

 private:
  static constexpr size_t kNoOp = static_cast<size_t>(-1);
  const std::string& source_;
  size_t op_index_{kNoOp};
  const std::string* op_name_{nullptr};
  const std::string* attr_{nullptr};
};

// Dialect ids of the compressed names (paddle/fluid/pir/serialize_deserialize/src/schema.cc).
std::string DialectName(std::string_view id) {
  if (id == "0") return "builtin";
  if (id == "1") return "pd_op";
  if (id == "2") return "cf";
  if (id == "3") return "custom_op";
  if (id == "4") return "pd_dist";
  return std::string(id);
}

// "1.conv2d" -> "pd_op.conv2d", "p" -> "builtin.parameter"; names without a dialect id are
// kept as written.
std::string DecompressOpName(const std::string& name) {
  if (name == "p") return "builtin.parameter";
  const size_t dot = name.find('.');
  if (dot == std::string::npos) return name;
  return DialectName(std::string_view(name).substr(0, dot)) + name.substr(dot);
}

// Element type ids: "0.t_f32" and so on (both spellings Paddle has used for uint8).
DataType ElementTypeFromId(std::string_view id) {
  static const std::pair<const char*, DataType> kIds[] = {
      {"0.t_bool", DataType::kBool},     {"0.t_i8", DataType::kInt8},
      {"0.t_ui8", DataType::kUInt8},     {"0.t_u8", DataType::kUInt8},
      {"0.t_i16", DataType::kInt16},     {"0.t_i32", DataType::kInt32},
      {"0.t_i64", DataType::kInt64},     {"0.t_index", DataType::kInt64},
      {"0.t_f16", DataType::kFloat16},   {"0.t_bf16", DataType::kBFloat16},
      {"0.t_f32", DataType::kFloat32},   {"0.t_f64", DataType::kFloat64},
      {"0.t_c64", DataType::kComplex64}, {"0.t_c128", DataType::kComplex128},
      {"0.t_f8e4m3fn", DataType::kFloat8E4M3FN}, {"0.t_f8e5m2", DataType::kFloat8E5M2},
  };
  for (const auto& [name, type] : kIds) {
    if (id == name) return type;
  }
  return DataType::kUndefined;
}

Type Reader::ParseType(const Json& v, const char* what, int depth) const {
  if (depth > kMaxNesting) Fail(what, " nests deeper than ", kMaxNesting, " levels");
  Type type;
  type.id = String(Member(v, "#", what), "a type id");
  if (type.id == "NULL") return type;
  const DataType element = ElementTypeFromId(type.id);
  if (element != DataType::kUndefined) {
    type.kind = Type::Kind::kElement;
    type.dtype = element;
    return type;
  }
  if (type.id == "0.t_dtensor" || type.id == "1.t_dtensor") {
    const Json& data = Array(Member(v, "D", what), "a tensor type's data");
    if (data.Size() < 3) Fail(what, " (", type.id, ") needs [dtype, dims, layout, ...]");
    const Type dtype = ParseType(data[0], "a tensor type's element type", depth + 1);
    if (dtype.kind != Type::Kind::kElement) {
      Fail(what, " has element type '", dtype.id, "', not an element type");
    }
    type.kind = Type::Kind::kDenseTensor;
    type.dtype = dtype.dtype;
    type.dims = Ints(data[1], "a tensor type's dims");
    type.layout = String(data[2], "a tensor type's layout");
    return type;
  }
  if (type.id == "0.t_vec") {
    type.kind = Type::Kind::kVector;
    const Json& data = Array(Member(v, "D", what), "a vector type's data");
    type.elements.reserve(data.Size());
    for (const Json& e : data.GetArray()) {
      type.elements.push_back(ParseType(e, "a vector type's element", depth + 1));
    }
    return type;
  }
  type.kind = Type::Kind::kOther;  // tensor arrays, selected rows, ...: named if used
  return type;
}

Attribute Reader::ParseAttr(const Json& v, int depth) const {
  const char* what = depth == 0 ? "the value" : "an element";
  if (depth > kMaxNesting) Fail("the value nests deeper than ", kMaxNesting, " levels");
  Attribute a;
  a.id = String(Member(v, "#", what), "an attribute type");
  const std::string& id = a.id;
  using K = Attribute::Kind;
  if (id == "0.a_bool") {
    a.kind = K::kBool;
    a.b = Bool(Member(v, "D", what), what);
  } else if (id == "0.a_i32" || id == "0.a_i64" || id == "0.a_index") {
    a.kind = id == "0.a_i32" ? K::kInt32 : K::kInt64;
    a.i = Int(Member(v, "D", what), what);
  } else if (id == "0.a_f32" || id == "0.a_f64") {
    a.kind = id == "0.a_f32" ? K::kFloat : K::kDouble;
    // NaN and infinities are written as {"VD": "NAN" | "INF" | "-INF"}.
    if (const Json* vd = OptionalMember(v, "VD")) {
      const std::string s = String(*vd, "VD");
      if (s == "NAN") {
        a.f = std::numeric_limits<double>::quiet_NaN();
      } else if (s == "INF" || s == "-INF") {
        a.f = s == "INF" ? std::numeric_limits<double>::infinity()
                         : -std::numeric_limits<double>::infinity();
      } else {
        Fail("VD '", s, "' is not NAN, INF or -INF");
      }
    } else {
      a.f = Real(Member(v, "D", what), what);
    }
  } else if (id == "0.a_str" || id == "0.a_tensorname") {
    a.kind = K::kString;
    a.s = String(Member(v, "D", what), what);
  } else if (id == "0.a_array") {
    a.kind = K::kArray;
    const Json& data = Array(Member(v, "D", what), what);
    a.array.reserve(data.Size());
    for (const Json& e : data.GetArray()) a.array.push_back(ParseAttr(e, depth + 1));
  } else if (id == "0.a_type") {
    a.kind = K::kType;
    a.type = ParseType(Member(v, "D", what), what, depth + 1);
  } else if (id == "1.a_intarray") {
    a.kind = K::kIntArray;
    a.ints = Ints(Member(v, "D", what), what);
  } else if (id == "1.a_dtype") {
    a.kind = K::kDataType;
    a.s = String(Member(v, "D", what), what);
    a.dtype = DataTypeFromName(a.s);
  } else if (id == "1.a_layout") {
    a.kind = K::kLayout;
    a.s = String(Member(v, "D", what), what);
  } else if (id == "1.a_place") {
    a.kind = K::kPlace;
    const Json& data = Array(Member(v, "D", what), what);
    if (data.Size() != 3) Fail(what, " must be [type, device id, device type]");
    a.ints = {Int(data[0], "the place type"), Int(data[1], "the device id")};
    a.s = String(data[2], "the device type");
  } else if (id == "1.a_scalar") {
    a.kind = K::kScalar;
    const Json& data = Array(Member(v, "D", what), what);
    if (data.Size() < 2) Fail(what, " must be [dtype, value]");
    a.s = String(data[0], "the scalar's dtype");
    a.dtype = DataTypeFromName(a.s);
    const Json& value = data[1];
    if (value.IsBool() || value.IsInt64()) {
      a.i = Int(value, "the scalar's value");
      a.f = static_cast<double>(a.i);
    } else {
      a.f = Real(value, "the scalar's value");
      a.i = std::isfinite(a.f) && std::fabs(a.f) < 9.2e18 ? static_cast<int64_t>(a.f) : 0;
    }
  } else {
    a.kind = K::kOther;
  }
  return a;
}

Value ParseResult(const Reader& r, const Json& v, const char* what) {
  Value value;
  // A result nobody uses may be written without an id (it stays 0, the null value).
  if (const Json* id = r.OptionalMember(r.Object(v, what), "%")) value.id = r.Int(*id, "a result id");
  value.type = r.ParseType(r.Member(v, "TT", what), "a result type", 0);
  return value;
}

// builtin.parameter, compressed: "A": [is_distributed, is_parameter, need_clip, name],
// "O": one result object, "OA": [persistable, stop_gradient, trainable].
void ParseParameterOp(const Reader& r, const Json& v, Op* op) {
  const Json& attrs = r.Array(r.Member(v, "A", "the op"), "its attributes 'A'");
  if (attrs.Size() != 4) {
    r.Fail("a builtin.parameter needs 4 attributes [is_distributed, is_parameter, "
           "need_clip, name], got ", attrs.Size());
  }
  op->parameter_name = r.String(attrs[3], "the parameter name");
  if (op->parameter_name.empty()) r.Fail("the parameter has an empty name");
  op->results.push_back(ParseResult(r, r.Member(v, "O", "the op"), "its result"));
  if (const Json* oa = r.OptionalMember(v, "OA")) {
    const Json& flags = r.Array(*oa, "its result attributes 'OA'");
    if (flags.Size() >= 1) op->persistable = r.Bool(flags[0], "persistable");
  }
}

void ParseOp(Reader& r, const Json& v, Op* op) {
  const Json& operands = r.Array(r.Member(v, "I", "the op"), "its operands 'I'");
  op->operands.reserve(operands.Size());
  for (const Json& operand : operands.GetArray()) {
    op->operands.push_back(r.Int(r.Member(operand, "%", "an operand"), "an operand id"));
  }
  const Json& results = r.Array(r.Member(v, "O", "the op"), "its results 'O'");
  op->results.reserve(results.Size());
  for (const Json& result : results.GetArray()) {
    op->results.push_back(ParseResult(r, result, "a result"));
  }
  if (const Json* attrs = r.OptionalMember(v, "A")) {
    const Json& list = r.Array(*attrs, "its attributes 'A'");
    op->attrs.reserve(list.Size());
    for (const Json& attr : list.GetArray()) {
      std::string name = r.String(r.Member(attr, "N", "an attribute"), "an attribute name");
      op->attrs.emplace_back(std::move(name), Attribute());
      r.set_attr(&op->attrs.back().first);
      op->attrs.back().second = r.ParseAttr(r.Member(attr, "AT", "the attribute"), 0);
      r.set_attr(nullptr);
    }
  }
  if (const Json* regions = r.OptionalMember(v, "regions")) {
    op->num_regions = r.Array(*regions, "its regions").Size();
  }
}

}  // namespace

const char* DataTypeName(DataType type) {
  switch (type) {
    case DataType::kBool: return "bool";
    case DataType::kInt8: return "int8";
    case DataType::kUInt8: return "uint8";
    case DataType::kInt16: return "int16";
    case DataType::kInt32: return "int32";
    case DataType::kInt64: return "int64";
    case DataType::kFloat16: return "float16";
    case DataType::kBFloat16: return "bfloat16";
    case DataType::kFloat32: return "float32";
    case DataType::kFloat64: return "float64";
    case DataType::kComplex64: return "complex64";
    case DataType::kComplex128: return "complex128";
    case DataType::kFloat8E4M3FN: return "float8_e4m3fn";
    case DataType::kFloat8E5M2: return "float8_e5m2";
    case DataType::kUndefined: break;
  }
  return "undefined";
}

DataType DataTypeFromName(std::string_view name) {
  for (int t = static_cast<int>(DataType::kBool); t <= static_cast<int>(DataType::kFloat8E5M2);
       ++t) {
    if (name == DataTypeName(static_cast<DataType>(t))) return static_cast<DataType>(t);
  }
  return DataType::kUndefined;
}

const Attribute* Op::FindAttr(const std::string& attr_name) const {
  for (const auto& [n, a] : attrs) {
    if (n == attr_name) return &a;
  }
  return nullptr;
}

bool LooksLikePirJson(std::string_view bytes) {
  size_t i = 0;
  while (i < bytes.size() && std::isspace(static_cast<unsigned char>(bytes[i]))) ++i;
  if (i == bytes.size() || bytes[i] != '{') return false;
  ++i;
  while (i < bytes.size() && std::isspace(static_cast<unsigned char>(bytes[i]))) ++i;
  return bytes.substr(i, 11) == "\"base_code\"";
}

Program ParseProgram(std::string_view json, const std::string& source) {
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseFullPrecisionFlag>(json.data(),
                                                                                 json.size());
  if (doc.HasParseError()) {
    PLITE_THROW("PIR program ", source, ": malformed JSON at byte ", doc.GetErrorOffset(),
                " of ", json.size(), ": ", rapidjson::GetParseError_En(doc.GetParseError()));
  }
  Reader r(source);
  Program program;
  const Json& base = r.Member(doc, "base_code", "the file");
  const std::string magic = r.String(r.Member(base, "magic", "base_code"), "base_code.magic");
  if (magic != "pir") r.Fail("base_code.magic is '", magic, "', not 'pir'");
  const Json& version = r.Member(base, "version", "base_code");
  if (!version.IsUint64()) r.Fail("base_code.version must be a non-negative integer");
  program.version = version.GetUint64();
  if (program.version > kNewestPirVersion) {
    r.Fail("base_code.version ", program.version, " is newer than this plite reads (PIR "
           "versions 1 to ", kNewestPirVersion, ", and 0 from Paddle's development builds); "
           "export the model with an older Paddle or update plite");
  }
  if (const Json* trainable = r.OptionalMember(base, "trainable")) {
    program.trainable = r.Bool(*trainable, "base_code.trainable");
  }

  const Json& regions = r.Array(
      r.Member(r.Member(doc, "program", "the file"), "regions", "program"), "program.regions");
  if (regions.Size() != 1) r.Fail("program.regions must hold 1 region, got ", regions.Size());
  const Json& blocks = r.Array(r.Member(regions[0], "blocks", "region 0"), "region 0 blocks");
  if (blocks.Empty()) r.Fail("region 0 has no blocks");
  const Json& block = blocks[0];
  if (const Json* args = r.OptionalMember(r.Object(block, "block 0"), "args")) {
    for (const Json& arg : r.Array(*args, "block 0 args").GetArray()) {
      Value value;
      value.id = r.Int(r.Member(arg, "#", "a block argument"), "a block argument id");
      value.type = r.ParseType(r.Member(arg, "TT", "a block argument"), "a block argument", 0);
      program.block_args.push_back(value);
    }
  }
  const Json& ops = r.Array(r.Member(block, "ops", "block 0"), "block 0 ops");
  program.ops.reserve(ops.Size());
  for (rapidjson::SizeType i = 0; i < ops.Size(); ++i) {
    const Json& v = ops[i];
    program.ops.emplace_back();
    Op& op = program.ops.back();
    op.index = i;
    r.set_op(i, nullptr);
    op.name = DecompressOpName(r.String(r.Member(v, "#", "the op"), "the op name"));
    r.set_op(i, &op.name);
    if (op.name == "builtin.parameter") {
      ParseParameterOp(r, v, &op);
    } else {
      ParseOp(r, v, &op);
    }
  }
  return program;
}

}  // namespace pir
}  // namespace lite
}  // namespace paddle
