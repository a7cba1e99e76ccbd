// Predictors used from many threads at once, as apps do: eight clones of one full or light
// predictor running together, each with a two-thread pool of its own. Outputs must match
// the reference kernels (host places) and be identical across clones. The ThreadSanitizer
// job (tools/run_tests.sh) runs this test with the thread pool tests (label "threads").
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/tests/models/model_test_util.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

using lite_api::CxxConfig;
using lite_api::MobileConfig;
using lite_api::PaddlePredictor;
using lite_api::Place;

constexpr int kClones = 8;
constexpr int kRunsPerClone = 3;
// Big enough that the x86 convolutions and the matmul split their work over the pool.
const lite_api::shape_t kShape = {2, 3, 48, 48};

// Each clone gets its own input scale, so a clone reading another's buffers shows.
float ScaleOf(int clone) { return 0.25f + 0.125f * clone; }

class ThreadingTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char tmpl[] = "/tmp/plite_threading_test_XXXXXX";
    dir_ = mkdtemp(tmpl);
    files_ = WriteSampleModel(dir_ + "/sample", true);
    // The reference kernels, one thread: the expected output for every scale.
    auto reference = lite_api::CreatePaddlePredictor(Config({TARGET(kHost)}, 1));
    for (int c = 0; c < kClones; ++c) expected_.push_back(RunOnce(reference.get(), kShape, ScaleOf(c)));
  }
  static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }

  static CxxConfig Config(const std::vector<lite_api::TargetType>& targets, int threads) {
    CxxConfig config;
    config.set_model_file(files_.model_file);
    config.set_param_file(files_.params_file);
    std::vector<Place> places;
    for (auto target : targets) places.emplace_back(target, PRECISION(kFloat));
    config.set_valid_places(places);
    config.set_threads(threads);
    return config;
  }

  // Runs `parent` and kClones-1 clones of it together, each on its own thread, and checks
  // every output against the reference and against clone 0's bits for the same scale.
  static void RunClonesTogether(const std::shared_ptr<PaddlePredictor>& parent) {
    std::vector<std::shared_ptr<PaddlePredictor>> predictors = {parent};
    for (int c = 1; c < kClones; ++c) predictors.push_back(parent->Clone());
    std::vector<std::vector<float>> got(kClones);
    std::vector<std::thread> threads;
    for (int c = 0; c < kClones; ++c) {
      threads.emplace_back([&, c] {
        for (int r = 0; r < kRunsPerClone; ++r) got[c] = RunOnce(predictors[c].get(), kShape, ScaleOf(c));
      });
    }
    for (auto& t : threads) t.join();
    for (int c = 0; c < kClones; ++c) {
      SCOPED_TRACE("clone " + std::to_string(c));
      ExpectAllNear(got[c], expected_[c], 1e-5f, 1e-4f);
    }
    // The same predictor on one thread gives the same bits as the clones did together.
    for (int c = 0; c < kClones; ++c) {
      EXPECT_EQ(RunOnce(parent.get(), kShape, ScaleOf(c)), got[c]) << "clone " << c;
    }
  }

  static std::string dir_;
  static ModelFiles files_;
  static std::vector<std::vector<float>> expected_;
};

std::string ThreadingTest::dir_;
ModelFiles ThreadingTest::files_;
std::vector<std::vector<float>> ThreadingTest::expected_;

// The x86 kernels first where this build has them; the host kernels fill the gaps.
const std::vector<lite_api::TargetType> kFastest = {TARGET(kX86), TARGET(kHost)};

TEST_F(ThreadingTest, FullPredictorClonesRunTogether) {
  RunClonesTogether(lite_api::CreatePaddlePredictor(Config(kFastest, 2)));
}

TEST_F(ThreadingTest, LightPredictorClonesRunTogether) {
  auto full = lite_api::CreatePaddlePredictor(Config(kFastest, 2));
  full->SaveOptimizedModel(dir_ + "/sample_opt", lite_api::LiteModelType::kNaiveBuffer);
  MobileConfig config;
  config.set_model_from_file(dir_ + "/sample_opt.nb");
  config.set_threads(2);
  RunClonesTogether(lite_api::CreatePaddlePredictor(config));
}

// Clones made while their parent runs on another thread.
TEST_F(ThreadingTest, ClonesAreMadeWhileTheParentRuns) {
  auto parent = lite_api::CreatePaddlePredictor(Config(kFastest, 2));
  std::vector<float> parent_out;
  std::thread runner([&] {
    for (int r = 0; r < kRunsPerClone; ++r) parent_out = RunOnce(parent.get(), kShape, ScaleOf(0));
  });
  std::vector<std::shared_ptr<PaddlePredictor>> clones;
  for (int c = 0; c < 4; ++c) clones.push_back(parent->Clone());
  runner.join();
  ExpectAllNear(parent_out, expected_[0], 1e-5f, 1e-4f);
  for (auto& clone : clones) ExpectAllNear(RunOnce(clone.get(), kShape, ScaleOf(1)), expected_[1], 1e-5f, 1e-4f);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
