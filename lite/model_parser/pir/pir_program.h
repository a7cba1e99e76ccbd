// A Paddle 3 PIR program as `inference.json` holds it, decoded from the compressed JSON keys
// (docs/pir.md) but not yet translated: the top block's ops in program order, each with its
// operand value ids, its result values (id + type) and its attributes. No JSON type appears
// here: pir_json.cc is the only file that sees the JSON library.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace paddle {
namespace lite {
namespace pir {

// Element types, as Paddle's phi::DataType names them in `1.a_dtype` attributes.
enum class DataType {
  kUndefined,
  kBool,
  kInt8,
  kUInt8,
  kInt16,
  kInt32,
  kInt64,
  kFloat16,
  kBFloat16,
  kFloat32,
  kFloat64,
  kComplex64,
  kComplex128,
  kFloat8E4M3FN,
  kFloat8E5M2,
};
// "float32", "int64", ... (Paddle's spelling); "undefined" for kUndefined.
const char* DataTypeName(DataType type);
// Paddle's spelling back to the type; kUndefined when the name is not one.
DataType DataTypeFromName(std::string_view name);

// A value's type. Dense tensors carry dims (-1 = unknown) and a layout; a vector type (the
// result of builtin.combine) carries its element types.
struct Type {
  enum class Kind { kNull, kDenseTensor, kVector, kElement, kOther };
  Kind kind{Kind::kNull};
  DataType dtype{DataType::kUndefined};  // of a dense tensor or a bare element type
  std::vector<int64_t> dims;
  std::string layout;
  std::vector<Type> elements;
  std::string id;  // as written, e.g. "0.t_dtensor"
};

// An attribute value. Integers of every width are held in `i`, reals in `f`; arrays keep
// their elements' kinds.
struct Attribute {
  enum class Kind {
    kBool,
    kInt32,
    kInt64,
    kFloat,
    kDouble,
    kString,
    kArray,     // 0.a_array: elements in `array`
    kIntArray,  // 1.a_intarray: `ints`
    kDataType,  // 1.a_dtype: `dtype`
    kPlace,     // 1.a_place: [allocation type, device id, device type] in `ints` and `s`
    kScalar,    // 1.a_scalar: `dtype` with the value in `i` (integral types) or `f`
    kLayout,    // 1.a_layout: `s`
    kType,      // 0.a_type: `type`
    kOther,     // anything else (kept by id so an error can name it)
  };
  Kind kind{Kind::kOther};
  bool b{false};
  int64_t i{0};
  double f{0};
  std::string s;
  std::vector<Attribute> array;
  std::vector<int64_t> ints;
  DataType dtype{DataType::kUndefined};
  Type type;
  std::string id;  // as written, e.g. "0.a_i32"

  bool IsInteger() const { return kind == Kind::kInt32 || kind == Kind::kInt64; }
  bool IsReal() const { return kind == Kind::kFloat || kind == Kind::kDouble; }
};

struct Value {
  int64_t id{0};  // > 0 for op results, < 0 for block arguments; 0 is the null value
  Type type;
};

struct Op {
  std::string name;  // with the dialect spelled out: "pd_op.conv2d", "builtin.parameter"
  size_t index{0};   // position in the block, for messages
  std::vector<int64_t> operands;  // value ids; 0 for an absent optional operand
  std::vector<Value> results;
  std::vector<std::pair<std::string, Attribute>> attrs;  // "A", in file order
  size_t num_regions{0};  // control-flow ops hold nested blocks (not decoded)

  // builtin.parameter: the fields of its compressed form.
  std::string parameter_name;
  bool persistable{true};

  const Attribute* FindAttr(const std::string& attr_name) const;
};

struct Program {
  uint64_t version{0};   // base_code.version
  bool trainable{false};  // base_code.trainable
  std::vector<Value> block_args;
  std::vector<Op> ops;
};

// The PIR versions this reader knows: the ones Paddle has published patches for
// (paddle/fluid/pir/serialize_deserialize/patch/<n>.yaml), and 0, what Paddle's development
// builds write. A newer version is an error naming it.
constexpr uint64_t kNewestPirVersion = 4;

// True when `bytes` start, after white space, with a JSON object whose first key is
// "base_code": how Paddle writes every PIR program (used to tell the format from the bytes).
bool LooksLikePirJson(std::string_view bytes);

// Decodes a PIR program. Every failure throws PaddleLiteException naming `source` and what
// is wrong: malformed JSON (with the byte offset), a missing key or a value of the wrong
// kind (with the op's index and name), an unknown version.
Program ParseProgram(std::string_view json, const std::string& source);

}  // namespace pir
}  // namespace lite
}  // namespace paddle
