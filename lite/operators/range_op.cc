#include "lite/operators/range_op.h"

#include <cmath>
#include <cstdlib>
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
    return (std::llabs(end - start) + std::llabs(step) - 1) / std::llabs(step);
  } else {
    return static_cast<int64_t>(std::ceil(std::fabs((end - start) / step)));
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
