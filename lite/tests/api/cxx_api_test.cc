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
#ifdef PLITE_WITH_OPENCL
#include "lite/backends/opencl/cl_runtime.h"
#endif
#include "lite/core/op_registry.h"
#include "lite/tests/core/kernelless_op.h"
#include "lite/tests/core/program_test_util.h"
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
  static ModelFiles files_;
};

std::string CxxApiTest::dir_;
ModelFiles CxxApiTest::files_;

void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// feed x [-1, 6] -> relu -> a -> relu6 -> b -> reshape2 [3, -1] -> c -> relu -> d -> fetch.
// memory_optimize gives c the buffer of a (dead after relu6), so the reshape2 writes 'a'.
// On x = [1, -2, 3, -4, 5, 6] the output is [1, 0, 3, 0, 5, 6] as [3, 2]; an input of 4
// elements cannot be reshaped to [3, -1].
ModelFiles WriteReusingModel(const std::string& dir) {
  Builder b({-1, 6});
  b.Op("relu", {{"X", "x"}}, {{"Out", "a"}});
  b.Op("relu6", {{"X", "a"}}, {{"Out", "b"}}).SetAttr<float>("threshold", 6.f);
  b.Op("reshape2", {{"X", "b"}}, {{"Out", "c"}}).SetAttr<std::vector<int32_t>>("shape", {3, -1});
  b.Op("relu", {{"X", "c"}}, {{"Out", "d"}});
  b.Fetch("d", 0);
  Scope no_weights;
  return SaveModelPb(dir, b.program(), no_weights, true);
}
const std::vector<float> kReusingInput = {1, -2, 3, -4, 5, 6};
const std::vector<float> kReusingOutput = {1, 0, 3, 0, 5, 6};

CxxConfig ConfigOf(const ModelFiles& files) {
  CxxConfig config;
  config.set_model_file(files.model_file);
  config.set_param_file(files.params_file);
  return config;
}

// Runs `p` on kReusingInput and checks the hand-worked output.
void ExpectReusingModelRuns(lite_api::PaddlePredictor* p) {
  SetInput(p, 0, {1, 6}, kReusingInput);
  p->Run();
  EXPECT_EQ(p->GetOutput(0)->shape(), (lite_api::shape_t{3, 2}));
  EXPECT_EQ(OutputFloats(*p, 0), kReusingOutput);
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

TEST_F(CxxApiTest, DirectoryGivenAsAFileIsNamedSo) {
  CxxConfig model_dir_as_file = Config();
  model_dir_as_file.set_model_file(dir_);
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(model_dir_as_file); },
                        "model file " + dir_ + " is a directory, not a model file");
  CxxConfig params_dir_as_file = Config();
  params_dir_as_file.set_param_file(dir_);
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(params_dir_as_file); },
                        "params file " + dir_ + " is a directory, not a params file");
  lite_api::MobileConfig light;
  light.set_model_from_file(dir_);
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(light); },
                        dir_ + " is a directory, not a model file");
}

TEST_F(CxxApiTest, ErrorContextNamesTheOutputAsTheModelDoesUnderMemoryReuse) {
  const ModelFiles files = WriteReusingModel(dir_ + "/reusing");
  CxxConfig config = ConfigOf(files);
  config.set_memory_optimize(true);
  auto full = lite_api::CreatePaddlePredictor(config);
  // The .nb keeps the model's names through the reuse too.
  const std::string nb = dir_ + "/reusing_opt";
  full->SaveOptimizedModel(nb, lite_api::LiteModelType::kNaiveBuffer, false);
  lite_api::MobileConfig light_config;
  light_config.set_model_from_file(nb + ".nb");
  auto light = lite_api::CreatePaddlePredictor(light_config);
  for (auto* p : {full.get(), light.get()}) {
    SetInput(p, 0, {1, 4}, {1, 2, 3, 4});
    try {
      p->Run();
      ADD_FAILURE() << "reshaping 4 elements to [3, -1] ran";
    } catch (const PaddleLiteException& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("while running op 'reshape2' writing c]"), std::string::npos) << what;
    }
    ExpectReusingModelRuns(p);
  }
}

TEST_F(CxxApiTest, ZeroDimensionInputHasItsOwnMessage) {
  auto p = lite_api::CreatePaddlePredictor(ConfigOf(WriteReusingModel(dir_ + "/zero_dim")));
  auto in = p->GetInput(0);
  in->Resize({0, 6});
  in->mutable_data<float>();
  ExpectErrorContaining([&] { p->Run(); },
                        "input 0 ('x') has a zero dimension [0, 6]: every dimension must be at "
                        "least 1");
  ExpectReusingModelRuns(p.get());
}

