// Power-mode core choice: clusters read from a sysfs tree written by the test (a 4 + 4
// big.LITTLE phone), the cores each choice gives, and pinning a thread.
#include "lite/core/cpu_cores.h"

#include <gtest/gtest.h>
#include <sched.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "lite/core/thread_pool.h"
#include "lite/tests/model_parser/model_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

// cpu<N>/cpufreq/cpuinfo_max_freq for each core (kHz; 0: no file), plus the entries sysfs
// has beside the cores (cpufreq, cpuidle, online) that are not cores.
void WriteSysfs(const TempDir& dir, const std::vector<long>& max_khz) {
  fs::create_directories(dir / "cpufreq");
  fs::create_directories(dir / "cpuidle");
  std::ofstream(dir / "online") << "0-" << max_khz.size() - 1 << "\n";
  for (size_t i = 0; i < max_khz.size(); ++i) {
    const std::string core = dir / ("cpu" + std::to_string(i));
    fs::create_directories(core + "/cpufreq");
    if (max_khz[i] > 0) std::ofstream(core + "/cpufreq/cpuinfo_max_freq") << max_khz[i] << "\n";
  }
}

CpuClusters Phone() {
  CpuClusters c;
  c.big = {4, 5, 6, 7};
  c.little = {0, 1, 2, 3};
  return c;
}

TEST(CpuClusters, FastestCoresAreBig) {
  TempDir dir;
  WriteSysfs(dir, {1800000, 1800000, 1800000, 1800000, 2400000, 2400000, 2400000, 2400000});
  const CpuClusters c = ReadCpuClusters(dir.path());
  EXPECT_EQ(c.big, (std::vector<int>{4, 5, 6, 7}));
  EXPECT_EQ(c.little, (std::vector<int>{0, 1, 2, 3}));
}

TEST(CpuClusters, OneFrequencyIsOneBigCluster) {
  TempDir dir;
  WriteSysfs(dir, {2000000, 2000000});
  const CpuClusters c = ReadCpuClusters(dir.path());
  EXPECT_EQ(c.big, (std::vector<int>{0, 1}));
  EXPECT_TRUE(c.little.empty());
}

TEST(CpuClusters, AMissingFrequencyOrDirectoryIsUnknown) {
  TempDir dir;
  WriteSysfs(dir, {1800000, 0, 2400000});
  EXPECT_FALSE(ReadCpuClusters(dir.path()).known());
  EXPECT_FALSE(ReadCpuClusters(dir / "absent").known());
}

TEST(BindingFor, EachChoiceTakesItsClusterCappedAtItsSize) {
  const CpuClusters c = Phone();
  EXPECT_EQ(BindingFor(c, CoreChoice::kBig, 2).cores, (std::vector<int>{4, 5}));
  EXPECT_EQ(BindingFor(c, CoreChoice::kLittle, 3).cores, (std::vector<int>{0, 1, 2}));
  const ThreadBinding big8 = BindingFor(c, CoreChoice::kBig, 8);
  EXPECT_EQ(big8.threads, 4);
  EXPECT_EQ(big8.cores, (std::vector<int>{4, 5, 6, 7}));
  const ThreadBinding all = BindingFor(c, CoreChoice::kAll, 6);
  EXPECT_EQ(all.threads, 6);
  EXPECT_EQ(all.cores, (std::vector<int>{4, 5, 6, 7, 0, 1}));
  const ThreadBinding none = BindingFor(c, CoreChoice::kNoBinding, 6);
  EXPECT_EQ(none.threads, 6);
  EXPECT_TRUE(none.cores.empty());
}

TEST(BindingFor, RotationWalksThroughTheCluster) {
  const CpuClusters c = Phone();
  EXPECT_EQ(BindingFor(c, CoreChoice::kBig, 2, 1).cores, (std::vector<int>{5, 6}));
  EXPECT_EQ(BindingFor(c, CoreChoice::kBig, 2, 3).cores, (std::vector<int>{7, 4}));
  EXPECT_EQ(BindingFor(c, CoreChoice::kLittle, 1, 6).cores, (std::vector<int>{2}));
}

TEST(BindingFor, MissingClusterFallsBackAndUnknownMachineDoesNotBind) {
  CpuClusters one;
  one.big = {0, 1};
  EXPECT_EQ(BindingFor(one, CoreChoice::kLittle, 2).cores, (std::vector<int>{0, 1}));
  const ThreadBinding unknown = BindingFor(CpuClusters{}, CoreChoice::kBig, 3);
  EXPECT_EQ(unknown.threads, 3);
  EXPECT_TRUE(unknown.cores.empty());
}

int CoreOfThisThread() { return sched_getcpu(); }

TEST(Pinning, ScopedPinHoldsTheThreadOnItsCoreAndRestoresAfter) {
  cpu_set_t before;
  ASSERT_EQ(sched_getaffinity(0, sizeof(before), &before), 0);
  {
    ScopedThreadPin pin(0);
    for (int i = 0; i < 100; ++i) ASSERT_EQ(CoreOfThisThread(), 0);
    cpu_set_t during;
    ASSERT_EQ(sched_getaffinity(0, sizeof(during), &during), 0);
    EXPECT_EQ(CPU_COUNT(&during), 1);
  }
  cpu_set_t after;
  ASSERT_EQ(sched_getaffinity(0, sizeof(after), &after), 0);
  EXPECT_TRUE(CPU_EQUAL(&before, &after));
}

TEST(Pinning, PoolWorkersRunOnTheirCores) {
  ThreadPool pool(2, {0, 0});
  ScopedThreadPin caller(pool.caller_core());
  std::vector<int> cores(64, -1);
  pool.ParallelFor(64, [&](int i) { cores[i] = CoreOfThisThread(); });
  for (int core : cores) EXPECT_EQ(core, 0);
  EXPECT_EQ(pool.caller_core(), 0);
  EXPECT_EQ(ThreadPool(2).caller_core(), -1);
}

TEST(Pinning, ACoreTheOsRefusesIsReportedNotFatal) {
  EXPECT_FALSE(PinThisThread(CPU_SETSIZE + 1));
  EXPECT_FALSE(PinThisThread(-1));
  ThreadPool pool(2, {0, CPU_SETSIZE - 1});  // the worker warns and runs unpinned
  std::atomic<int> runs{0};
  pool.ParallelFor(64, [&](int) { runs.fetch_add(1); });
  EXPECT_EQ(runs.load(), 64);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
