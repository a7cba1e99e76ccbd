// Programs whose dataflow is broken (an op reading its own output, a cycle, a read of a later
// op's output, two writers of one variable, one variable for two outputs of an op, a write to
// a weight, a tensor used as the feed or fetch list or the other way round, a fetch into the
// feed list) are refused at load by the
// full predictor (from a Paddle model) and by the light one (from a .nb), naming the op,
// the variable and the rule; the process goes on and a good model still runs.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/model_parser/flatbuffers/nb_model.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/tests/models/model_test_util.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {
namespace test {

namespace {

using lite_api::CxxConfig;
using lite_api::MobileConfig;

// The ops that compute (feed and fetch aside), by position in the block.
std::vector<cpp::OpDesc*> ComputeOps(cpp::ProgramDesc* program) {
  std::vector<cpp::OpDesc*> ops;
  for (auto& op : program->blocks[0].ops) {
    if (op.Type() != "feed" && op.Type() != "fetch") ops.push_back(&op);
  }
  return ops;
}

// The argument of an op's first input or output parameter named `param`.
std::string& Arg(cpp::OpDesc::ArgMap* args, const std::string& param) {
  auto it = args->find(param);
  EXPECT_NE(it, args->end()) << param;
  return it->second.at(0);
}
std::string& In(cpp::OpDesc* op) {
  return Arg(op->mutable_inputs(), op->inputs().count("Input") ? "Input" : "X");
}
std::string& Out(cpp::OpDesc* op) {
  for (const char* p : {"Output", "Out", "Y"}) {
    if (op->outputs().count(p)) return Arg(op->mutable_outputs(), p);
  }
  ADD_FAILURE() << op->Type() << " has no Output/Out/Y";
  return Arg(op->mutable_outputs(), "Out");
}

struct Edit {
  const char* name;
  std::function<void(cpp::ProgramDesc*)> apply;
  const char* full_error;   // what the full predictor says of the edited Paddle model
  const char* light_error;  // what the light predictor says of the edited .nb
};

// Edits of the chain op1 -> op2 -> op3 -> op4 (the first compute ops, each reading the
// previous one's output).
const std::vector<Edit>& Edits() {
  static const std::vector<Edit> edits = {
      {"an op reading its own output",
       [](cpp::ProgramDesc* p) {
         auto ops = ComputeOps(p);
         In(ops[1]) = Out(ops[1]);
       },
       "its own output, which no earlier op writes", "its own output, which no earlier op writes"},
      {"a two-op cycle",
       [](cpp::ProgramDesc* p) {
         auto ops = ComputeOps(p);
         In(ops[1]) = Out(ops[2]);
       },
       "form a cycle", "form a cycle"},
      {"a read of a later op's output",
       [](cpp::ProgramDesc* p) {
         auto ops = ComputeOps(p);
         In(ops[0]) = Out(ops[3]);
       },
       "form a cycle", "form a cycle"},
      // op3 writes op1's output (Paddle runs that: op2 reads op1's value first); op4 still
      // reads op3's old output, which nothing writes now.
      {"two ops writing one variable",
       [](cpp::ProgramDesc* p) {
         auto ops = ComputeOps(p);
         Out(ops[2]) = Out(ops[0]);
       },
       "nor written by any op", "nor written by any op"},
      {"a write to a weight",
       [](cpp::ProgramDesc* p) {
         auto ops = ComputeOps(p);
         const std::string weight = Arg(ops[0]->mutable_inputs(), "Filter");
         Out(ops[0]) = weight;
         In(ops[1]) = weight;
       },
       "weights are read-only", "weights are read-only"},
      // A variable holds a tensor or a feed/fetch list, never one after the other: ops keep
      // pointers to what it holds.
      {"an op reading the feed list",
       [](cpp::ProgramDesc* p) { In(ComputeOps(p)[0]) = "feed"; },
       "'feed' (Input) is a feed/fetch list, not a tensor",
       "'feed' (Input) is a feed/fetch list, not a tensor"},
      {"a fetch writing a tensor",
       [](cpp::ProgramDesc* p) {
         cpp::VarDesc stray;
         stray.name = "stray";
         stray.shape = {1};
         p->blocks[0].vars.push_back(stray);
         for (auto& op : p->blocks[0].ops) {
           if (op.Type() == "fetch") op.SetOutput("Out", {"stray"});
         }
       },
       "'stray' (Out) is a tensor, not a feed/fetch list",
       "'stray' (Out) is a tensor, not a feed/fetch list"},
      // The second Resize would shrink the buffer the first output is written through.
      {"an op writing one variable through two outputs",
       [](cpp::ProgramDesc* p) {
         for (auto& op : p->blocks[0].ops) {
           if (op.Type() != "flatten_contiguous_range") continue;
           op.SetOutput("XShape", {Out(&op)});
           return;
         }
         ADD_FAILURE() << "no flatten_contiguous_range in the program";
       },
       "through two outputs (Out and XShape)", "through two outputs (Out and XShape)"},
      // The fetch would overwrite the app's inputs while ops still read them.
      {"a fetch writing the feed list",
       [](cpp::ProgramDesc* p) {
         for (auto& op : p->blocks[0].ops) {
           if (op.Type() == "fetch") op.SetOutput("Out", {"feed"});
         }
       },
       "feed and fetch lists must be different variables",
       "feed and fetch lists must be different variables"},
  };
  return edits;
}

class ProgramValidationTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char tmpl[] = "/tmp/plite_program_validation_XXXXXX";
    dir_ = mkdtemp(tmpl);
    files_ = WriteSampleModel(dir_ + "/sample", true);
    // Without the memory pass, so every activation keeps its own variable and the edits
    // below break the .nb as they break the Paddle model (with it, a variable is reused
    // and "reading a later op's output" may read what an earlier op left there, a valid
    // program).
    CxxConfig config = FullConfig();
    config.set_memory_optimize(false);
    lite_api::CreatePaddlePredictor(config)->SaveOptimizedModel(
        dir_ + "/sample_opt", lite_api::LiteModelType::kNaiveBuffer);
  }
  static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }

  static CxxConfig FullConfig() {
    CxxConfig config;
    config.set_model_file(files_.model_file);
    config.set_param_file(files_.params_file);
    return config;
  }
  static std::shared_ptr<lite_api::PaddlePredictor> Full() {
    return lite_api::CreatePaddlePredictor(FullConfig());
  }
  static MobileConfig Light(const std::string& nb) {
    MobileConfig config;
    config.set_model_from_file(nb);
    return config;
  }

  static std::string dir_;
  static ModelFiles files_;
};

