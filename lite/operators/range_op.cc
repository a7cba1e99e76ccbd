#include "lite/operators/range_op.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <type_traits>

#include "lite/core/op_registry.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {
template <typename T>
int64_t RangeLength(T start, T end, T step, const std::string& op) {
  PLITE_CHECK(step != 0, "op '", op, "': Step must not be 0");
  PLITE_CHECK(!(start < end && step < 0) && !(start > end && step > 0), "op '", op,
              "': Step ", step, " points away from End ", end, " (Start ", start, ")");
  if constexpr (std::is_integral_v<T>) {
    // In unsigned arithmetic: |end - start| and |step| may not fit in int64.
    const uint64_t span = start < end ? static_cast<uint64_t>(end) - static_cast<uint64_t>(start)
                                      : static_cast<uint64_t>(start) - static_cast<uint64_t>(end);
    const uint64_t stride = step > 0 ? static_cast<uint64_t>(step) : 0 - static_cast<uint64_t>(step);
    const uint64_t n = span / stride + (span % stride != 0);
    PLITE_CHECK(n <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max()), "op '", op,
                "': Start ", start, ", End ", end, " and Step ", step,
                " give a length beyond int64");
    return static_cast<int64_t>(n);
  } else {
    // In T, as Paddle computes it: a double quotient can round to another length.
    const double n = std::ceil(std::fabs((end - start) / step));
    PLITE_CHECK(std::isfinite(n) && n < 9.0e18, "op '", op, "': Start ", start, ", End ", end,
                " and Step ", step, " give no finite length");
    return static_cast<int64_t>(n);
  }
}
}  // namespace

bool RangeOp::CheckShape() const {
  const PrecisionType p = param_.start->precision();
  PLITE_CHECK(p == PrecisionType::kFloat || p == PrecisionType::kInt32 ||
                  p == PrecisionType::kInt64,
              "op '", Type(), "': Start must be float32, int32 or int64, got ",
              lite_api::PrecisionToStr(p));
  for (const Tensor* t : {param_.start, param_.end, param_.step}) {
    PLITE_CHECK(t->precision() == p, "op '", Type(), "': Start, End and Step must share one ",
                "type, got ", lite_api::PrecisionToStr(p), " and ",
                lite_api::PrecisionToStr(t->precision()));
    PLITE_CHECK(t->numel() == 1, "op '", Type(), "': Start, End and Step must hold one value, ",
                "got dims ", t->dims());
  }
  return true;
}

bool RangeOp::InferShapeImpl() const {
  int64_t n = 0;
  if (param_.start->precision() == PrecisionType::kFloat) {
    n = RangeLength(param_.start->data<float>()[0], param_.end->data<float>()[0],
                    param_.step->data<float>()[0], Type());
  } else {
    n = RangeLength(ReadIntValues(*param_.start, Type(), "Start")[0],
                    ReadIntValues(*param_.end, Type(), "End")[0],
                    ReadIntValues(*param_.step, Type(), "Step")[0], Type());
  }
  param_.out->Resize(DDim({n}));
  return true;
}

bool RangeOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = RangeParam();
  param_.start = GetInputTensor(desc, scope, "Start");
  param_.end = GetInputTensor(desc, scope, "End");
  param_.step = GetInputTensor(desc, scope, "Step");
  param_.out = GetOutputTensor(desc, scope, "Out");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(range, paddle::lite::operators::RangeOp);
