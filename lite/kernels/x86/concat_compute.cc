// concat (float) on x86: the host kernel's memcpy runs (each input's slice of every outer
// index, laid end to end), cut into pieces of at most kConcatPiece floats and split over the
// predictor's pool when big enough (SqueezeNet's fire-module concats, 2 x 64x56x56, ran on
// one thread at 2 threads). The host kernel (also int32/int64) is the reference.
#include <algorithm>
#include <cstring>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/kernels/x86/nchw16c_layout.h"
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

// Copies each input's run of `runs[i]` floats of every outer index into its place in the
// output's run of `out_run` floats, in pieces split over the context's pool.
class ConcatRuns {
 public:
  void Copy(const KernelContext& ctx, const std::vector<const float*>& inputs,
            const std::vector<int64_t>& runs, int64_t outer, int64_t out_run, float* out) {
    pieces_.clear();
    int64_t offset = 0;
    for (size_t i = 0; i < inputs.size(); ++i) {
      for (int64_t o = 0; o < outer && runs[i] > 0; ++o) {
        for (int64_t start = 0; start < runs[i]; start += kConcatPiece) {
          pieces_.push_back({inputs[i] + o * runs[i] + start, out + o * out_run + offset + start,
                             std::min(kConcatPiece, runs[i] - start)});
        }
      }
      offset += runs[i];
    }
    const int64_t count = static_cast<int64_t>(pieces_.size());
    if (count == 0) return;
    const int tasks =
        CopyThreads(ctx, 2 * outer * out_run * static_cast<int64_t>(sizeof(float)), count);
    ParallelTasks(ctx, tasks, [&](int t) {
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

class ConcatCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::ConcatParam>();
    const DDim& out_dims = param.output->dims();
    const int axis = operators::ResolveConcatAxis(param, out_dims.size(), op_type());
    const int64_t inner = out_dims.count(axis + 1, out_dims.size());
    std::vector<const float*> inputs;
    std::vector<int64_t> runs;
    for (const Tensor* x : param.x) {
      runs.push_back(x->dims()[axis] * inner);
      inputs.push_back(runs.back() > 0 ? x->data<float>() : nullptr);
    }
    copy_.Copy(ctx(), inputs, runs, out_dims.count(0, axis), out_dims[axis] * inner,
               param.output->mutable_data<float>());
  }

 private:
  ConcatRuns copy_;
};

// Along the channels of NCHW16c inputs: each image's blocks of one input are one run of
// blocks(C_i) * 16 * H * W floats. Every input but the last must have whole blocks (its
// padding lanes would land inside the output's channels); the registration applies to
// only those.
class ConcatBlockedCompute
    : public KernelLite<TargetType::kX86, PrecisionType::kFloat, DataLayoutType::kNCHW16c> {
 public:
  void Run() override {
    auto& param = Param<operators::ConcatParam>();
    const char* who = "concat (x86 NCHW16c)";
    const DDim& out_dims = param.output->dims();
    const int axis = operators::ResolveConcatAxis(param, out_dims.size(), op_type());
    PLITE_CHECK(axis == 1, who, ": joins channels (axis 1) only, got axis ", axis);
    const int64_t plane = out_dims[2] * out_dims[3] * kChannelBlock;
    std::vector<const float*> inputs;
    std::vector<int64_t> runs;
    for (size_t i = 0; i < param.x.size(); ++i) {
      const Tensor& x = *param.x[i];
      inputs.push_back(BlockedData(x, who));
      PLITE_CHECK(i + 1 == param.x.size() || x.dims()[1] % kChannelBlock == 0, who, ": input ",
                  i, " ", x.dims(), " has channels off the 16-channel blocks; only the last may");
      runs.push_back(ChannelBlocks(x.dims()[1]) * plane);
    }
    copy_.Copy(ctx(), inputs, runs, out_dims[0], ChannelBlocks(out_dims[1]) * plane,
               MutableBlockedData(param.output, TargetType::kX86));
  }

 private:
  ConcatRuns copy_;
};

// Where the blocked kernel applies: along channels (axis 1, not given by a tensor), every
// input but the last on whole blocks; it writes the sum of their channels.
bool AppliesToBlockedConcat(const KernelOpView& op) {
  const int axis = op.desc().GetAttrOr<int>("axis", 0);
  if ((axis != 1 && axis != -3) || !op.desc().Input("AxisTensor").empty()) return false;
  const std::vector<std::string>& inputs = op.desc().Input("X");
  for (size_t i = 0; i < inputs.size(); ++i) {
    const int64_t channels = op.Channels(inputs[i]);
    if (channels <= 0 || (i + 1 < inputs.size() && channels % kChannelBlock != 0)) return false;
  }
  return !inputs.empty();
}

int64_t ConcatChannels(const KernelOpView& op) {
  int64_t sum = 0;
  for (const std::string& x : op.desc().Input("X")) sum += op.Channels(x);
  return sum;
}

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
#define PLITE_X86_BLOCKED_TY \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW16c))
REGISTER_LITE_KERNEL(concat, kX86, kFloat, kNCHW16c, paddle::lite::kernels::x86::ConcatBlockedCompute, def)
    .BindInput("X", {PLITE_X86_BLOCKED_TY})
    .BindInput("AxisTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {PLITE_X86_BLOCKED_TY})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Applies(paddle::lite::kernels::x86::AppliesToBlockedConcat)
    .BlockedChannels(paddle::lite::kernels::x86::ConcatChannels)
    .Finalize();
