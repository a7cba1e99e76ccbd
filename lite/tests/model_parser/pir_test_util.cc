#include "lite/tests/model_parser/pir_test_util.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "lite/core/program_desc.h"
#include "lite/model_parser/model_parser.h"
#include "lite/tests/model_parser/model_test_util.h"
#include "lite/utils/string.h"

namespace paddle {
namespace lite {
namespace testing {

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

// "pd_op.conv2d" -> "1.conv2d", "builtin.combine" -> "0.combine".
std::string Compressed(const std::string& name) {
  if (StartsWith(name, "pd_op.")) return "1." + name.substr(6);
  if (StartsWith(name, "builtin.")) return "0." + name.substr(8);
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

// Paddle's element-type names to their VarType codes (for the params records).
int ElementCode(const std::string& dtype) {
  if (dtype == "float32") return 5;
  if (dtype == "int64") return 3;
  if (dtype == "int32") return 2;
  ADD_FAILURE() << "no code for " << dtype;
  return 5;
}

std::string ElementId(const std::string& dtype) {
  if (dtype == "float32") return "f32";
  if (dtype == "float64") return "f64";
  if (dtype == "int64") return "i64";
  if (dtype == "int32") return "i32";
  if (dtype == "bool") return "bool";
  if (dtype == "float16") return "f16";
  ADD_FAILURE() << "no element id for " << dtype;
  return "f32";
}

}  // namespace

std::string PirProgramBuilder::ResultJson(PirValue v, const std::string& type) const {
  return "{\"%\":" + std::to_string(v.id) + ",\"TT\":" + type + "}";
}

PirValue PirProgramBuilder::Data(const std::string& name, const std::vector<int64_t>& dims,
                                 const std::string& dtype) {
  return Op1("pd_op.data", {}, pirj::Tensor(ElementId(dtype), dims),
             {{"name", pirj::Str(name)},
              {"shape", pirj::IntArray(dims)},
              {"dtype", pirj::Dtype(dtype)},
              {"place", pirj::Place(0)}});
}

PirValue PirProgramBuilder::Param(const std::string& name, const std::vector<int64_t>& dims,
                                  const std::vector<float>& values) {
  const PirValue v = Next();
  ops_.push_back("{\"#\":\"p\",\"A\":[0,1,1,\"" + name + "\"],\"DA\":[],\"O\":" +
                 ResultJson(v, pirj::F32Tensor(dims)) + ",\"OA\":[1,0,1],\"QA\":[]}");
  records_[name] = TensorRecord(ElementCode("float32"), dims, DataBytes(values));
  return v;
}

PirValue PirProgramBuilder::FullIntArray(const std::vector<int64_t>& values,
                                         const std::string& dtype) {
  return Op1("pd_op.full_int_array", {},
             pirj::Tensor(ElementId(dtype), {static_cast<int64_t>(values.size())}),
             {{"value", pirj::I64s(values)}, {"dtype", pirj::Dtype(dtype)}, {"place", pirj::Place()}});
}

PirValue PirProgramBuilder::Full(const std::vector<int64_t>& shape, double value,
                                 const std::string& dtype) {
  return Op1("pd_op.full", {}, pirj::Tensor(ElementId(dtype), shape),
             {{"shape", pirj::IntArray(shape)},
              {"value", pirj::F64(value)},
              {"dtype", pirj::Dtype(dtype)},
              {"place", pirj::Place()}});
}

PirValue PirProgramBuilder::Combine(const std::vector<PirValue>& values,
                                    const std::vector<std::string>& types) {
  std::string vec = "{\"#\":\"0.t_vec\",\"D\":[";
  for (size_t i = 0; i < types.size(); ++i) vec += (i ? "," : "") + types[i];
  return Op1("builtin.combine", values, vec + "]}");
}

std::vector<PirValue> PirProgramBuilder::Split(PirValue list,
                                               const std::vector<std::string>& types) {
  return Op("builtin.split", {list}, types);
}

std::vector<PirValue> PirProgramBuilder::Op(const std::string& name,
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

void PirProgramBuilder::Fetch(PirValue v, const std::string& name) {
  Op("pd_op.fetch", {v}, {pirj::F32Tensor({-1})},
     {{"name", pirj::Str(name)}, {"col", pirj::I32(fetch_col_++)}});
}

std::string PirProgramBuilder::Json(uint64_t version) const {
  std::string ops;
  for (size_t i = 0; i < ops_.size(); ++i) ops += (i ? "," : "") + ops_[i];
  return "{\"base_code\":{\"magic\":\"pir\",\"trainable\":true,\"version\":" +
         std::to_string(version) +
         "},\"program\":{\"regions\":[{\"#\":\"region_0\",\"blocks\":[{\"#\":\"block_0\","
         "\"args\":[],\"ops\":[" +
         ops + "]}]}]}}";
}

std::string PirProgramBuilder::Params() const {
  std::string bytes;
  for (const auto& [name, record] : records_) bytes += record;  // std::map: sorted by name
  return bytes;
}

std::shared_ptr<lite_api::PaddlePredictor> LoadPir(const PirProgramBuilder& program,
                                                    const std::vector<lite_api::Place>& places) {
  lite_api::CxxConfig config;
  const std::string json = program.Json(), params = program.Params();
  config.set_model_buffer(json.data(), json.size(), params.data(), params.size());
  config.set_valid_places(places.empty()
                              ? std::vector<lite_api::Place>{lite_api::Place{TARGET(kHost)}}
                              : places);
  return lite_api::CreatePaddlePredictor(config);
}

void SetPirInput(lite_api::PaddlePredictor* predictor, int i, const std::vector<int64_t>& dims,
                 const std::vector<float>& values) {
  auto input = predictor->GetInput(i);
  input->Resize(dims);
  float* data = input->mutable_data<float>();
  std::copy(values.begin(), values.end(), data);
}

void SetPirInt64Input(lite_api::PaddlePredictor* predictor, int i,
                      const std::vector<int64_t>& dims, const std::vector<int64_t>& values) {
  auto input = predictor->GetInput(i);
  input->Resize(dims);
  int64_t* data = input->mutable_data<int64_t>();
  std::copy(values.begin(), values.end(), data);
}

std::vector<double> PirOutput(const lite_api::PaddlePredictor& predictor, int i,
                              std::vector<int64_t>* dims) {
  auto out = predictor.GetOutput(i);
  if (dims) *dims = out->shape();
  int64_t n = 1;
  for (int64_t d : out->shape()) n *= d;
  std::vector<double> values;
  switch (out->precision()) {
    case PRECISION(kFloat):
      for (int64_t j = 0; j < n; ++j) values.push_back(out->data<float>()[j]);
      break;
    case PRECISION(kInt64):
      for (int64_t j = 0; j < n; ++j) values.push_back(static_cast<double>(out->data<int64_t>()[j]));
      break;
    case PRECISION(kInt32):
      for (int64_t j = 0; j < n; ++j) values.push_back(out->data<int32_t>()[j]);
      break;
    case PRECISION(kBool):
      for (int64_t j = 0; j < n; ++j) values.push_back(out->data<bool>()[j]);
      break;
    default:
      ADD_FAILURE() << "output " << i << " has an unexpected precision";
  }
  return values;
}

std::vector<double> RunPir(const PirProgramBuilder& program, const std::vector<int64_t>& dims,
                           const std::vector<float>& input, std::vector<int64_t>* out_dims) {
  auto predictor = LoadPir(program);
  SetPirInput(predictor.get(), 0, dims, input);
  predictor->Run();
  return PirOutput(*predictor, 0, out_dims);
}

std::vector<std::string> TranslatedOpTypes(const PirProgramBuilder& program) {
  const cpp::ProgramDesc desc = ParseProgram(program.Json(), "test");
  std::vector<std::string> types;
  for (const cpp::OpDesc& op : desc.blocks.at(0).ops) types.push_back(op.Type());
  return types;
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
