// The x86 kernels' names for the shared pool helpers (lite/core/parallel_ranges.h).
#pragma once

#include "lite/core/parallel_ranges.h"
#include "lite/kernels/x86/context_threads.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

using ::paddle::lite::ParallelRanges;

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
