// The floating-point environment of runs (lite/core/float_env.h): ScopedFlushDenormals sets
// FTZ and DAZ and gives the caller's word back; the pool's workers run each job with the
// word of the thread that started it; a program's Run flushes subnormal results to zero on
// x86 and leaves the app's thread as it found it.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "lite/core/float_env.h"
#include "lite/core/thread_pool.h"
#include "lite/tests/core/program_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

#if defined(__x86_64__) || defined(__i386__)
constexpr bool kX86 = true;
#else
constexpr bool kX86 = false;
#endif
constexpr uint32_t kFtzDaz = 0x8040;

// 2^-126 * 2^-10: a product the compiler cannot fold (volatile operands).
float SubnormalProduct() {
  volatile float a = std::numeric_limits<float>::min();
  volatile float b = 1.f / 1024;
  return a * b;
}

TEST(FloatEnv, ScopedFlushSetsFtzDazAndRestores) {
  if (!kX86) GTEST_SKIP() << "no MXCSR on this CPU: the scope does nothing";
  const uint32_t before = FloatControl();
  EXPECT_GT(SubnormalProduct(), 0.f);
  {
    const ScopedFlushDenormals flush;
    EXPECT_EQ(FloatControl() & kFtzDaz, kFtzDaz);
    EXPECT_EQ(SubnormalProduct(), 0.f);
  }
  EXPECT_EQ(FloatControl(), before);
  EXPECT_GT(SubnormalProduct(), 0.f);
}

TEST(FloatEnv, PoolWorkersTakeTheCallersWord) {
  ThreadPool pool(3);
  for (bool flush : {true, false, true}) {
    std::unique_ptr<ScopedFlushDenormals> scope;
    if (flush) scope = std::make_unique<ScopedFlushDenormals>();
    const uint32_t caller = FloatControl();
    std::vector<uint32_t> seen(64);
    std::vector<float> products(64);
    pool.ParallelFor(64, [&](int i) {
      seen[i] = FloatControl();
      products[i] = SubnormalProduct();
    });
    for (int i = 0; i < 64; ++i) {
      ASSERT_EQ(seen[i], caller) << "task " << i << (flush ? " flushing" : "");
      ASSERT_EQ(products[i] == 0.f, kX86 && flush) << "task " << i;
    }
  }
}

// x * 2^-10 of the smallest normal float: 0 in a run on x86, the caller's word unchanged.
TEST(FloatEnv, RunsFlushSubnormalResults) {
  Builder b({1, 4});
  cpp::OpDesc& scale = b.Op("scale", {{"X", "x"}}, {{"Out", "y"}});
  scale.SetAttr<float>("scale", 1.f / 1024);
  b.Fetch("y", 0);
  const float tiny = std::numeric_limits<float>::min();
  const uint32_t before = FloatControl();
  auto o = Optimize(b.program(), kHostOnly, true);
  const std::vector<float> y = o->Run(DDim({1, 4}), {tiny, -tiny, 1.f, 0.f});
  EXPECT_EQ(FloatControl(), before);
  ASSERT_EQ(y.size(), 4u);
  EXPECT_EQ(y[0] == 0.f && y[1] == 0.f, kX86) << y[0] << " " << y[1];
  EXPECT_EQ(y[2], 1.f / 1024);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
