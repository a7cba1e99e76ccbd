// concat on ARM, any axis (attribute or AxisTensor), for element type T (float, and fp16
// storage: lite/kernels/arm/fp16/concat_compute.cc): the output is, for every outer index,
// each input's run along the axis laid end to end, so it is filled as one sequence of memcpy
// segments; the output is split into equal ranges over the predictor's pool, each thread
// copying the segments that fall in its range.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/core/parallel_ranges.h"
#include "lite/operators/concat_op.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

template <typename T, PrecisionType Precision>
class ConcatCompute : public KernelLite<TargetType::kARM, Precision> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::ConcatParam>();
    const DDim& out_dims = param.output->dims();
    const int axis = operators::ResolveConcatAxis(param, out_dims.size(), this->op_type());
    const int64_t inner = out_dims.count(axis + 1, out_dims.size());
    const int64_t out_run = out_dims[axis] * inner;
    inputs_.clear();
    for (const Tensor* x : param.x) {
      const int64_t run = x->dims()[axis] * inner;
      inputs_.push_back({run > 0 ? x->template data<T>() : nullptr, run});
    }
    T* out = param.output->template mutable_data<T>();
    // A second thread pays from about 64 KB copied (measured on x86: x86/copy_threads.h).
    ParallelRanges(this->ctx(), out_dims.count(0, axis) * out_run, 1 << 14,
                   [&](int64_t begin, int64_t end) { CopyRange(out, out_run, begin, end); });
  }

 private:
  struct Input {
    const T* data;
    int64_t run;  // its elements per outer index
  };

  // Fills out[begin, end): the segment at each position is the input whose run covers it.
  void CopyRange(T* out, int64_t out_run, int64_t begin, int64_t end) const {
    int64_t pos = begin;
    while (pos < end) {
      const int64_t outer = pos / out_run;
      int64_t offset = pos % out_run;  // within the outer index's output run
      for (const Input& in : inputs_) {
        if (offset >= in.run) {
          offset -= in.run;
          continue;
        }
        const int64_t n = std::min(in.run - offset, end - pos);
        std::memcpy(out + pos, in.data + outer * in.run + offset, n * sizeof(T));
        pos += n;
        if (pos == end) break;
        offset = 0;
      }
    }
  }

  std::vector<Input> inputs_;  // kept across runs: no allocation once warm
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
