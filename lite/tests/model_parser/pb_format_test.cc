// The parser against programs and params encoded by hand from Paddle's wire format (not
// through the schema under test): attribute kinds incl. those plite has no slot for, var
// kinds, element types, LoD.
#include <gtest/gtest.h>

#include <limits>
#include <map>
#include <utility>

#include "lite/model_parser/model_parser.h"
#include "lite/model_parser/pb/program_desc_parser.h"
#include "lite/tests/model_parser/model_test_util.h"

namespace paddle {
namespace lite {
namespace {

using cpp::AttrType;
using testing::AttrWire;
using testing::BlockWire;
using testing::OpWire;
using testing::ProgramWire;
using testing::Wire;
using testing::ExpectError;

// Paddle's AttrType numbers.
enum : int {
  kInt = 0, kFloat = 1, kString = 2, kInts = 3, kFloats = 4, kStrings = 5, kBoolean = 6,
  kBooleans = 7, kBlock = 8, kLong = 9, kBlocks = 10, kLongs = 11, kFloat64s = 12, kVar = 13,
  kVars = 14, kFloat64 = 15, kScalar = 16, kScalars = 17
};

Wire ScalarWire(int type) { return Wire().Int(1, type); }  // BOOLEAN 1, LONG 2, FLOAT64 3, COMPLEX128 4

cpp::OpDesc ParseOneOp(const std::vector<Wire>& attrs) {
  const std::string bytes =
      ProgramWire({BlockWire(0, -1, {}, {OpWire("op", attrs)}), BlockWire(1, 0, {}, {})}).str();
  const cpp::ProgramDesc program = pb::ParseProgramDesc(bytes, "hand-made");
  return program.blocks.at(0).ops.at(0);
}

template <typename T>
void ExpectAttr(const cpp::OpDesc& op, const std::string& name, AttrType type, const T& value) {
  SCOPED_TRACE(name);
  ASSERT_TRUE(op.HasAttr(name));
  EXPECT_EQ(op.GetAttrType(name), type);
  const T* held = std::get_if<T>(&op.attrs().at(name).value);
  ASSERT_NE(held, nullptr);
  EXPECT_EQ(*held, value);
}

TEST(PbFormat, EveryAttributeKindOnTheWire) {
  const cpp::OpDesc op = ParseOneOp({
      AttrWire("i", kInt).Int(3, -7),
      AttrWire("f", kFloat).Float(4, 0.5f),
      AttrWire("s", kString).Bytes(5, "NCHW"),
      AttrWire("ints", kInts).Int(6, 1).Int(6, -2),
      AttrWire("floats", kFloats).Float(7, 1.5f).Float(7, -3.f),
      AttrWire("strings", kStrings).Bytes(8, "a").Bytes(8, ""),
      AttrWire("b", kBoolean).Varint(10, 1),
      AttrWire("bools", kBooleans).Varint(11, 0).Varint(11, 1),
      AttrWire("block", kBlock).Int(12, 1),
      AttrWire("l", kLong).Int(13, -(int64_t{1} << 40)),
      AttrWire("blocks", kBlocks).Int(14, 1).Int(14, 0),
      AttrWire("longs", kLongs).Int(15, int64_t{1} << 50),
      AttrWire("float64s", kFloat64s).Double(16, 0.1).Double(16, 1e300),
      AttrWire("float64", kFloat64).Double(19, -2.25),
  });
  ExpectAttr(op, "i", AttrType::INT, int32_t{-7});
  ExpectAttr(op, "f", AttrType::FLOAT, 0.5f);
  ExpectAttr(op, "s", AttrType::STRING, std::string("NCHW"));
  ExpectAttr(op, "ints", AttrType::INTS, std::vector<int32_t>{1, -2});
  ExpectAttr(op, "floats", AttrType::FLOATS, std::vector<float>{1.5f, -3.f});
  ExpectAttr(op, "strings", AttrType::STRINGS, std::vector<std::string>{"a", ""});
  ExpectAttr(op, "b", AttrType::BOOLEAN, true);
  ExpectAttr(op, "bools", AttrType::BOOLEANS, std::vector<bool>{false, true});
  ExpectAttr(op, "block", AttrType::BLOCK, int32_t{1});
  ExpectAttr(op, "l", AttrType::LONG, -(int64_t{1} << 40));
  ExpectAttr(op, "blocks", AttrType::BLOCKS, std::vector<int32_t>{1, 0});
  ExpectAttr(op, "longs", AttrType::LONGS, std::vector<int64_t>{int64_t{1} << 50});
  ExpectAttr(op, "float64s", AttrType::FLOAT64S, std::vector<double>{0.1, 1e300});
  ExpectAttr(op, "float64", AttrType::FLOAT64, -2.25);
  EXPECT_EQ(op.attrs().size(), 14u);
}

TEST(PbFormat, PackedRepeatedFieldsAreAccepted) {
  // proto2 parsers accept packed encodings of repeated scalars too.
  std::string packed;
  for (uint8_t v : {3, 4, 5}) packed.push_back(static_cast<char>(v));
  const cpp::OpDesc op = ParseOneOp({AttrWire("ints", kInts).Bytes(6, packed)});
  ExpectAttr(op, "ints", AttrType::INTS, std::vector<int32_t>{3, 4, 5});
}

TEST(PbFormat, KindsWithoutAPliteSlotFailWhenReadAsNumbers) {
  const cpp::OpDesc op = ParseOneOp({
      AttrWire("var", kVar).Bytes(17, "shape_tensor"),
      AttrWire("vars", kVars).Bytes(18, "a").Bytes(18, "b"),
      AttrWire("scalar_bool", kScalar).Msg(20, ScalarWire(1).Varint(2, 1)),
      AttrWire("scalar_long", kScalar).Msg(20, ScalarWire(2).Int(3, -9)),
      AttrWire("scalar_real", kScalar).Msg(20, ScalarWire(3).Double(4, 0.75)),
      AttrWire("scalar_complex", kScalar)
          .Msg(20, ScalarWire(4).Msg(5, Wire().Double(1, 1.0).Double(2, 2.0))),
      AttrWire("scalars_long", kScalars)
          .Msg(21, ScalarWire(2).Int(3, 1))
          .Msg(21, ScalarWire(2).Int(3, 2)),
      AttrWire("scalars_bool", kScalars).Msg(21, ScalarWire(1).Varint(2, 1)),
      AttrWire("scalars_mixed", kScalars)
          .Msg(21, ScalarWire(2).Int(3, 2))
          .Msg(21, ScalarWire(3).Double(4, 0.5)),
      AttrWire("scalars_complex", kScalars)
          .Msg(21, ScalarWire(4).Msg(5, Wire().Double(1, 0.0).Double(2, -1.0))),
      AttrWire("scalars_empty", kScalars),
  });
  // VAR/VARS name a tensor: kept as text, so an op reading a number fails at attach.
  ExpectAttr(op, "var", AttrType::STRING, std::string("shape_tensor"));
  ExpectAttr(op, "vars", AttrType::STRINGS, std::vector<std::string>{"a", "b"});
  ExpectError([&] { op.GetAttr<float>("var"); },
              {"op 'op': attribute 'var' has type STRING, expected FLOAT"});
  // Scalars become the plain kind of their value.
  ExpectAttr(op, "scalar_bool", AttrType::BOOLEAN, true);
  ExpectAttr(op, "scalar_long", AttrType::LONG, int64_t{-9});
  ExpectAttr(op, "scalar_real", AttrType::FLOAT64, 0.75);
  EXPECT_FLOAT_EQ(op.GetAttr<float>("scalar_real"), 0.75f);
  EXPECT_EQ(op.GetAttr<int32_t>("scalar_long"), -9);
  ExpectAttr(op, "scalar_complex", AttrType::STRING, std::string("complex(1, 2)"));
  ExpectError([&] { op.GetAttr<double>("scalar_complex"); }, {"attribute 'scalar_complex'"});
  ExpectAttr(op, "scalars_long", AttrType::LONGS, std::vector<int64_t>{1, 2});
  ExpectAttr(op, "scalars_bool", AttrType::BOOLEANS, std::vector<bool>{true});
  ExpectAttr(op, "scalars_mixed", AttrType::FLOAT64S, std::vector<double>{2.0, 0.5});
  ExpectAttr(op, "scalars_complex", AttrType::STRINGS, std::vector<std::string>{"complex(0, -1)"});
  ExpectAttr(op, "scalars_empty", AttrType::LONGS, std::vector<int64_t>{});
}

TEST(PbFormat, VarKindsAndElementTypes) {
  using testing::LodTensorVarWire;
  using testing::VarOfTypeWire;
  struct Elem {
    int code;
    PrecisionType precision;
  };
  const std::vector<Elem> elems = {
      {0, PrecisionType::kBool},  {1, PrecisionType::kInt16}, {2, PrecisionType::kInt32},
      {3, PrecisionType::kInt64}, {4, PrecisionType::kFP16},  {5, PrecisionType::kFloat},
      {6, PrecisionType::kFP64},  {20, PrecisionType::kUInt8}, {21, PrecisionType::kInt8}};
  std::vector<Wire> vars;
  for (const Elem& e : elems) {
    vars.push_back(LodTensorVarWire("t" + std::to_string(e.code), e.code, {-1, e.code}, false));
  }
  vars.push_back(VarOfTypeWire("feed", 9, true));    // FEED_MINIBATCH
  vars.push_back(VarOfTypeWire("feed2", 28, false));  // FEED_LIST
  vars.push_back(VarOfTypeWire("fetch", 10, true));  // FETCH_LIST
  Wire array;  // LOD_TENSOR_ARRAY of INT64 [-1]
  array.Bytes(1, "array").Msg(
      2, Wire().Int(1, 13).Msg(4, Wire().Msg(1, testing::TensorDescWire(3, {-1}))));
  vars.push_back(array);
  vars.push_back(VarOfTypeWire("rows", 8, false));    // SELECTED_ROWS
  vars.push_back(VarOfTypeWire("scopes", 11, false));  // STEP_SCOPES
  const cpp::ProgramDesc program =
      pb::ParseProgramDesc(ProgramWire({BlockWire(0, -1, vars, {})}, 2006000).str());
  EXPECT_EQ(program.version, 2006000);
  const cpp::BlockDesc& block = program.blocks[0];
  for (const Elem& e : elems) {
    const cpp::VarDesc* v = block.FindVar("t" + std::to_string(e.code));
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(v->kind, cpp::VarKind::kLodTensor);
    EXPECT_EQ(v->precision, e.precision) << e.code;
    EXPECT_EQ(v->shape, (std::vector<int64_t>{-1, e.code}));
  }
  EXPECT_EQ(block.FindVar("feed")->kind, cpp::VarKind::kFeedList);
  EXPECT_TRUE(block.FindVar("feed")->persistable);
  EXPECT_EQ(block.FindVar("feed2")->kind, cpp::VarKind::kFeedList);
  EXPECT_EQ(block.FindVar("fetch")->kind, cpp::VarKind::kFetchList);
  EXPECT_EQ(block.FindVar("array")->kind, cpp::VarKind::kTensorArray);
  EXPECT_EQ(block.FindVar("array")->precision, PrecisionType::kInt64);
  EXPECT_EQ(block.FindVar("rows")->kind, cpp::VarKind::kOther);
  EXPECT_EQ(block.FindVar("scopes")->kind, cpp::VarKind::kOther);
}

TEST(PbFormat, HandEncodedParamsWithLoD) {
  const std::string model =
      ProgramWire({BlockWire(0, -1,
                             {testing::LodTensorVarWire("b_ids", 3, {4}, true),
                              testing::LodTensorVarWire("a_w", 5, {2, 2}, true),
                              testing::VarOfTypeWire("feed", 9, true),
                              testing::LodTensorVarWire("act", 5, {-1, 2}, false)},
                             {})})
          .str();
  // Sorted order: a_w, then b_ids.
  const std::string params =
      testing::TensorRecord(5, {2, 2}, testing::DataBytes<float>({1.f, -2.f, 3.5f, 0.f})) +
      testing::TensorRecord(3, {4}, testing::DataBytes<int64_t>({7, -8, int64_t{1} << 40, 0}),
                            {{0, 1, 4}});
  Scope scope;
  cpp::ProgramDesc program;
  LoadModelFromMemory(model, params, &scope, &program);
  const Tensor* w = scope.FindTensor("a_w");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->dims(), DDim({2, 2}));
  EXPECT_EQ(w->precision(), PrecisionType::kFloat);
  EXPECT_TRUE(w->persistable());
  EXPECT_EQ(std::vector<float>(w->data<float>(), w->data<float>() + 4),
            (std::vector<float>{1.f, -2.f, 3.5f, 0.f}));
  const Tensor* ids = scope.FindTensor("b_ids");
  ASSERT_NE(ids, nullptr);
  EXPECT_EQ(ids->precision(), PrecisionType::kInt64);
  EXPECT_EQ(ids->lod(), (LoD{{0, 1, 4}}));
  EXPECT_EQ(ids->data<int64_t>()[2], int64_t{1} << 40);
  EXPECT_EQ(scope.FindVar("act"), nullptr);

