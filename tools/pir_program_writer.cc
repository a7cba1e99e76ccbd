#include "tools/pir_program_writer.h"

#include <cstdio>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"
#include "lite/model_parser/pb/params_io.h"
#include "lite/utils/check.h"
#include "lite/utils/string.h"

namespace paddle {
namespace lite {

namespace pirj {

namespace {

std::string Number(double v) {
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%.17g", v);
  std::string s = buf;
  // JSON has no "inf"; the tests give finite values. Keep a decimal point for reals.
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}

std::string Attr(const std::string& id, const std::string& data) {
  return "{\"#\":\"" + id + "\",\"D\":" + data + "}";
}

std::string Ints(const std::vector<int64_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + "]";
}

}  // namespace

std::string Bool(bool v) { return Attr("0.a_bool", v ? "true" : "false"); }
std::string I32(int64_t v) { return Attr("0.a_i32", std::to_string(v)); }
std::string I64(int64_t v) { return Attr("0.a_i64", std::to_string(v)); }
std::string F32(double v) { return Attr("0.a_f32", Number(v)); }
std::string F64(double v) { return Attr("0.a_f64", Number(v)); }
std::string Str(const std::string& v) { return Attr("0.a_str", "\"" + v + "\""); }

std::string Array(const std::vector<std::string>& elements) {
  std::string s = "[";
  for (size_t i = 0; i < elements.size(); ++i) s += (i ? "," : "") + elements[i];
  return Attr("0.a_array", s + "]");
}

std::string I32s(const std::vector<int64_t>& v) {
  std::vector<std::string> e;
  for (int64_t x : v) e.push_back(I32(x));
  return Array(e);
}

std::string I64s(const std::vector<int64_t>& v) {
  std::vector<std::string> e;
  for (int64_t x : v) e.push_back(I64(x));
  return Array(e);
}

std::string F32s(const std::vector<double>& v) {
  std::vector<std::string> e;
  for (double x : v) e.push_back(F32(x));
  return Array(e);
}

std::string IntArray(const std::vector<int64_t>& v) { return Attr("1.a_intarray", Ints(v)); }
std::string Dtype(const std::string& name) { return Attr("1.a_dtype", "\"" + name + "\""); }
std::string Place(int type) { return Attr("1.a_place", "[" + std::to_string(type) + ",0,\"\"]"); }

std::string Tensor(const std::string& element, const std::vector<int64_t>& dims) {
  return "{\"#\":\"0.t_dtensor\",\"D\":[{\"#\":\"0.t_" + element + "\"}," + Ints(dims) +
         ",\"NCHW\",[],0]}";
}

std::string F32Tensor(const std::vector<int64_t>& dims) { return Tensor("f32", dims); }

}  // namespace pirj

namespace {

// "pd_op.conv2d" -> "1.conv2d", "builtin.combine" -> "0.combine", "custom_op.x" -> "3.x".
std::string Compressed(const std::string& name) {
  if (StartsWith(name, "pd_op.")) return "1." + name.substr(6);
  if (StartsWith(name, "builtin.")) return "0." + name.substr(8);
  if (StartsWith(name, "custom_op.")) return "3." + name.substr(10);
  return name;
}

std::string AttrsJson(const PirAttrs& attrs) {
  std::string s = "[";
  for (size_t i = 0; i < attrs.size(); ++i) {
    s += (i ? "," : "") + std::string("{\"AT\":") + attrs[i].second + ",\"N\":\"" +
         attrs[i].first + "\"}";
  }
  return s + "]";
}

std::string OperandsJson(const std::vector<PirValue>& operands) {
  std::string s = "[";
  for (size_t i = 0; i < operands.size(); ++i) {
    s += (i ? "," : "") + std::string("{\"%\":") + std::to_string(operands[i].id) + "}";
  }
  return s + "]";
}

std::string ElementId(const std::string& dtype) {
  if (dtype == "float32") return "f32";
  if (dtype == "float64") return "f64";
  if (dtype == "int64") return "i64";
  if (dtype == "int32") return "i32";
  if (dtype == "bool") return "bool";
  if (dtype == "float16") return "f16";
  PLITE_THROW("PirProgramWriter: no element type id for '", dtype, "'");
}

}  // namespace

std::string PirProgramWriter::ResultJson(PirValue v, const std::string& type) const {
  return "{\"%\":" + std::to_string(v.id) + ",\"TT\":" + type + "}";
}

PirValue PirProgramWriter::Data(const std::string& name, const std::vector<int64_t>& dims,
                                 const std::string& dtype) {
  return Op1("pd_op.data", {}, pirj::Tensor(ElementId(dtype), dims),
             {{"name", pirj::Str(name)},
              {"shape", pirj::IntArray(dims)},
              {"dtype", pirj::Dtype(dtype)},
              {"place", pirj::Place(0)}});
}

PirValue PirProgramWriter::Param(const std::string& name, const std::vector<int64_t>& dims,
                                  const std::vector<float>& values) {
  const PirValue v = Next();
  ops_.push_back("{\"#\":\"p\",\"A\":[0,1,1,\"" + name + "\"],\"DA\":[],\"O\":" +
                 ResultJson(v, pirj::F32Tensor(dims)) + ",\"OA\":[1,0,1],\"QA\":[]}");
  params_[name] = {dims, values};
  return v;
}

PirValue PirProgramWriter::FullIntArray(const std::vector<int64_t>& values,
                                         const std::string& dtype) {
  return Op1("pd_op.full_int_array", {},
             pirj::Tensor(ElementId(dtype), {static_cast<int64_t>(values.size())}),
             {{"value", pirj::I64s(values)}, {"dtype", pirj::Dtype(dtype)}, {"place", pirj::Place()}});
}

PirValue PirProgramWriter::Full(const std::vector<int64_t>& shape, double value,
                                 const std::string& dtype) {
  return Op1("pd_op.full", {}, pirj::Tensor(ElementId(dtype), shape),
             {{"shape", pirj::IntArray(shape)},
              {"value", pirj::F64(value)},
              {"dtype", pirj::Dtype(dtype)},
              {"place", pirj::Place()}});
}

PirValue PirProgramWriter::Combine(const std::vector<PirValue>& values,
                                    const std::vector<std::string>& types) {
  std::string vec = "{\"#\":\"0.t_vec\",\"D\":[";
  for (size_t i = 0; i < types.size(); ++i) vec += (i ? "," : "") + types[i];
  return Op1("builtin.combine", values, vec + "]}");
}

std::vector<PirValue> PirProgramWriter::Split(PirValue list,
                                               const std::vector<std::string>& types) {
  return Op("builtin.split", {list}, types);
}

std::vector<PirValue> PirProgramWriter::Op(const std::string& name,
                                            const std::vector<PirValue>& operands,
                                            const std::vector<std::string>& result_types,
                                            const PirAttrs& attrs) {
  std::vector<PirValue> results;
  std::string out = "[";
  for (size_t k = 0; k < result_types.size(); ++k) {
    results.push_back(Next());
    out += (k ? "," : "") + ResultJson(results.back(), result_types[k]);
  }
  ops_.push_back("{\"#\":\"" + Compressed(name) + "\",\"A\":" + AttrsJson(attrs) +
                 ",\"I\":" + OperandsJson(operands) + ",\"O\":" + out +
                 "],\"OA\":[{\"AT\":" + pirj::Array({pirj::Bool(false)}) +
                 ",\"N\":\"stop_gradient\"}]}");
  return results;
}

void PirProgramWriter::Fetch(PirValue v, const std::string& name) {
  Op("pd_op.fetch", {v}, {pirj::F32Tensor({-1})},
     {{"name", pirj::Str(name)}, {"col", pirj::I32(fetch_col_++)}});
}

std::string PirProgramWriter::Json(uint64_t version) const {
  std::string ops;
  for (size_t i = 0; i < ops_.size(); ++i) ops += (i ? "," : "") + ops_[i];
  return "{\"base_code\":{\"magic\":\"pir\",\"trainable\":true,\"version\":" +
         std::to_string(version) +
         "},\"program\":{\"regions\":[{\"#\":\"region_0\",\"blocks\":[{\"#\":\"block_0\","
         "\"args\":[],\"ops\":[" +
         ops + "]}]}]}}";
}

std::string PirProgramWriter::Params() const {
  // The records as Paddle writes them: float tensors in sorted-name order.
  cpp::ProgramDesc program;
  program.blocks.emplace_back();
  Scope scope;
  for (const auto& [name, param] : params_) {
    cpp::VarDesc v;
    v.name = name;
    v.shape = param.first;
    v.persistable = true;
    program.blocks[0].vars.push_back(v);
    Tensor* t = scope.Var(name)->GetMutable<Tensor>();
    t->Resize(DDim(param.first));
    PLITE_CHECK(t->numel() == static_cast<int64_t>(param.second.size()), "PirProgramWriter: ",
                param.second.size(), " values for parameter '", name, "' of dims ", param.first);
    std::copy(param.second.begin(), param.second.end(), t->mutable_data<float>());
  }
  return pb::CombinedParamsBytes(program, scope);
}

}  // namespace lite
}  // namespace paddle
