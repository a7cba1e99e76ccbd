// Save -> load round trips: every attribute kind, var kind and tensor precision survives,
// for combined and separate params, files and memory; a .nb leaves out Paddle's
// bookkeeping attributes.
#include <gtest/gtest.h>

#include "lite/model_parser/flatbuffers/nb_model.h"
#include "lite/model_parser/model_parser.h"
#include "lite/model_parser/pb/params_io.h"
#include "lite/model_parser/pb/program_desc_parser.h"
#include "lite/tests/model_parser/model_test_util.h"

namespace paddle {
namespace lite {
namespace {

using testing::AddParam;
using testing::ExpectError;
using testing::ExpectSameParams;
using testing::ExpectSameProgram;
using testing::ProgramWithEverything;
using testing::TempDir;
using testing::TensorVar;

TEST(ModelRoundTrip, CombinedParamsKeepEveryAttributeVarAndTensor) {
  Scope scope;
  const cpp::ProgramDesc program = ProgramWithEverything(&scope);
  TempDir dir;
  const ModelFiles saved = SaveModelPb(dir.path(), program, scope, true);
  EXPECT_TRUE(saved.combined());

  Scope loaded_scope;
  cpp::ProgramDesc loaded;
  const ModelFiles files = LoadModel(dir.path(), "", "", &loaded_scope, &loaded);
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
  const ModelFiles files = LoadModel(dir.path(), "", "", &loaded_scope, &loaded);
  EXPECT_FALSE(files.combined());
  EXPECT_EQ(files.params_dir, dir.path());
  ExpectSameProgram(program, loaded);
  ExpectSameParams(program, scope, loaded_scope);
}

TEST(ModelRoundTrip, NbLeavesOutBookkeepingAttributes) {
  Scope scope;
  cpp::ProgramDesc program = ProgramWithEverything(&scope);
  cpp::OpDesc& op = program.blocks[0].ops.back();
  op.SetAttr<std::vector<std::string>>("op_callstack", {"  File \"train.py\", line 1"});
  op.SetAttr<std::string>("op_namescope", "/");
  op.SetAttr<std::string>("op_device", "");
  op.SetAttr<std::vector<std::string>>("op_role_var", {});
  op.SetAttr<int32_t>("op_role", 0);
  const std::string bytes = SerializeModelNb(program, scope, "test");
  Scope loaded_scope;
  cpp::ProgramDesc loaded;
  LoadModelNb(NbModelBytes::CopyOf(bytes.data(), bytes.size()), &loaded_scope, &loaded);
  const cpp::OpDesc& back = loaded.blocks[0].ops.back();
  for (const char* gone : {"op_callstack", "op_namescope", "op_device", "op_role_var"}) {
    EXPECT_FALSE(back.HasAttr(gone)) << gone;
  }
  EXPECT_TRUE(back.HasAttr("op_role"));  // one int: kept
  ExpectSameProgram(program, loaded);  // everything else as it was
}

TEST(ModelRoundTrip, ExplicitFileNamesAndMemoryBuffers) {
  Scope scope;
  const cpp::ProgramDesc program = ProgramWithEverything(&scope);
  TempDir dir;
  SaveModelPbFiles(dir / "net.bin", dir / "weights.bin", program, scope);

  Scope from_files;
  cpp::ProgramDesc loaded;
  const ModelFiles files = LoadModel("", dir / "net.bin", dir / "weights.bin", &from_files,
                                         &loaded);
  EXPECT_EQ(files.params_file, dir / "weights.bin");
  ExpectSameProgram(program, loaded);
  ExpectSameParams(program, scope, from_files);

  Scope from_memory;
  cpp::ProgramDesc loaded_from_memory;
  LoadModelFromMemory(testing::ReadBytes(dir / "net.bin"),
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
    scope.FindMutableTensor("p_f32")->Resize({2, 3, 4});
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
