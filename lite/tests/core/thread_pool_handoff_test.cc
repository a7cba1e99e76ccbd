// ThreadPool hand-off details: jobs right after each other (a worker waking late for one
// job must not run or repeat tasks of the next), jobs after the workers went to sleep, more
// tasks than one claim word holds, exceptions between jobs, lambdas with large captures.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "lite/core/thread_pool.h"

namespace paddle {
namespace lite {
namespace {

TEST(ThreadPoolHandoff, BackToBackJobsEachTaskOnce) {
  ThreadPool pool(2);
  std::vector<int> hits(64, 0);
  for (int job = 0; job < 20000; ++job) {
    const int tasks = 1 + job % 5;
    std::atomic<int> done{0};
    pool.ParallelFor(tasks, [&](int i) {
      hits[(job % 8) * 8 + i] += 1;
      done.fetch_add(1);
    });
    ASSERT_EQ(done.load(), tasks) << "job " << job;
  }
  int total = 0;
  for (int h : hits) total += h;
  int expected = 0;
  for (int job = 0; job < 20000; ++job) expected += 1 + job % 5;
  EXPECT_EQ(total, expected);
}

TEST(ThreadPoolHandoff, JobsAfterTheWorkersWentToSleep) {
  ThreadPool pool(3);
  for (int round = 0; round < 4; ++round) {
    // Longer than the spin bound: the workers block on the condition variable.
    std::this_thread::sleep_for(std::chrono::microseconds(ThreadPool::kSpinMicros * 30));
    std::atomic<int> sum{0};
    pool.ParallelFor(100, [&](int i) { sum.fetch_add(i); });
    EXPECT_EQ(sum.load(), 4950);
  }
}

TEST(ThreadPoolHandoff, MoreTasksThanOneClaimWordHolds) {
  ThreadPool pool(2);
  const int tasks = (1 << 20) + 37;  // the claim word counts 20 bits of tasks
  std::vector<unsigned char> hit(tasks, 0);
  pool.ParallelFor(tasks, [&](int i) { hit[i] += 1; });
  int once = 0;
  for (unsigned char h : hit) once += h == 1;
  EXPECT_EQ(once, tasks);
}

TEST(ThreadPoolHandoff, ExceptionsBetweenJobsLeaveThePoolUsable) {
  ThreadPool pool(2);
  for (int r = 0; r < 300; ++r) {
    if (r % 3 == 0) {
      EXPECT_THROW(pool.ParallelFor(4,
                                    [&](int i) {
                                      if (i == r % 4) throw std::runtime_error("task failed");
                                    }),
                   std::runtime_error);
    } else {
      std::atomic<int> n{0};
      pool.ParallelFor(4, [&](int) { n.fetch_add(1); });
      ASSERT_EQ(n.load(), 4) << "round " << r;
    }
  }
}

TEST(ThreadPoolHandoff, LargeCapturesAndStdFunction) {
  ThreadPool pool(2);
  double big[32];
  for (int i = 0; i < 32; ++i) big[i] = i;
  std::vector<double> out(32, 0.0);
  pool.ParallelFor(32, [big, &out](int i) { out[i] = big[i] * 2; });
  for (int i = 0; i < 32; ++i) EXPECT_EQ(out[i], 2.0 * i);
  std::function<void(int)> f = [&](int i) { out[i] = -i; };
  pool.ParallelFor(32, f);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(out[i], -i);
}

}  // namespace
}  // namespace lite
}  // namespace paddle