  // The wrong order is a data type mismatch on the first var.
  const std::string swapped =
      testing::TensorRecord(3, {4}, testing::DataBytes<int64_t>({7, -8, 9, 0})) +
      testing::TensorRecord(5, {2, 2}, testing::DataBytes<float>({1.f, -2.f, 3.5f, 0.f}));
  Scope other;
  ExpectError([&] { LoadModelFromMemory(model, swapped, &other, &program); },
              {"var 'a_w'", "data type INT64 in the params does not match float"});
}

// Paddle records the version of every op type it knows in op_version_map; the parser keeps
// each entry and refuses entries no Paddle writes, naming the op type and value.
TEST(PbFormat, OpVersionMapIsKeptAndChecked) {
  const auto program_with = [](const std::vector<std::pair<std::string, int64_t>>& pairs) {
    Wire p = ProgramWire({BlockWire(0, -1, {}, {OpWire("fill_constant", {})})});
    return p.Msg(5, testing::OpVersionMapWire(pairs)).str();
  };
  const cpp::ProgramDesc program =
      pb::ParseProgramDesc(program_with({{"fill_constant", 2}, {"conv2d", 1}, {"relu", 0}}));
  EXPECT_EQ(program.op_versions, (std::map<std::string, int32_t>{
                                     {"conv2d", 1}, {"fill_constant", 2}, {"relu", 0}}));
  EXPECT_TRUE(pb::ParseProgramDesc(ProgramWire({BlockWire(0, -1, {}, {})}).str())
                  .op_versions.empty());

  ExpectError([&] { pb::ParseProgramDesc(program_with({{"scale", -1}}), "m.pdmodel"); },
              {"m.pdmodel", "op_version_map", "op 'scale'", "version -1"});
  ExpectError([&] { pb::ParseProgramDesc(program_with({{"", 4}})); },
              {"op_version_map", "empty op type", "version 4"});
  ExpectError([&] { pb::ParseProgramDesc(program_with({{"relu", 0}, {"relu", 1}})); },
              {"op_version_map", "op 'relu' appears twice", "versions 0 and 1"});
  // A pair without its required version is a protobuf error.
  Wire no_version = ProgramWire({BlockWire(0, -1, {}, {})});
  no_version.Msg(5, Wire().Msg(1, Wire().Bytes(1, "relu")));
  ExpectError([&] { pb::ParseProgramDesc(no_version.str()); }, {"missing required fields"});
  std::vector<std::pair<std::string, int64_t>> too_many;
  for (size_t i = 0; i <= cpp::kMaxOpVersionEntries; ++i) {
    too_many.push_back({"op" + std::to_string(i), 1});
  }
  ExpectError([&] { pb::ParseProgramDesc(program_with(too_many)); },
              {"op_version_map", "65537 entries", "at most 65536"});
}

}  // namespace
}  // namespace lite
}  // namespace paddle
