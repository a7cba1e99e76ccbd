// concat (float) on x86: the host kernel's memcpy runs (each input's slice of every outer
// index, laid end to end), cut into pieces of at most kConcatPiece floats and split over the
// predictor's pool when big enough (SqueezeNet's fire-module concats, 2 x 64x56x56, ran on
// one thread at 2 threads). The host kernel (also int32/int64) is the reference.
#include <algorithm>
#include <cstring>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/core/blocked_layout.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/kernels/x86/copy_threads.h"
#include "lite/operators/concat_op.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

constexpr int64_t kConcatPiece = 16 * 1024;

class ConcatCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::ConcatParam>();
    const DDim& out_dims = param.output->dims();
    const int axis = operators::ResolveConcatAxis(param, out_dims.size(), op_type());
    const int64_t outer = out_dims.count(0, axis);
    const int64_t inner = out_dims.count(axis + 1, out_dims.size());
    const int64_t out_run = out_dims[axis] * inner;
    float* out = param.output->mutable_data<float>();

    pieces_.clear();
    int64_t axis_offset = 0;
    for (const Tensor* x : param.x) {
      const int64_t run = x->dims()[axis] * inner;
      if (run > 0) {
        const float* in = x->data<float>();
        for (int64_t o = 0; o < outer; ++o) {
          for (int64_t start = 0; start < run; start += kConcatPiece) {
            pieces_.push_back({in + o * run + start, out + o * out_run + axis_offset + start,
                               std::min(kConcatPiece, run - start)});
          }
        }
      }
      axis_offset += run;
    }
    const int64_t count = static_cast<int64_t>(pieces_.size());
    if (count == 0) return;
    const int tasks = CopyThreads(
        ctx(), 2 * param.output->numel() * static_cast<int64_t>(sizeof(float)), count);
    ParallelTasks(ctx(), tasks, [&](int t) {
      int64_t begin, end;
      TaskRange(count, t, tasks, &begin, &end);
      for (int64_t p = begin; p < end; ++p) {
        std::memcpy(pieces_[p].dst, pieces_[p].src, pieces_[p].n * sizeof(float));
      }
    });
  }

 private:
  struct Piece {
    const float* src;
    float* dst;
    int64_t n;
  };
  std::vector<Piece> pieces_;  // kept across runs: no allocation once warm
};

// Along the channels of NCHW16c inputs whose channels are whole blocks
// (x86_blocked_layout_pass sends only those): each image's blocks of one input are one
// run of C_i * H * W floats, as in NCHW, so the same copies build the blocked output.
class ConcatBlockedCompute : public ConcatCompute {
 public:
  DataLayoutType layout() const override { return DataLayoutType::kNCHW16c; }
  void Run() override {
    auto& param = Param<operators::ConcatParam>();
    const char* who = "concat (x86 NCHW16c)";
    for (const Tensor* x : param.x) CheckWholeChannelBlocks(*x, who);
    const int axis = operators::ResolveConcatAxis(param, param.output->dims().size(), op_type());
    PLITE_CHECK(axis == 1, who, ": joins channels (axis 1) only, got axis ", axis);
    ConcatCompute::Run();
    param.output->set_layout(DataLayoutType::kNCHW16c);
  }
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(concat, kX86, kFloat, kNCHW, paddle::lite::kernels::x86::ConcatCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat))})
    .BindInput("AxisTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
REGISTER_LITE_KERNEL(concat, kX86, kFloat, kNCHW16c, paddle::lite::kernels::x86::ConcatBlockedCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW16c))})
    .BindInput("AxisTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW16c))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
