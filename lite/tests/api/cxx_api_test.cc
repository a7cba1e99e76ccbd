// The C++ API on the sample model the project builds itself: runs, shape changes,
// clones on threads, and clear errors for every bad input we can think of.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/core/op_registry.h"
#include "lite/tests/core/kernelless_op.h"
#include "lite/tests/core/thread_limit.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/tests/models/model_test_util.h"
#include "tools/sample_model_builder.h"

// An op this build knows but has no kernel for: loading a model with it must say so.
REGISTER_LITE_OP(test_kernelless, paddle::lite::test::KernellessOp);

namespace paddle {
namespace lite {
namespace test {

namespace {

using lite_api::CxxConfig;
using lite_api::PaddleLiteException;

class CxxApiTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char tmpl[] = "/tmp/plite_api_test_XXXXXX";
    dir_ = mkdtemp(tmpl);
    files_ = WriteSampleModel(dir_ + "/sample", true);
  }
  static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }

  static CxxConfig Config() {
    CxxConfig config;
    config.set_model_file(files_.model_file);
    config.set_param_file(files_.params_file);
    return config;
  }

  static std::string dir_;
  static PbModelFiles files_;
};

std::string CxxApiTest::dir_;
PbModelFiles CxxApiTest::files_;

void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_F(CxxApiTest, RunsAndReportsNamesAndVersion) {
  auto p = lite_api::CreatePaddlePredictor(Config());
  EXPECT_EQ(p->GetInputNames(), std::vector<std::string>{kSampleModelInput});
  EXPECT_EQ(p->GetOutputNames(), std::vector<std::string>{kSampleModelOutput});
  EXPECT_FALSE(p->GetVersion().empty());
  const auto probs = RunOnce(p.get(), {1, 3, 32, 32});
  ASSERT_EQ(probs.size(), static_cast<size_t>(kSampleModelClasses));
  float sum = 0.f;
  for (float v : probs) sum += v;
  EXPECT_NEAR(sum, 1.f, 1e-5f);  // softmax output
  auto out = p->GetOutput(0);
  EXPECT_EQ(out->shape(), (lite_api::shape_t{1, kSampleModelClasses}));
  std::vector<float> copy(kSampleModelClasses);
  out->CopyToCpu(copy.data());
  EXPECT_EQ(copy, probs);
}

TEST_F(CxxApiTest, PassesOnAndOffAgree) {
  CxxConfig plain = Config();
  plain.set_fusion_passes(false);
  plain.set_memory_optimize(false);
  auto a = lite_api::CreatePaddlePredictor(Config());
  auto b = lite_api::CreatePaddlePredictor(plain);
  const auto ya = RunOnce(a.get(), {2, 3, 32, 32});
  const auto yb = RunOnce(b.get(), {2, 3, 32, 32});
  EXPECT_LE(MaxAbsDiff(ya, yb), 1e-6f);
}

TEST_F(CxxApiTest, InputShapeMayChangeBetweenRuns) {
  auto p = lite_api::CreatePaddlePredictor(Config());
  auto fresh = lite_api::CreatePaddlePredictor(Config());
  RunOnce(p.get(), {1, 3, 32, 32});
  const auto big = RunOnce(p.get(), {3, 3, 40, 24});
  EXPECT_EQ(big.size(), 3u * kSampleModelClasses);
  EXPECT_EQ(big, RunOnce(fresh.get(), {3, 3, 40, 24}));  // no state leaks across shapes
  const auto small = RunOnce(p.get(), {1, 3, 32, 32});
  EXPECT_EQ(small, RunOnce(fresh.get(), {1, 3, 32, 32}));
}

// A predictor asked for 4 threads where the system gives none runs on the caller's thread.
TEST_F(CxxApiTest, RunsWhenTheSystemRefusesThreads) {
  const std::vector<float> expected = RunOnce(lite_api::CreatePaddlePredictor(Config()).get(),
                                              {2, 3, 32, 32});
  // The child may run as another user (thread_limit.h): let it read the model.
  namespace fs = std::filesystem;
  fs::permissions(dir_, fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read |
                            fs::perms::others_exec,
                  fs::perm_options::add);
  const std::string failure = RunWithoutNewThreads([&] {
    CxxConfig config = Config();
    config.set_threads(4);
    try {
      auto p = lite_api::CreatePaddlePredictor(config);
      return RunOnce(p.get(), {2, 3, 32, 32}) == expected ? 0 : 2;
    } catch (const PaddleLiteException&) {
      return 3;
    }
  });
  EXPECT_EQ(failure, "");
}

TEST_F(CxxApiTest, CloneOnAnotherThreadGivesTheSameOutputs) {
  auto p = lite_api::CreatePaddlePredictor(Config());
  auto clone = p->Clone();
  std::vector<float> expected_a, expected_b;
  {
    auto single = lite_api::CreatePaddlePredictor(Config());
    expected_a = RunOnce(single.get(), {2, 3, 32, 32}, 1.f);
    expected_b = RunOnce(single.get(), {2, 3, 32, 32}, -0.5f);
  }
  std::vector<float> got_a, got_b;
  std::thread ta([&] {
    for (int i = 0; i < 20; ++i) got_a = RunOnce(p.get(), {2, 3, 32, 32}, 1.f);
  });
  std::thread tb([&] {
    for (int i = 0; i < 20; ++i) got_b = RunOnce(clone.get(), {2, 3, 32, 32}, -0.5f);
  });
  ta.join();
  tb.join();
  EXPECT_EQ(got_a, expected_a);
  EXPECT_EQ(got_b, expected_b);
}

TEST_F(CxxApiTest, BadPathsAreClearErrors) {
  CxxConfig c;
  c.set_model_dir(dir_ + "/no_such_dir");
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(c); }, "no_such_dir");
  CxxConfig d = Config();
  d.set_param_file(dir_ + "/missing.pdiparams");
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(d); }, "missing.pdiparams");
}

