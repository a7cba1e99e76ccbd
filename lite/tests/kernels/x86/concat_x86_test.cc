// concat on x86: the shared cases (backend_cases/concat_vs_host.cc) at the x86 place, and a
// large copy taking both threads of a 2-thread pool.
#include <gtest/gtest.h>

#include "lite/kernels/x86/copy_threads.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, ConcatVsHost, ::testing::Values(X86Backend()), KernelBackendName);

using ConcatX86 = X86KernelTest;

TEST_F(ConcatX86, LargeCopiesTakeEveryThread) {
  ThreadPool pool(2);
  KernelContext ctx;
  ctx.pool = &pool;
  EXPECT_EQ(kernels::x86::CopyThreads(ctx, 2 * 4 * 2 * 64 * 56 * 56, 25), 2);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
