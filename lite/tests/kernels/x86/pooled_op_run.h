// Running one op with a kernel whose context holds a thread pool, as a predictor with
// threads > 1 does (OpRunner's kernels run without a pool).
#pragma once

#include <memory>

#include "lite/core/op_registry.h"
#include "lite/core/scope.h"
#include "lite/core/thread_pool.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {

// Attaches `desc` to the tensors in `scope`, then runs InferShape and the kernel registered
// for `place` twice; `pool` may be null (single thread).
inline void RunOpWithPool(const cpp::OpDesc& desc, Scope* scope, const Place& place,
                          ThreadPool* pool) {
  std::unique_ptr<OpLite> op = OpRegistry::Global().Create(desc.Type());
  op->Attach(desc, scope);
  const KernelInfo* info = FindKernel(desc.Type(), place);
  PLITE_CHECK(info != nullptr, "no kernel for ", desc.Type(), " at ", place.DebugString());
  std::unique_ptr<KernelBase> kernel = KernelRegistry::Create(*info);
  op->AttachKernel(kernel.get());
  KernelContext ctx;
  ctx.pool = pool;
  ctx.threads = pool ? pool->threads() : 1;
  kernel->SetContext(&ctx);
  for (int i = 0; i < 2; ++i) {
    op->InferShape();
    kernel->Launch();
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