TEST_F(CxxApiTest, InvalidOrUnsupportedPlacesAreNamedAtCreate) {
  const ModelFiles files = WriteReusingModel(dir_ + "/places");
  using lite_api::Place;
  const Place host{TargetType::kHost, PrecisionType::kFloat};
  struct Case {
    Place place;
    std::vector<std::string> says;
  };
  const std::vector<Case> errors = {
      {Place{TargetType::kCUDA, PrecisionType::kFloat},
       {"valid place 0 (cuda, float, NCHW)", "this build has no kernels for its target",
        "it has host"}},
      {Place{static_cast<TargetType>(77)}, {"valid place 0 (77, float, NCHW)", "unknown target"}},
      {Place{TargetType::kHost, static_cast<PrecisionType>(99)},
       {"valid place 0 (host, 99, NCHW)", "unknown precision"}},
      {Place{TargetType::kHost, PrecisionType::kFloat, static_cast<DataLayoutType>(20)},
       {"valid place 0 (host, float, 20)", "unknown layout"}},
  };
  for (const Case& c : errors) {
    CxxConfig config = ConfigOf(files);
    config.set_valid_places({c.place});
    for (const std::string& part : c.says) {
      ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(config); }, part);
    }
  }
  // An out-of-range value is an error even beside a usable place.
  CxxConfig garbage_beside_host = ConfigOf(files);
  garbage_beside_host.set_valid_places({host, Place{static_cast<TargetType>(77)}});
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(garbage_beside_host); },
                        "valid place 1 (77, float, NCHW): unknown target");
  // OpenCL kernels run where a device is found; without one an OpenCL-only list is an error
  // saying so.
  CxxConfig opencl_only = ConfigOf(files);
  opencl_only.set_valid_places(
      {Place{TargetType::kOpenCL, PrecisionType::kFloat, DataLayoutType::kImageDefault}});
#ifdef PLITE_WITH_OPENCL
  if (opencl::ClRuntime::Available()) {
    ExpectReusingModelRuns(lite_api::CreatePaddlePredictor(opencl_only).get());
  } else {
    ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(opencl_only); },
                          "valid place 0 (opencl, float, ImageDefault): its kernels need an "
                          "OpenCL device, which this machine lacks");
  }
#else
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(opencl_only); },
                        "valid place 0 (opencl, float, ImageDefault): this build has no kernels");
#endif
  // A target this build lacks beside one it has is dropped (with a warning): apps list
  // places for several targets.
  CxxConfig opencl_then_host = ConfigOf(files);
  opencl_then_host.set_valid_places(
      {Place{TargetType::kOpenCL, PrecisionType::kFloat, DataLayoutType::kImageDefault}, host});
  ExpectReusingModelRuns(lite_api::CreatePaddlePredictor(opencl_then_host).get());
}

TEST_F(CxxApiTest, AbsurdConvolutionSizesAreRefusedNamingTheOp) {
  // feed x [1, 1, 4, 4] -> conv2d (filter [C, 1, 1, 1] of ones, paddings p) -> fetch.
  auto write = [&](const std::string& name, int64_t channels, int pad) {
    Builder b({-1, 1, 4, 4});
    b.AddVar("w", cpp::VarKind::kLodTensor, {channels, 1, 1, 1}, true);
    auto& conv = b.Op("conv2d", {{"Input", "x"}, {"Filter", "w"}}, {{"Output", "y"}});
    conv.SetAttr<std::vector<int32_t>>("strides", {1, 1});
    conv.SetAttr<std::vector<int32_t>>("paddings", {pad, pad});
    conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
    conv.SetAttr<int32_t>("groups", 1);
    b.Fetch("y", 0);
    Scope weights;
    Tensor* w = weights.Var("w")->GetMutable<Tensor>();
    w->Resize({channels, 1, 1, 1});
    float* data = w->mutable_data<float>();
    for (int64_t i = 0; i < channels; ++i) data[i] = 1.f;
    w->set_persistable(true);
    return SaveModelPb(dir_ + "/" + name, b.program(), weights, true);
  };
  const std::vector<float> x(16, 2.f);
  // Paddings 100000: a 200004 x 200004 output plane, more than the kernels index.
  auto huge_plane = lite_api::CreatePaddlePredictor(ConfigOf(write("conv_pad", 1, 100000)));
  SetInput(huge_plane.get(), 0, {1, 1, 4, 4}, x);
  ExpectErrorContaining([&] { huge_plane->Run(); },
                        "op 'conv2d': output plane 200004x200004 has more than 2^31-1 elements");
  // Paddings 20000 (40004 x 40004, 1.6e9 elements a plane) on 4096 channels: 6.6e12
  // elements, more than any machine this runs on has bytes.
  auto huge_output = lite_api::CreatePaddlePredictor(ConfigOf(write("conv_wide", 4096, 20000)));
  SetInput(huge_output.get(), 0, {1, 1, 4, 4}, x);
  ExpectErrorContaining([&] { huge_output->Run(); },
                        "op 'conv2d': output dims [1, 4096, 40004, 40004]");
  ExpectErrorContaining([&] { huge_output->Run(); }, "exceed this machine's memory");
  // Paddings 1 run: a 1x1 filter of ones copies x (all 2) and the padding adds a zero border.
  auto small = lite_api::CreatePaddlePredictor(ConfigOf(write("conv_small", 1, 1)));
  SetInput(small.get(), 0, {1, 1, 4, 4}, x);
  small->Run();
  const std::vector<float> out = OutputFloats(*small, 0);
  ASSERT_EQ(out.size(), 36u);  // 6 x 6
  EXPECT_EQ(out[0], 0.f);
  EXPECT_EQ(out[7], 2.f);
  EXPECT_EQ(out[35], 0.f);
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
