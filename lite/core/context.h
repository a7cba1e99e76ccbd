// Per-predictor runtime context handed to kernels (threads now; thread pools, OpenCL
// queues and scratch space plug in here per target).
#pragma once

namespace paddle {
namespace lite {

class ThreadPool;

struct KernelContext {
  int threads{1};
  // The predictor's worker pool (threads() == threads), owned by its RuntimeProgram; kernels
  // split work with pool->ParallelFor. Null when the kernel runs outside a program (tests).
  ThreadPool* pool{nullptr};
};

}  // namespace lite
}  // namespace paddle
