// reduce_sum / reduce_mean / reduce_max / reduce_min (float) on x86. Dims of size 1 are
// dropped and neighbours that are both reduced or both kept merged; when the reduced dims
// then form one block, X is [outer, count, inner] and each output is one AVX2 row
// reduction (inner == 1) or a column reduction of a [count, inner] block
// (reduce_avx2.h), outer slices split over the pool. Other patterns (reduced dims with kept
// ones between them) run by the host kernel's general walk, here in float. Registered only
// for CPUs with AVX2+FMA; the host kernel (sums in double) is the reference.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/vec/reduce_avx2.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/operators/reduce_ops.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace math = lite::x86::math;

namespace {

// X's dims with size-1 dims dropped and neighbours of the same kind merged.
struct Group {
  int64_t size;
  bool reduced;
};

std::vector<Group> MergedGroups(const DDim& dims, const std::vector<bool>& reduced) {
  std::vector<Group> groups;
  for (size_t d = 0; d < dims.size(); ++d) {
    if (dims[d] == 1) continue;
    if (!groups.empty() && groups.back().reduced == reduced[d]) {
      groups.back().size *= dims[d];
    } else {
      groups.push_back({dims[d], reduced[d]});
    }
  }
  return groups;
}

}  // namespace

class ReduceCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void PrepareForRun() override {
    const std::string& type = op_type();
    mean_ = type == "reduce_mean";
    if (type == "reduce_sum" || mean_) {
      kind_ = math::ReduceKind::kSum;
    } else if (type == "reduce_max") {
      kind_ = math::ReduceKind::kMax;
    } else if (type == "reduce_min") {
      kind_ = math::ReduceKind::kMin;
    } else {
      PLITE_THROW("x86 reduce kernel: no loop for op type '", type, "'");
    }
  }

  void Run() override {
    auto& param = Param<operators::ReduceParam>();
    const std::string& type = op_type();
    for (int dtype : {param.in_dtype, param.out_dtype}) {
      PLITE_CHECK(dtype == -1 || dtype == 5, "op '", type, "': dtype ", dtype,
                  " differs from X's float32 (casting is not supported)");
    }
    const DDim& dims = param.x->dims();
    const std::vector<bool> reduced = operators::ReducedAxes(param, dims.size(), type);
    const int64_t total = dims.production();
    int64_t count = 1;  // elements folded into each output
    for (size_t d = 0; d < dims.size(); ++d) {
      if (reduced[d]) count *= dims[d];
    }
    const int64_t outputs = count == 0 ? param.out->numel() : total / count;
    float* out = param.out->mutable_data<float>();
    if (count == 0) {  // an empty reduction
      PLITE_CHECK(kind_ == math::ReduceKind::kSum, "op '", type, "': the reduced dims of X",
                  dims, " are empty");
      std::fill(out, out + outputs, mean_ ? std::numeric_limits<float>::quiet_NaN() : 0.f);
      return;
    }
    const float* x = param.x->data<float>();
    const std::vector<Group> groups = MergedGroups(dims, reduced);
    int reduced_groups = 0;
    for (const Group& g : groups) reduced_groups += g.reduced ? 1 : 0;
    if (reduced_groups <= 1) {
      RunBlock(groups, x, count, out);
    } else {
      RunGeneral(dims, reduced, x, count, outputs, out);
    }
    if (mean_) {
      const float scale = 1.f / static_cast<float>(count);
      for (int64_t i = 0; i < outputs; ++i) out[i] *= scale;
    }
  }

 private:
  // X as [outer, count, inner] (the reduced dims one block, or none: count 1).
  void RunBlock(const std::vector<Group>& groups, const float* x, int64_t count, float* out) {
    int64_t outer = 1, inner = 1;
    bool after = false;
    for (const Group& g : groups) {
      if (g.reduced) {
        after = true;
      } else {
        (after ? inner : outer) *= g.size;
      }
    }
    const int threads = ctx().pool ? ctx().pool->threads() : 1;
    const int64_t worth = outer * count * inner / (32 * 1024);
    const int parts =
        static_cast<int>(std::max<int64_t>(1, std::min<int64_t>({threads, outer, worth})));
    ParallelTasks(ctx(), parts, [&](int t) {
      const int64_t o0 = outer * t / parts, o1 = outer * (t + 1) / parts;
      if (inner == 1) {
        math::ReduceRowsAvx2(x + o0 * count, o1 - o0, count, kind_, out + o0);
        return;
      }
      for (int64_t o = o0; o < o1; ++o) {
        math::ReduceColumnsAvx2(x + o * count * inner, count, inner, kind_, out + o * inner);
      }
    });
  }

  // The host kernel's walk: each element folded into the output its kept coordinates give.
  void RunGeneral(const DDim& dims, const std::vector<bool>& reduced, const float* x,
                  int64_t count, int64_t outputs, float* out) {
    const size_t rank = dims.size();
    std::vector<int64_t> out_stride(rank, 0);
    int64_t stride = 1;
    for (size_t d = rank; d-- > 0;) {
      if (!reduced[d]) {
        out_stride[d] = stride;
        stride *= dims[d];
      }
    }
    std::vector<bool> seen(static_cast<size_t>(outputs), false);
    std::vector<int64_t> index(rank, 0);
    int64_t o = 0;
    for (int64_t i = 0; i < outputs * count; ++i) {
      if (!seen[o]) {
        out[o] = x[i];
        seen[o] = true;
      } else if (kind_ == math::ReduceKind::kSum) {
        out[o] += x[i];
      } else if (kind_ == math::ReduceKind::kMax) {
        out[o] = std::max(out[o], x[i]);
      } else {
        out[o] = std::min(out[o], x[i]);
      }
      for (size_t d = rank; d-- > 0;) {
        o += out_stride[d];
        if (++index[d] < dims[d]) break;
        o -= out_stride[d] * dims[d];
        index[d] = 0;
      }
    }
  }

  math::ReduceKind kind_{math::ReduceKind::kSum};
  bool mean_{false};
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS((reduce_sum, reduce_mean, reduce_max, reduce_min), kX86, kFloat, kNCHW, paddle::lite::kernels::x86::ReduceCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
