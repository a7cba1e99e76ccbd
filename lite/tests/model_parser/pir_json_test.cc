// Decoding PIR JSON (lite/model_parser/pir/pir_json.cc): keys, dialect ids, types, every
// attribute kind, the parameter op's compressed form, versions, and the errors malformed
// JSON gets (with the byte offset).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "lite/model_parser/pir/pir_program.h"
#include "lite/tests/model_parser/model_test_util.h"

namespace paddle {
namespace lite {
namespace pir {
namespace {

using testing::ExpectError;

std::string ProgramJson(const std::string& ops, const std::string& version = "1") {
  return "{\"base_code\":{\"magic\":\"pir\",\"trainable\":true,\"version\":" + version +
         "},\"program\":{\"regions\":[{\"#\":\"region_0\",\"blocks\":[{\"#\":\"block_0\","
         "\"args\":[],\"ops\":[" + ops + "]}]}]}}";
}

const char kParameter[] =
    "{\"#\":\"p\",\"A\":[0,1,1,\"conv_w\"],\"DA\":[],\"O\":{\"%\":1,\"TT\":{\"#\":\"0.t_dtensor\","
    "\"D\":[{\"#\":\"0.t_f32\"},[8,3,3,3],\"NCHW\",[],0]}},\"OA\":[1,0,1],\"QA\":[]}";

TEST(PirJson, DecodesOpsValuesAndTypes) {
  const std::string conv =
      "{\"#\":\"1.conv2d\",\"A\":[{\"AT\":{\"#\":\"0.a_array\",\"D\":[{\"#\":\"0.a_i32\",\"D\":2},"
      "{\"#\":\"0.a_i32\",\"D\":2}]},\"N\":\"strides\"}],\"I\":[{\"%\":2},{\"%\":1}],"
      "\"O\":[{\"%\":3,\"TT\":{\"#\":\"0.t_dtensor\",\"D\":[{\"#\":\"0.t_f32\"},[-1,8,-1,-1],"
      "\"NCHW\",[],0]}}]}";
  const std::string combine =
      "{\"#\":\"0.combine\",\"A\":[],\"I\":[{\"%\":3},{\"%\":0}],\"O\":[{\"%\":4,\"TT\":{\"#\":"
      "\"0.t_vec\",\"D\":[{\"#\":\"0.t_dtensor\",\"D\":[{\"#\":\"0.t_i64\"},[2],\"NCHW\",[],0]}]}}]}";
  const Program p = ParseProgram(ProgramJson(std::string(kParameter) + "," + conv + "," + combine), "t");
  EXPECT_EQ(p.version, 1u);
  EXPECT_TRUE(p.trainable);
  ASSERT_EQ(p.ops.size(), 3u);
  EXPECT_EQ(p.ops[0].name, "builtin.parameter");
  EXPECT_EQ(p.ops[0].parameter_name, "conv_w");
  EXPECT_TRUE(p.ops[0].persistable);
  ASSERT_EQ(p.ops[0].results.size(), 1u);
  EXPECT_EQ(p.ops[0].results[0].id, 1);
  EXPECT_EQ(p.ops[0].results[0].type.dims, (std::vector<int64_t>{8, 3, 3, 3}));

  const Op& c = p.ops[1];
  EXPECT_EQ(c.name, "pd_op.conv2d");
  EXPECT_EQ(c.index, 1u);
  EXPECT_EQ(c.operands, (std::vector<int64_t>{2, 1}));
  ASSERT_EQ(c.results.size(), 1u);
  EXPECT_EQ(c.results[0].id, 3);
  EXPECT_EQ(c.results[0].type.kind, Type::Kind::kDenseTensor);
  EXPECT_EQ(c.results[0].type.dtype, DataType::kFloat32);
  EXPECT_EQ(c.results[0].type.dims, (std::vector<int64_t>{-1, 8, -1, -1}));
  EXPECT_EQ(c.results[0].type.layout, "NCHW");
  const Attribute* strides = c.FindAttr("strides");
  ASSERT_NE(strides, nullptr);
  EXPECT_EQ(strides->kind, Attribute::Kind::kArray);
  ASSERT_EQ(strides->array.size(), 2u);
  EXPECT_EQ(strides->array[1].kind, Attribute::Kind::kInt32);
  EXPECT_EQ(strides->array[1].i, 2);
  EXPECT_EQ(c.FindAttr("paddings"), nullptr);

  const Op& list = p.ops[2];
  EXPECT_EQ(list.name, "builtin.combine");
  EXPECT_EQ(list.operands, (std::vector<int64_t>{3, 0}));  // 0: the null value
  EXPECT_EQ(list.results[0].type.kind, Type::Kind::kVector);
  ASSERT_EQ(list.results[0].type.elements.size(), 1u);
  EXPECT_EQ(list.results[0].type.elements[0].dtype, DataType::kInt64);
}

TEST(PirJson, DecodesEveryAttributeKind) {
  auto attr = [](const std::string& name, const std::string& json) {
    return "{\"AT\":" + json + ",\"N\":\"" + name + "\"}";
  };
  const std::string op =
      "{\"#\":\"1.probe\",\"I\":[],\"O\":[],\"A\":[" +
      attr("b", "{\"#\":\"0.a_bool\",\"D\":true}") + "," +
      attr("i32", "{\"#\":\"0.a_i32\",\"D\":-7}") + "," +
      attr("i64", "{\"#\":\"0.a_i64\",\"D\":9223372036854775807}") + "," +
      attr("f32", "{\"#\":\"0.a_f32\",\"D\":0.1666666716337204}") + "," +
      attr("f64", "{\"#\":\"0.a_f64\",\"D\":1e-300}") + "," +
      attr("inf", "{\"#\":\"0.a_f32\",\"D\":null,\"VD\":\"-INF\"}") + "," +
      attr("nan", "{\"#\":\"0.a_f64\",\"VD\":\"NAN\"}") + "," +
      attr("s", "{\"#\":\"0.a_str\",\"D\":\"EXPLICIT\"}") + "," +
      attr("ia", "{\"#\":\"1.a_intarray\",\"D\":[1,-1,0]}") + "," +
      attr("dt", "{\"#\":\"1.a_dtype\",\"D\":\"int64\"}") + "," +
      attr("bad_dt", "{\"#\":\"1.a_dtype\",\"D\":\"pstring\"}") + "," +
      attr("pl", "{\"#\":\"1.a_place\",\"D\":[1,0,\"\"]}") + "," +
      attr("sc", "{\"#\":\"1.a_scalar\",\"D\":[\"float32\",2.5]}") + "," +
      attr("odd", "{\"#\":\"0.a_c64\",\"D\":[1,2]}") + "]}";
  const Program p = ParseProgram(ProgramJson(op), "t");
  const Op& o = p.ops.at(0);
  EXPECT_EQ(o.name, "pd_op.probe");
  EXPECT_TRUE(o.FindAttr("b")->b);
  EXPECT_EQ(o.FindAttr("i32")->i, -7);
  EXPECT_EQ(o.FindAttr("i64")->i, INT64_MAX);
  EXPECT_EQ(static_cast<float>(o.FindAttr("f32")->f), 0.1666666716337204f);
  EXPECT_EQ(o.FindAttr("f64")->f, 1e-300);
  EXPECT_TRUE(std::isinf(o.FindAttr("inf")->f) && o.FindAttr("inf")->f < 0);
  EXPECT_TRUE(std::isnan(o.FindAttr("nan")->f));
  EXPECT_EQ(o.FindAttr("s")->s, "EXPLICIT");
  EXPECT_EQ(o.FindAttr("ia")->ints, (std::vector<int64_t>{1, -1, 0}));
  EXPECT_EQ(o.FindAttr("dt")->dtype, DataType::kInt64);
  EXPECT_EQ(o.FindAttr("bad_dt")->dtype, DataType::kUndefined);  // an error only where used
  EXPECT_EQ(o.FindAttr("pl")->kind, Attribute::Kind::kPlace);
  EXPECT_EQ(o.FindAttr("pl")->ints, (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(o.FindAttr("sc")->dtype, DataType::kFloat32);
  EXPECT_EQ(o.FindAttr("sc")->f, 2.5);
  EXPECT_EQ(o.FindAttr("odd")->kind, Attribute::Kind::kOther);
  EXPECT_EQ(o.FindAttr("odd")->id, "0.a_c64");
}

TEST(PirJson, DialectIdsAndUncompressedNames) {
  const std::string ops =
      "{\"#\":\"2.yield\",\"I\":[],\"O\":[]},{\"#\":\"3.my_op\",\"I\":[],\"O\":[]},"
      "{\"#\":\"onednn_op.fc\",\"I\":[],\"O\":[]}";
  const Program p = ParseProgram(ProgramJson(ops), "t");
  EXPECT_EQ(p.ops[0].name, "cf.yield");
  EXPECT_EQ(p.ops[1].name, "custom_op.my_op");
  EXPECT_EQ(p.ops[2].name, "onednn_op.fc");  // a dialect without an id keeps its name
}

TEST(PirJson, ReadsEveryPublishedVersionAndNamesANewerOne) {
  for (const char* v : {"0", "1", "2", "3", "4"}) {
    EXPECT_EQ(ParseProgram(ProgramJson("", v), "t").version, std::stoull(v));
  }
  ExpectError([] { ParseProgram(ProgramJson("", "5"), "m.json"); },
              {"PIR program m.json", "base_code.version 5 is newer", "1 to 4"});
  ExpectError([] { ParseProgram(ProgramJson("", "-1"), "m.json"); },
              {"base_code.version must be a non-negative integer"});
}

TEST(PirJson, MalformedJsonNamesTheByteOffset) {
  const std::string good = ProgramJson(kParameter);
  // Cut in the middle of the parameter's name: the string never ends.
  const size_t cut = good.find("conv_w") + 3;
  ExpectError([&] { ParseProgram(good.substr(0, cut), "m.json"); },
              {"PIR program m.json: malformed JSON at byte ", " of " + std::to_string(cut)});
  // A stray comma: RapidJSON stops at the '}' that follows it.
  const std::string comma = "{\"base_code\":{\"magic\":\"pir\",}}";
  ExpectError([&] { ParseProgram(comma, "m.json"); },
              {"malformed JSON at byte " + std::to_string(comma.find(",}") + 1)});
  ExpectError([] { ParseProgram("", "m.json"); }, {"malformed JSON at byte 0"});
  // Bytes after the root object: the file is not one JSON document.
  ExpectError([&] { ParseProgram(good + " {}", "m.json"); },
              {"malformed JSON at byte " + std::to_string(good.size() + 1),
               "root must not be followed by other values"});
  EXPECT_NO_THROW(ParseProgram(good + "\n", "m.json"));  // trailing white space is fine
}

TEST(PirJson, WrongStructureNamesTheOpAndKey) {
  ExpectError([] { ParseProgram("{\"base_code\":{\"magic\":\"onnx\",\"version\":1}}", "m"); },
              {"base_code.magic is 'onnx', not 'pir'"});
  ExpectError([] { ParseProgram("[1,2]", "m"); }, {"the file must be a JSON object"});
  ExpectError(
      [] { ParseProgram(ProgramJson("{\"#\":\"1.relu\",\"I\":{\"%\":1},\"O\":[]}"), "m"); },
      {"op 0 (pd_op.relu)", "operands 'I' must be a JSON array"});
  ExpectError([] { ParseProgram(ProgramJson("{\"#\":\"1.relu\",\"O\":[]}"), "m"); },
              {"op 0 (pd_op.relu)", "has no key 'I'"});
  ExpectError([] { ParseProgram(ProgramJson("{\"#\":\"p\",\"A\":[0,1,1],\"O\":{}}"), "m"); },
              {"op 0 (builtin.parameter)", "needs 4 attributes"});
  ExpectError(
      [] {
        ParseProgram(ProgramJson("{\"#\":\"1.relu\",\"I\":[{\"%\":1.5}],\"O\":[]}"), "m");
      },
      {"op 0 (pd_op.relu)", "an operand id must be an integer"});
  ExpectError(
      [] {
        ParseProgram(ProgramJson("{\"#\":\"1.relu\",\"I\":[{\"%\":18446744073709551615}],\"O\":[]}"),
                     "m");
      },
      {"does not fit in a 64-bit integer"});
}

TEST(PirJson, DeepNestingIsAnErrorNotACrash) {
  // An attribute array nested past the limit.
  std::string nested = "{\"#\":\"0.a_i32\",\"D\":1}";
  for (int i = 0; i < 40; ++i) nested = "{\"#\":\"0.a_array\",\"D\":[" + nested + "]}";
  ExpectError(
      [&] {
        ParseProgram(ProgramJson("{\"#\":\"1.x\",\"I\":[],\"O\":[],\"A\":[{\"AT\":" + nested +
                             ",\"N\":\"a\"}]}"),
                     "m");
      },
      {"nests deeper than 32 levels"});
  // Raw JSON nesting far beyond any stack: the iterative parser reads it flat.
  const std::string deep = std::string(200000, '[') + std::string(200000, ']');
  ExpectError([&] { ParseProgram(deep, "m"); }, {"must be a JSON object"});
}

TEST(PirJson, TellsPirFromOtherBytes) {
  EXPECT_TRUE(LooksLikePirJson("{\"base_code\":{}}"));
  EXPECT_TRUE(LooksLikePirJson(" \n{\n    \"base_code\": {"));  // readable (indented) exports
  EXPECT_FALSE(LooksLikePirJson("{\"program\":{}}"));
  EXPECT_FALSE(LooksLikePirJson(std::string("\x0a\x05\x08\x01", 4)));  // a protobuf
  EXPECT_FALSE(LooksLikePirJson(""));
}

}  // namespace
}  // namespace pir
}  // namespace lite
}  // namespace paddle