std::string ProgramValidationTest::dir_;
ModelFiles ProgramValidationTest::files_;

}  // namespace

TEST_F(ProgramValidationTest, TheUneditedModelsLoadAndRun) {
  const std::vector<float> full = RunOnce(Full().get(), {1, 3, 32, 32});
  auto light = lite_api::CreatePaddlePredictor(Light(dir_ + "/sample_opt.nb"));
  EXPECT_EQ(RunOnce(light.get(), {1, 3, 32, 32}), full);
}

TEST_F(ProgramValidationTest, FullPredictorRefusesBrokenDataflowAtLoad) {
  const std::vector<float> good = RunOnce(Full().get(), {1, 3, 32, 32});
  for (const Edit& edit : Edits()) {
    SCOPED_TRACE(edit.name);
    cpp::ProgramDesc program;
    Scope scope;
    BuildSampleModel(&program, &scope);
    edit.apply(&program);
    const std::string dir = dir_ + "/edited";
    SaveModelPb(dir, program, scope, true);
    CxxConfig config;
    config.set_model_dir(dir);
    ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(config); }, edit.full_error);
    ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(config); }, "op ");
    EXPECT_EQ(RunOnce(Full().get(), {1, 3, 32, 32}), good);
  }
}

TEST_F(ProgramValidationTest, LightPredictorRefusesBrokenDataflowAtLoad) {
  auto good = lite_api::CreatePaddlePredictor(Light(dir_ + "/sample_opt.nb"));
  const std::vector<float> expected = RunOnce(good.get(), {1, 3, 32, 32});
  for (const Edit& edit : Edits()) {
    SCOPED_TRACE(edit.name);
    Scope scope;
    cpp::ProgramDesc program;
    LoadModelNb(NbModelBytes::MapFile(dir_ + "/sample_opt.nb"), &scope, &program);
    edit.apply(&program);
    const std::string nb = dir_ + "/edited.nb";
    SaveModelNb(nb, program, scope, "test");
    ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(Light(nb)); },
                          edit.light_error);
    EXPECT_EQ(RunOnce(good.get(), {1, 3, 32, 32}), expected);
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