TEST_F(CxxApiTest, MalformedFilesAreClearErrors) {
  const std::string model = ReadFile(files_.model_file);
  const std::string params = ReadFile(files_.params_file);
  struct Case {
    std::string name, model, params;
  };
  std::mt19937 gen(7);
  std::string random(4096, '\0');
  for (auto& ch : random) ch = static_cast<char>(gen());
  const std::vector<Case> cases = {
      {"truncated_model", model.substr(0, model.size() / 2), params},
      {"random_model", random, params},
      {"empty_model", "", params},
      {"truncated_params", model, params.substr(0, params.size() - 7)},
      {"params_with_extra_bytes", model, params + "xyz"},
      {"random_params", model, random},
  };
  for (const auto& c : cases) {
    const std::string m = dir_ + "/" + c.name + ".pdmodel";
    const std::string p = dir_ + "/" + c.name + ".pdiparams";
    WriteFile(m, c.model);
    WriteFile(p, c.params);
    CxxConfig config;
    config.set_model_file(m);
    config.set_param_file(p);
    try {
      lite_api::CreatePaddlePredictor(config);
      ADD_FAILURE() << c.name << " loaded";
    } catch (const PaddleLiteException& e) {
      EXPECT_GT(std::string(e.what()).size(), 10u) << c.name;
      std::printf("[malformed] %-24s -> %s\n", c.name.c_str(), e.what());
    }
  }
}

TEST_F(CxxApiTest, WrongInputsAreClearErrorsAndThePredictorStaysUsable) {
  auto p = lite_api::CreatePaddlePredictor(Config());
  ExpectErrorContaining([&] { p->Run(); }, "was not set");
  ExpectErrorContaining([&] { RunOnce(p.get(), {1, 4, 32, 32}); }, "conv2d");  // 4 channels, model has 3
  ExpectErrorContaining([&] { RunOnce(p.get(), {1, 3, 32}); }, "conv2d");      // rank 3
  ExpectErrorContaining([&] { p->GetInput(1); }, "has 1 inputs");
  ExpectErrorContaining([&] { p->GetInputByName("nope"); }, "no input 'nope'");
  {
    auto in = p->GetInput(0);
    in->Resize({1, 3, 32, 32});
    int64_t* wrong = in->mutable_data<int64_t>();
    for (int i = 0; i < 3 * 32 * 32; ++i) wrong[i] = 1;
    ExpectErrorContaining([&] { p->Run(); }, "must be float");
  }
  const auto good = RunOnce(p.get(), {1, 3, 32, 32});
  auto fresh = lite_api::CreatePaddlePredictor(Config());
  EXPECT_EQ(good, RunOnce(fresh.get(), {1, 3, 32, 32}));
}

TEST_F(CxxApiTest, UnknownOpIsNamedAtLoad) {
  cpp::ProgramDesc program;
  Scope scope;
  BuildSampleModel(&program, &scope);
  program.blocks[0].ops[2].SetType("no_such_op");
  const std::string dir = dir_ + "/unknown_op";
  SaveModelPb(dir, program, scope, true);
  CxxConfig c;
  c.set_model_dir(dir);
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(c); }, "op 'no_such_op' is not supported");
}

TEST_F(CxxApiTest, MissingKernelIsNamedAtLoad) {
  cpp::ProgramDesc program;
  Scope scope;
  BuildSampleModel(&program, &scope);
  program.blocks[0].ops[3].SetType("test_kernelless");  // the relu
  const std::string dir = dir_ + "/kernelless";
  SaveModelPb(dir, program, scope, true);
  CxxConfig c;
  c.set_model_dir(dir);
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(c); }, "no kernel for op 'test_kernelless'");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
