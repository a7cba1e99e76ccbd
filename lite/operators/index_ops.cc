#include "lite/operators/index_ops.h"

#include "lite/core/op_registry.h"
#include "lite/operators/paddle_dtype.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {
void CheckIntegerInput(const Tensor& t, const std::string& op, const std::string& arg) {
  PLITE_CHECK(t.precision() == PrecisionType::kInt32 || t.precision() == PrecisionType::kInt64,
              "op '", op, "': input '", arg, "' must hold int32 or int64 values, got ",
              lite_api::PrecisionToStr(t.precision()));
}

// A one-value int tensor input.
int64_t ReadScalar(const Tensor& t, const std::string& op, const std::string& arg) {
  const std::vector<int64_t> v = ReadIntValues(t, op, arg);
  PLITE_CHECK(v.size() == 1, "op '", op, "': input '", arg, "' must hold one value, has dims ",
              t.dims());
  return v[0];
}
}  // namespace

// ---- gather
int ResolveGatherAxis(const GatherParam& param, const std::string& op) {
  const int64_t axis = param.axis_tensor ? ReadScalar(*param.axis_tensor, op, "Axis")
                                         : param.axis;
  return NormalizeAxis(axis, param.x->dims().size(), op, "axis");
}

bool GatherOp::CheckShape() const {
  PLITE_CHECK(!param_.x->dims().empty(), "op '", Type(), "': X must have rank >= 1");
  const DDim& idx = param_.index->dims();
  PLITE_CHECK(idx.size() <= 1 || (idx.size() == 2 && idx[1] == 1), "op '", Type(),
              "': Index must be 1-D (or [N, 1]), got ", idx);
  CheckIntegerInput(*param_.index, Type(), "Index");
  return true;
}

bool GatherOp::InferShapeImpl() const {
  std::vector<int64_t> dims = param_.x->dims().Vectorize();
  const int axis = ResolveGatherAxis(param_, Type());
  const DDim& idx = param_.index->dims();
  if (idx.empty()) {
    dims.erase(dims.begin() + axis);  // a scalar index drops the axis
  } else {
    dims[axis] = idx[0];
  }
  param_.out->Resize(DDim(dims));
  return true;
}

bool GatherOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = GatherParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.index = GetInputTensor(desc, scope, "Index");
  param_.axis_tensor = GetOptionalInputTensor(desc, scope, "Axis");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.axis = desc.GetAttrOr<int32_t>("axis", 0);
  // `overwrite` only concerns the gradient (how duplicate indices accumulate).
  return true;
}

// ---- one_hot_v2
int64_t ResolveOneHotDepth(const OneHotParam& param, const std::string& op) {
  const int64_t depth = param.depth_tensor ? ReadScalar(*param.depth_tensor, op, "depth_tensor")
                                           : param.depth;
  PLITE_CHECK(depth > 0, "op '", op, "': depth ", depth, " must be positive");
  return depth;
}

bool OneHotV2Op::InferShapeImpl() const {
  CheckIntegerInput(*param_.x, Type(), "X");
  std::vector<int64_t> dims = param_.x->dims().Vectorize();
  dims.push_back(ResolveOneHotDepth(param_, Type()));
  param_.out->Resize(DDim(dims));
  param_.out->set_lod(param_.x->lod());
  return true;
}

bool OneHotV2Op::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = OneHotParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.depth_tensor = GetOptionalInputTensor(desc, scope, "depth_tensor");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.depth = desc.GetAttrOr<int32_t>("depth", -1);
  PLITE_CHECK(param_.depth_tensor || param_.depth > 0, "op '", Type(), "': attribute 'depth' = ",
              param_.depth, " must be positive (or given by depth_tensor)");
  param_.dtype = ReadDtypeAttr(desc, "dtype", 5,
                               {PrecisionType::kFloat, PrecisionType::kFP64,
                                PrecisionType::kInt32, PrecisionType::kInt64,
                                PrecisionType::kInt8, PrecisionType::kUInt8,
                                PrecisionType::kBool});
  param_.allow_out_of_range = desc.GetAttrOr<bool>("allow_out_of_range", false);
  return true;
}

// ---- lookup_table_v2
bool LookupTableV2Op::CheckShape() const {
  PLITE_CHECK(param_.w->dims().size() == 2, "op '", Type(), "': W must be 2-D [V, D], got ",
              param_.w->dims());
  PLITE_CHECK(param_.w->precision() == PrecisionType::kFloat, "op '", Type(),
              "': W must hold float32 values, got ",
              lite_api::PrecisionToStr(param_.w->precision()));
  CheckIntegerInput(*param_.ids, Type(), "Ids");
  return true;
}

bool LookupTableV2Op::InferShapeImpl() const {
  std::vector<int64_t> dims = param_.ids->dims().Vectorize();
  dims.push_back(param_.w->dims()[1]);
  param_.out->Resize(DDim(dims));
  param_.out->set_lod(param_.ids->lod());
  return true;
}

bool LookupTableV2Op::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = LookupTableParam();
  param_.w = GetInputTensor(desc, scope, "W");
  param_.ids = GetInputTensor(desc, scope, "Ids");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.padding_idx = desc.GetAttrOr<int64_t>("padding_idx", -1);
  // is_sparse, is_distributed, remote_prefetch, entry*, table_* and the like choose how
  // training stores and updates W; the lookup itself is the same.
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(gather, paddle::lite::operators::GatherOp);
REGISTER_LITE_OP(one_hot_v2, paddle::lite::operators::OneHotV2Op);
REGISTER_LITE_OP(lookup_table_v2, paddle::lite::operators::LookupTableV2Op);
