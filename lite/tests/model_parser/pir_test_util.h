// Writing small Paddle 3 PIR programs in tests, in the compressed JSON Paddle writes
// (keys "#", "%", "I", "O", "A", "TT", "D"; dialect ids "0." builtin, "1." pd_op), with their
// params file, and running them through CxxConfig. The JSON is written here by hand from
// Paddle's serializer, so the tests do not read it with the code they check.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "lite/api/paddle_api.h"

namespace paddle {
namespace lite {
namespace testing {

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

class PirProgramBuilder {
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
  std::map<std::string, std::string> records_;  // parameter name -> LoDTensor record
  int fetch_col_{0};
};

// A predictor of the program (host kernels unless `places` says otherwise), loaded from the
// JSON and params in memory.
std::shared_ptr<lite_api::PaddlePredictor> LoadPir(
    const PirProgramBuilder& program, const std::vector<lite_api::Place>& places = {});
// Sets float input `i`.
void SetPirInput(lite_api::PaddlePredictor* predictor, int i, const std::vector<int64_t>& dims,
                 const std::vector<float>& values);
// Sets int64 input `i` (indices).
void SetPirInt64Input(lite_api::PaddlePredictor* predictor, int i,
                      const std::vector<int64_t>& dims, const std::vector<int64_t>& values);
// Output `i`'s values as doubles, whatever its element type; `dims` receives its shape.
std::vector<double> PirOutput(const lite_api::PaddlePredictor& predictor, int i,
                              std::vector<int64_t>* dims = nullptr);
// Loads, sets float input 0 and runs; output 0's values.
std::vector<double> RunPir(const PirProgramBuilder& program, const std::vector<int64_t>& dims,
                           const std::vector<float>& input, std::vector<int64_t>* out_dims = nullptr);
// The plite op types the program's translation holds, in order (feed/fetch included).
std::vector<std::string> TranslatedOpTypes(const PirProgramBuilder& program);

}  // namespace testing
}  // namespace lite
}  // namespace paddle
