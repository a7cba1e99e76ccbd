// Per-predictor runtime context handed to kernels (threads now; thread pools, OpenCL
// queues and scratch space plug in here per target).
#pragma once

namespace paddle {
namespace lite {

struct KernelContext {
  int threads{1};
};

}  // namespace lite
}  // namespace paddle
