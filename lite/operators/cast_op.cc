#include "lite/operators/cast_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

PrecisionType CastDtypeToPrecision(int dtype) {
  switch (dtype) {
    case 0: return PrecisionType::kBool;
    case 1: return PrecisionType::kInt16;
    case 2: return PrecisionType::kInt32;
    case 3: return PrecisionType::kInt64;
    case 4: return PrecisionType::kFP16;
    case 5: return PrecisionType::kFloat;
    case 6: return PrecisionType::kFP64;
    case 20: return PrecisionType::kUInt8;
    case 21: return PrecisionType::kInt8;
    default: return PrecisionType::kUnk;
  }
}

bool CastOp::CheckShape() const {
  PLITE_CHECK(param_.x != nullptr && param_.out != nullptr, "cast: X and Out are required");
  return true;
}

bool CastOp::InferShapeImpl() const {
  param_.out->Resize(param_.x->dims());
  param_.out->set_lod(param_.x->lod());
  return true;
}

bool CastOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.in_dtype = desc.GetAttr<int32_t>("in_dtype");
  param_.out_dtype = desc.GetAttr<int32_t>("out_dtype");
  for (const char* name : {"in_dtype", "out_dtype"}) {
    const int dtype = std::string(name) == "in_dtype" ? param_.in_dtype : param_.out_dtype;
    PLITE_CHECK(CastDtypeToPrecision(dtype) != PrecisionType::kUnk, "cast: attribute ", name,
                " = ", dtype, " is not a supported data type (supported: 0 bool, 1 int16, ",
                "2 int32, 3 int64, 4 fp16, 5 fp32, 6 fp64, 20 uint8, 21 int8)");
  }
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(cast, paddle::lite::operators::CastOp);
