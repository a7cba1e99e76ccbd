// Save -> load round trips: every attribute kind, var kind and tensor precision survives,
// for combined and separate params, files and memory.
#include <gtest/gtest.h>

#include <limits>

#include "lite/model_parser/model_parser.h"
#include "lite/model_parser/pb/params_io.h"
#include "lite/model_parser/pb/program_desc_parser.h"
#include "lite/tests/model_parser/model_test_util.h"

namespace paddle {
namespace lite {
namespace {

using testing::ExpectError;
using testing::ExpectSameParams;
using testing::ExpectSameProgram;
using testing::TempDir;

cpp::VarDesc TensorVar(const std::string& name, PrecisionType p, std::vector<int64_t> shape,
                       bool persistable) {
  cpp::VarDesc v;
  v.name = name;
  v.kind = cpp::VarKind::kLodTensor;
  v.precision = p;
  v.shape = std::move(shape);
  v.persistable = persistable;
  return v;
}

cpp::VarDesc OtherVar(const std::string& name, cpp::VarKind kind, bool persistable) {
  cpp::VarDesc v;
  v.name = name;
  v.kind = kind;
  v.precision = PrecisionType::kUnk;
  v.persistable = persistable;
  return v;
}

// A persistable var and its tensor, filled with a byte pattern (0/1 for bool).
void AddParam(cpp::BlockDesc* block, Scope* scope, const std::string& name, PrecisionType p,
              std::vector<int64_t> shape, const LoD& lod = {}) {
  block->vars.push_back(TensorVar(name, p, shape, true));
  Tensor* t = scope->Var(name)->GetMutable<Tensor>();
  t->Resize(DDim(shape));
  const size_t bytes = t->numel() * lite_api::PrecisionTypeLength(p);
  auto* data = static_cast<uint8_t*>(t->mutable_data(TargetType::kHost, bytes));
  t->set_precision(p);
  for (size_t i = 0; i < bytes; ++i) {
    data[i] = p == PrecisionType::kBool ? i % 2 : static_cast<uint8_t>(i * 37 + name.size());
  }
  t->set_lod(lod);
  t->set_persistable(true);
}

cpp::OpDesc OpWithEveryAttributeKind() {
  cpp::OpDesc op("every_kind");
  op.SetInput("X", {"x"});
  op.SetInput("Empty", {});
  op.SetInput("Many", {"p_f32", "p_f64"});
  op.SetOutput("Out", {"out"});
  op.SetAttr<int32_t>("int", std::numeric_limits<int32_t>::min());
  op.SetAttr<float>("float", -1.5e-30f);
  static const char kText[] = "utf8 \xc3\xa9 and a \0 byte";
  op.SetAttr<std::string>("string", std::string(kText, sizeof(kText) - 1));
  op.SetAttr<std::vector<int32_t>>("ints", {-1, 0, std::numeric_limits<int32_t>::max()});
  op.SetAttr<std::vector<float>>("floats", {0.25f, -0.0f, 3e38f});
  op.SetAttr<std::vector<std::string>>("strings", {"", "a", "b c"});
  op.SetAttr<bool>("boolean", true);
  op.SetAttr<std::vector<bool>>("booleans", {true, false, true});
  op.SetAttribute("block", {cpp::AttrType::BLOCK, int32_t{1}});
  op.SetAttr<int64_t>("long", std::numeric_limits<int64_t>::min());
  op.SetAttribute("blocks", {cpp::AttrType::BLOCKS, std::vector<int32_t>{1, 0}});
  op.SetAttr<std::vector<int64_t>>("longs", {int64_t{1} << 40, -7});
  op.SetAttr<std::vector<double>>("float64s", {1e-300, -2.5});
  op.SetAttr<double>("float64", 0.1);
  op.SetAttr<std::vector<int32_t>>("empty_ints", {});
  op.SetAttr<int32_t>("op_role", 0);  // bookkeeping attributes are kept too
  return op;
}

cpp::ProgramDesc ProgramWithEverything(Scope* scope) {
  cpp::ProgramDesc program;
  program.version = 2004000;
  program.blocks.resize(2);
  cpp::BlockDesc& b0 = program.blocks[0];
  b0.idx = 0;
  b0.parent_idx = -1;
  b0.vars.push_back(OtherVar("feed", cpp::VarKind::kFeedList, true));
  b0.vars.push_back(OtherVar("fetch", cpp::VarKind::kFetchList, true));
  b0.vars.push_back(TensorVar("x", PrecisionType::kFloat, {-1, 4}, false));
  b0.vars.push_back(TensorVar("out", PrecisionType::kInt32, {-1}, false));
  b0.vars.push_back(OtherVar("steps", cpp::VarKind::kOther, false));
  cpp::VarDesc array = OtherVar("array", cpp::VarKind::kTensorArray, false);
  array.precision = PrecisionType::kInt64;
  array.shape = {-1, 2};
  b0.vars.push_back(array);
  AddParam(&b0, scope, "p_bool", PrecisionType::kBool, {5});
  AddParam(&b0, scope, "p_i8", PrecisionType::kInt8, {2, 3});
  AddParam(&b0, scope, "p_u8", PrecisionType::kUInt8, {7});
  AddParam(&b0, scope, "p_i16", PrecisionType::kInt16, {3});
  AddParam(&b0, scope, "p_i32", PrecisionType::kInt32, {2, 2});
  AddParam(&b0, scope, "p_i64", PrecisionType::kInt64, {3});
  AddParam(&b0, scope, "p_f16", PrecisionType::kFP16, {1, 5});
  AddParam(&b0, scope, "p_f32", PrecisionType::kFloat, {2, 3, 4});
  AddParam(&b0, scope, "p_f64", PrecisionType::kFP64, {2});
  AddParam(&b0, scope, "a_with_lod", PrecisionType::kFloat, {6, 1}, {{0, 2, 6}, {0, 1, 3, 4, 6}});
  AddParam(&b0, scope, "empty", PrecisionType::kFloat, {0, 3});
  AddParam(&b0, scope, "scalar_0d", PrecisionType::kFloat, {});
  cpp::OpDesc feed("feed");
  feed.SetInput("X", {"feed"});
  feed.SetOutput("Out", {"x"});
  feed.SetAttr<int32_t>("col", 0);
  b0.ops.push_back(feed);
  b0.ops.push_back(OpWithEveryAttributeKind());

  cpp::BlockDesc& b1 = program.blocks[1];
  b1.idx = 1;
  b1.parent_idx = 0;
  b1.vars.push_back(TensorVar("i", PrecisionType::kInt64, {1}, false));
  cpp::OpDesc inc("increment");
  inc.SetInput("X", {"i"});
  inc.SetOutput("Out", {"i"});
  inc.SetAttr<float>("step", 1.f);
  b1.ops.push_back(inc);
  return program;
}

TEST(ModelRoundTrip, CombinedParamsKeepEveryAttributeVarAndTensor) {
  Scope scope;
  const cpp::ProgramDesc program = ProgramWithEverything(&scope);
  TempDir dir;
  const PbModelFiles saved = SaveModelPb(dir.path(), program, scope, true);
  EXPECT_TRUE(saved.combined());

  Scope loaded_scope;
  cpp::ProgramDesc loaded;
  const PbModelFiles files = LoadModelPb(dir.path(), "", "", &loaded_scope, &loaded);
  EXPECT_TRUE(files.combined());
  EXPECT_EQ(files.model_file, saved.model_file);
  EXPECT_EQ(files.params_file, saved.params_file);
  ExpectSameProgram(program, loaded);
  ExpectSameParams(program, scope, loaded_scope);
  EXPECT_EQ(pb::ParamVars(loaded).size(), 12u);
  // Only params are loaded: activations and lists are left to the predictor.
  EXPECT_EQ(loaded_scope.FindVar("x"), nullptr);
  EXPECT_EQ(loaded_scope.FindVar("feed"), nullptr);
}

TEST(ModelRoundTrip, SeparateParamsKeepEveryAttributeVarAndTensor) {
  Scope scope;
  const cpp::ProgramDesc program = ProgramWithEverything(&scope);
  TempDir dir;
  SaveModelPb(dir.path(), program, scope, false);
  EXPECT_TRUE(testing::fs::exists(dir / "__model__"));
  for (const cpp::VarDesc* var : pb::ParamVars(program)) {
    EXPECT_TRUE(testing::fs::exists(dir / var->name)) << var->name;
  }
  Scope loaded_scope;
  cpp::ProgramDesc loaded;
  const PbModelFiles files = LoadModelPb(dir.path(), "", "", &loaded_scope, &loaded);
  EXPECT_FALSE(files.combined());
  EXPECT_EQ(files.params_dir, dir.path());
  ExpectSameProgram(program, loaded);
  ExpectSameParams(program, scope, loaded_scope);
}

TEST(ModelRoundTrip, ExplicitFileNamesAndMemoryBuffers) {
  Scope scope;
  const cpp::ProgramDesc program = ProgramWithEverything(&scope);
  TempDir dir;
  SaveModelPbFiles(dir / "net.bin", dir / "weights.bin", program, scope);

  Scope from_files;
  cpp::ProgramDesc loaded;
  const PbModelFiles files = LoadModelPb("", dir / "net.bin", dir / "weights.bin", &from_files,
                                         &loaded);
  EXPECT_EQ(files.params_file, dir / "weights.bin");
  ExpectSameProgram(program, loaded);
  ExpectSameParams(program, scope, from_files);

  Scope from_memory;
  cpp::ProgramDesc loaded_from_memory;
  LoadModelPbFromMemory(testing::ReadBytes(dir / "net.bin"),
                        testing::ReadBytes(dir / "weights.bin"), &from_memory,
                        &loaded_from_memory);
  ExpectSameProgram(program, loaded_from_memory);
  ExpectSameParams(program, scope, from_memory);
}

TEST(ModelRoundTrip, SerializationIsStable) {
  Scope scope;
  const cpp::ProgramDesc program = ProgramWithEverything(&scope);
  const std::string bytes = pb::SerializeProgramDesc(program);
  EXPECT_EQ(pb::SerializeProgramDesc(pb::ParseProgramDesc(bytes)), bytes);
}

TEST(ModelRoundTrip, ParamVarsAreSortedPersistablesWithoutFeedFetch) {
  Scope scope;
  const cpp::ProgramDesc program = ProgramWithEverything(&scope);
  std::vector<std::string> names;
  for (const cpp::VarDesc* v : pb::ParamVars(program)) names.push_back(v->name);
  EXPECT_EQ(names, (std::vector<std::string>{"a_with_lod", "empty", "p_bool", "p_f16", "p_f32",
                                             "p_f64", "p_i16", "p_i32", "p_i64", "p_i8", "p_u8",
                                             "scalar_0d"}));
}

TEST(ModelRoundTrip, SavingRejectsInconsistentModels) {
  TempDir dir;
  {
    Scope scope;
    cpp::ProgramDesc program = ProgramWithEverything(&scope);
    scope.FindMutableTensor("p_f32")->Resize({2, 3, 5});
    ExpectError([&] { SaveModelPb(dir.path(), program, scope, true); },
                {"var 'p_f32'", "dims", "do not match"});
  }
  {
    Scope scope;
    cpp::ProgramDesc program = ProgramWithEverything(&scope);
    program.blocks[0].vars.push_back(TensorVar("no_tensor", PrecisionType::kFloat, {1}, true));
    ExpectError([&] { SaveModelPb(dir.path(), program, scope, true); },
                {"var 'no_tensor'", "no tensor"});
  }
  {
    Scope scope;
    cpp::ProgramDesc program = ProgramWithEverything(&scope);
    program.blocks[0].vars[2].precision = PrecisionType::kAny;  // 'x'
    ExpectError([&] { pb::SerializeProgramDesc(program); }, {"var 'x'", "any"});
  }
  {
    Scope scope;
    cpp::ProgramDesc program = ProgramWithEverything(&scope);
    AddParam(&program.blocks[0], &scope, "../escape", PrecisionType::kFloat, {1});
    ExpectError([&] { SaveModelPb(dir.path(), program, scope, false); },
                {"var '../escape'", "cannot name a params file"});
  }
  {
    Scope scope;
    cpp::ProgramDesc program = ProgramWithEverything(&scope);
    program.blocks[0].ops[1].SetAttribute("broken", {cpp::AttrType::INTS, int32_t{3}});
    ExpectError([&] { pb::SerializeProgramDesc(program); },
                {"op 'every_kind'", "attribute 'broken'", "INTS"});
  }
}

}  // namespace
}  // namespace lite
}  // namespace paddle
