// Writing small Paddle 3 PIR programs in the compressed JSON Paddle writes (keys "#", "%",
// "I", "O", "A", "TT", "D"; dialect ids "0." builtin, "1." pd_op; the parameter op as "p")
// with their params file: the sample PIR model, the fuzz seeds and the tests' programs. The
// JSON is written here by hand from Paddle's serializer (paddle/fluid/pir/serialize_deserialize),
// so the tests do not read it with the code they check.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace paddle {
namespace lite {

// A value of the program being built; id 0 is the null value (an absent operand).
struct PirValue {
  int64_t id{0};
};

// JSON of attribute values and types, as Paddle's serializer writes them.
namespace pirj {
std::string Bool(bool v);
std::string I32(int64_t v);
std::string I64(int64_t v);
std::string F32(double v);
std::string F64(double v);
std::string Str(const std::string& v);
std::string Array(const std::vector<std::string>& elements);  // 0.a_array
std::string I32s(const std::vector<int64_t>& v);             // 0.a_array of 0.a_i32
std::string I64s(const std::vector<int64_t>& v);             // 0.a_array of 0.a_i64
std::string F32s(const std::vector<double>& v);              // 0.a_array of 0.a_f32
std::string IntArray(const std::vector<int64_t>& v);         // 1.a_intarray
std::string Dtype(const std::string& name);                  // 1.a_dtype ("float32", ...)
std::string Place(int type = 1);                             // 1.a_place (1 = CPU)
// A dense tensor type of element type "f32", "i64", "i32", "bool", ...
std::string Tensor(const std::string& element, const std::vector<int64_t>& dims);
std::string F32Tensor(const std::vector<int64_t>& dims);
}  // namespace pirj

using PirAttrs = std::vector<std::pair<std::string, std::string>>;  // name, attribute JSON

class PirProgramWriter {
 public:
  // pd_op.data with name, shape, dtype and place attributes.
  PirValue Data(const std::string& name, const std::vector<int64_t>& dims,
                const std::string& dtype = "float32");
  // builtin.parameter ("p"), with its record in the params file.
  PirValue Param(const std::string& name, const std::vector<int64_t>& dims,
                 const std::vector<float>& values);
  PirValue FullIntArray(const std::vector<int64_t>& values, const std::string& dtype = "int64");
  PirValue Full(const std::vector<int64_t>& shape, double value,
                const std::string& dtype = "float32");
  // builtin.combine of `values`, whose types are given in the same order.
  PirValue Combine(const std::vector<PirValue>& values, const std::vector<std::string>& types);
  // builtin.split of a list into values of `types`.
  std::vector<PirValue> Split(PirValue list, const std::vector<std::string>& types);
  // Any op: operands, result types (JSON) and attributes. `name` is "pd_op.x" or
  // "builtin.x"; it is written compressed.
  std::vector<PirValue> Op(const std::string& name, const std::vector<PirValue>& operands,
                           const std::vector<std::string>& result_types,
                           const PirAttrs& attrs = {});
  PirValue Op1(const std::string& name, const std::vector<PirValue>& operands,
               const std::string& result_type, const PirAttrs& attrs = {}) {
    return Op(name, operands, {result_type}, attrs)[0];
  }
  void Fetch(PirValue v, const std::string& name);
  // An op written as is (for malformed programs).
  void RawOp(const std::string& op_json) { ops_.push_back(op_json); }

  std::string Json(uint64_t version = 1) const;
  std::string Params() const;  // the records in sorted-name order, as Paddle writes them

 private:
  PirValue Next() { return PirValue{next_id_++}; }
  std::string ResultJson(PirValue v, const std::string& type) const;

  int64_t next_id_{1};
  std::vector<std::string> ops_;
  // Parameters by name (the params file holds them sorted by name): dims and values.
  std::map<std::string, std::pair<std::vector<int64_t>, std::vector<float>>> params_;
  int fetch_col_{0};
};

}  // namespace lite
}  // namespace paddle
