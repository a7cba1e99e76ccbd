// The optimizer picks the x86 conv2d kernel when x86 is a valid place (on a CPU with
// AVX2+FMA) and the host one otherwise, with no io_copy between host and x86 kernels (both
// live in host memory), and the sample model gives the host-only output either way.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/program_predictor.h"
#include "lite/backends/x86/cpu_info.h"
#include "lite/core/op_registry.h"
#include "lite/core/thread_pool.h"
#include "lite/tests/models/model_test_util.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

using lite_api::CxxConfig;

// Whether any x86 kernel is registered for `op_type` (those ops must be picked on x86 too).
bool HasX86Kernel(const std::string& op_type) {
  for (const KernelInfo* k : KernelRegistry::Global().Kernels(op_type)) {
    if (k->place.target == TargetType::kX86) return true;
  }
  return false;
}

class ConvX86PickTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char tmpl[] = "/tmp/plite_conv_x86_pick_XXXXXX";
    dir_ = mkdtemp(tmpl);
    files_ = WriteSampleModel(dir_ + "/sample", true);
  }
  static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }

  static std::shared_ptr<lite_api::PaddlePredictor> Create(const std::vector<Place>& places,
                                                           int threads = 1) {
    CxxConfig config;
    config.set_threads(threads);
    config.set_model_file(files_.model_file);
    config.set_param_file(files_.params_file);
    config.set_valid_places(places);
    return lite_api::CreatePaddlePredictor(config);
  }

  // op type -> targets of the kernels picked for it, in program order.
  static std::vector<std::pair<std::string, TargetType>> Picked(lite_api::PaddlePredictor* p) {
    auto* pp = dynamic_cast<ProgramPredictor*>(p);
    EXPECT_NE(pp, nullptr);
    std::vector<std::pair<std::string, TargetType>> picked;
    if (!pp) return picked;
    for (const auto& inst : pp->runtime_program().instructions()) {
      picked.emplace_back(inst.op().Type(), inst.kernel().target());
    }
    return picked;
  }

  static std::string dir_;
  static ModelFiles files_;
};

std::string ConvX86PickTest::dir_;
ModelFiles ConvX86PickTest::files_;

const Place kHost(TargetType::kHost, PrecisionType::kFloat);
const Place kX86(TargetType::kX86, PrecisionType::kFloat);

TEST_F(ConvX86PickTest, HostOnlyPicksHostConv) {
  auto p = Create({kHost});
  int convs = 0;
  for (const auto& [type, target] : Picked(p.get())) {
    EXPECT_EQ(target, TargetType::kHost) << type;
    if (type == "conv2d") ++convs;
  }
  EXPECT_EQ(convs, 2);  // the sample model's 3x3 and 1x1 convs
}

TEST_F(ConvX86PickTest, X86AndHostPicksX86ConvAndMatchesHostOnly) {
  if (!lite::x86::CpuHasAvx2Fma()) GTEST_SKIP() << "CPU lacks AVX2+FMA: no x86 kernel is picked";
  auto host = Create({kHost});
  auto x86 = Create({kX86, kHost});
  int x86_convs = 0;
  for (const auto& [type, target] : Picked(x86.get())) {
    EXPECT_NE(type, "io_copy") << "host and x86 kernels share memory: no copy belongs here";
    if (type == "conv2d") {
      EXPECT_EQ(target, TargetType::kX86);
      ++x86_convs;
    } else if (type == "depthwise_conv2d") {
      EXPECT_EQ(target, TargetType::kX86);  // lite/kernels/x86/depthwise_conv_compute.cc
    } else if (type != "feed" && type != "fetch") {
      EXPECT_EQ(target, HasX86Kernel(type) ? TargetType::kX86 : TargetType::kHost) << type;
    }
  }
  EXPECT_EQ(x86_convs, 2);
  for (const lite_api::shape_t& shape : {lite_api::shape_t{1, 3, 32, 32}, {2, 3, 24, 40}}) {
    const std::vector<float> expected = RunOnce(host.get(), shape);
    const std::vector<float> actual = RunOnce(x86.get(), shape);
    ASSERT_EQ(actual.size(), expected.size());
    // Softmax probabilities after two convs (K <= 72): float reordering only.
    EXPECT_LE(MaxAbsDiff(actual, expected), 1e-5f);
  }
}

// Two threads through the predictor's pool, and a clone with its own pool, each run on its
// own app thread at once: same outputs as one thread (the split never changes a sum's
// order), and the host-only outputs up to float reordering.
TEST_F(ConvX86PickTest, TwoThreadsAndItsCloneOnConcurrentAppThreadsMatchOneThread) {
  if (!lite::x86::CpuHasAvx2Fma()) GTEST_SKIP() << "CPU lacks AVX2+FMA: no x86 kernel is picked";
  const lite_api::shape_t shape{2, 3, 32, 32};
  auto host = Create({kHost});
  auto single = Create({kX86, kHost}, 1);
  const std::vector<float> host_a = RunOnce(host.get(), shape, 1.f);
  const std::vector<float> host_b = RunOnce(host.get(), shape, -0.5f);
  const std::vector<float> single_a = RunOnce(single.get(), shape, 1.f);
  const std::vector<float> single_b = RunOnce(single.get(), shape, -0.5f);

  auto p = Create({kX86, kHost}, 2);
  auto clone = p->Clone();
  const ThreadPool* pools[2] = {nullptr, nullptr};
  lite_api::PaddlePredictor* predictors[2] = {p.get(), clone.get()};
  for (int i = 0; i < 2; ++i) {
    auto* pp = dynamic_cast<ProgramPredictor*>(predictors[i]);
    ASSERT_NE(pp, nullptr);
    for (const auto& inst : pp->runtime_program().instructions()) {
      if (inst.op().Type() != "conv2d") continue;
      pools[i] = inst.kernel().ctx().pool;
      ASSERT_NE(pools[i], nullptr);
      EXPECT_EQ(pools[i]->threads(), 2);
    }
  }
  EXPECT_NE(pools[0], pools[1]) << "a clone must get its own pool";

  std::vector<float> got_a, got_b;
  std::thread ta([&] {
    for (int i = 0; i < 20; ++i) got_a = RunOnce(p.get(), shape, 1.f);
  });
  std::thread tb([&] {
    for (int i = 0; i < 20; ++i) got_b = RunOnce(clone.get(), shape, -0.5f);
  });
  ta.join();
  tb.join();
  EXPECT_EQ(got_a, single_a);
  EXPECT_EQ(got_b, single_b);
  ASSERT_EQ(got_a.size(), host_a.size());
  EXPECT_LE(MaxAbsDiff(got_a, host_a), 1e-5f);
  EXPECT_LE(MaxAbsDiff(got_b, host_b), 1e-5f);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
