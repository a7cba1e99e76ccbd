// gather, one_hot_v2 and lookup_table_v2 on host. Indices (int32 or int64) are checked
// against their range before anything is read, so a bad index is an error, never a read
// out of bounds. gather moves X's elements as bits (any precision); one_hot_v2 writes its
// dtype; lookup_table_v2 reads float32 rows.
#include <algorithm>
#include <type_traits>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/typed_dispatch.h"
#include "lite/operators/index_ops.h"
#include "lite/operators/op_params.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class GatherCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::GatherParam>();
    const DDim& xd = param.x->dims();
    const int axis = operators::ResolveGatherAxis(param, op_type());
    const std::vector<int64_t> index = operators::ReadIntValues(*param.index, op_type(), "Index");
    for (int64_t i : index) {
      PLITE_CHECK(i >= 0 && i < xd[axis], "op '", op_type(), "': index ", i,
                  " is out of range [0, ", xd[axis], ") of axis ", axis, " of X ", xd);
    }
    const int64_t outer = xd.count(0, axis);
    const int64_t inner = xd.count(axis + 1, xd.size());
    const int64_t n = static_cast<int64_t>(index.size());
    const PrecisionType p = param.x->precision();
    VisitElementBits(p, op_type(), "X", [&](auto bits) {
      using U = decltype(bits);
      const U* in = BitsOf<U>(*param.x);
      U* out = MutableBitsOf<U>(param.out, p);
      for (int64_t o = 0; o < outer; ++o) {
        for (int64_t j = 0; j < n; ++j) {
          const U* src = in + (o * xd[axis] + index[j]) * inner;
          std::copy(src, src + inner, out + (o * n + j) * inner);
        }
      }
    });
  }
};

class OneHotV2Compute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::OneHotParam>();
    const int64_t depth = operators::ResolveOneHotDepth(param, op_type());
    const std::vector<int64_t> ids = operators::ReadIntValues(*param.x, op_type(), "X");
    for (int64_t id : ids) {
      PLITE_CHECK(param.allow_out_of_range || (id >= 0 && id < depth), "op '", op_type(),
                  "': index ", id, " is out of range [0, ", depth,
                  ") and allow_out_of_range is false");
    }
    VisitPrecision(param.dtype, op_type(), "Out", [&](auto tag) {
      using T = decltype(tag);
      T* out = param.out->mutable_data<T>();
      std::fill(out, out + param.out->numel(), static_cast<T>(0));
      for (size_t i = 0; i < ids.size(); ++i) {
        if (ids[i] >= 0 && ids[i] < depth) out[i * depth + ids[i]] = static_cast<T>(1);
      }
    });
  }
};

// padding_idx -1 is Paddle's "no padding": an id of -1 is then out of range.
inline bool IsPadding(const operators::LookupTableParam& p, int64_t id) {
  return p.padding_idx != -1 && id == p.padding_idx;
}

class LookupTableV2Compute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::LookupTableParam>();
    const int64_t rows = param.w->dims()[0];
    const int64_t width = param.w->dims()[1];
    const std::vector<int64_t> ids = operators::ReadIntValues(*param.ids, op_type(), "Ids");
    for (int64_t id : ids) {
      PLITE_CHECK(IsPadding(param, id) || (id >= 0 && id < rows), "op '", op_type(),
                  "': id ", id, " is out of range [0, ", rows, ") of W ", param.w->dims());
    }
    const float* w = param.w->data<float>();
    float* out = param.out->mutable_data<float>();
    for (size_t i = 0; i < ids.size(); ++i) {
      float* row = out + i * width;
      if (IsPadding(param, ids[i])) {
        std::fill(row, row + width, 0.f);
      } else {
        std::copy(w + ids[i] * width, w + (ids[i] + 1) * width, row);
      }
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_ANY_TY \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))
REGISTER_LITE_KERNEL(gather, kHost, kAny, kAny, paddle::lite::kernels::host::GatherCompute, def)
    .BindInput("X", {PLITE_ANY_TY})
    .BindInput("Index", {PLITE_ANY_TY})
    .BindInput("Axis", {PLITE_ANY_TY})
    .BindOutput("Out", {PLITE_ANY_TY})
    .Finalize();
REGISTER_LITE_KERNEL(one_hot_v2, kHost, kAny, kAny, paddle::lite::kernels::host::OneHotV2Compute, def)
    .BindInput("X", {PLITE_ANY_TY})
    .BindInput("depth_tensor", {PLITE_ANY_TY})
    .BindOutput("Out", {PLITE_ANY_TY})
    .Finalize();
REGISTER_LITE_KERNEL(lookup_table_v2, kHost, kFloat, kAny, paddle::lite::kernels::host::LookupTableV2Compute, def)
    .BindInput("W", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kAny))})
    .BindInput("Ids", {PLITE_ANY_TY})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kAny))})
    .Finalize();
