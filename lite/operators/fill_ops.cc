#include "lite/operators/fill_ops.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "lite/core/op_registry.h"
#include "lite/operators/paddle_dtype.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {
// The types the host fill kernel writes.
const std::vector<PrecisionType>& FillTypes() {
  static const std::vector<PrecisionType> types = {
      PrecisionType::kBool,  PrecisionType::kInt8,  PrecisionType::kUInt8,
      PrecisionType::kInt16, PrecisionType::kInt32, PrecisionType::kInt64,
      PrecisionType::kFloat, PrecisionType::kFP64};
  return types;
}

// `value`, overridden by `str_value` when non-empty. An integer string is kept exact, as
// Paddle parses it as int64 for integer outputs; "inf", "-inf" and "nan" are accepted.
void ReadFillValue(const cpp::OpDesc& desc, FillConstantParam* p) {
  p->value = desc.GetAttrOr<double>("value", 0.0);
  const std::string s = desc.GetAttrOr<std::string>("str_value", "");
  if (s.empty()) return;
  if (s == "inf" || s == "-inf" || s == "nan") {
    const double inf = std::numeric_limits<double>::infinity();
    p->value = s == "nan" ? std::numeric_limits<double>::quiet_NaN() : s == "inf" ? inf : -inf;
    return;
  }
  char* end = nullptr;
  errno = 0;
  const long long i = std::strtoll(s.c_str(), &end, 10);
  if (end != s.c_str() && *end == '\0' && errno == 0) {
    p->exact_int = true;
    p->int_value = i;
    p->value = static_cast<double>(i);
    return;
  }
  errno = 0;
  const double d = std::strtod(s.c_str(), &end);
  PLITE_CHECK(end != s.c_str() && *end == '\0' && errno == 0, "op '", desc.Type(),
              "': attribute 'str_value' = \"", s, "\" is not a number");
  p->value = d;
}

DDim CheckedDims(const std::vector<int64_t>& shape, const std::string& op,
                 const std::string& from) {
  for (int64_t d : shape) {
    PLITE_CHECK(d >= 0, "op '", op, "': shape ", shape, " from ", from,
                " has a negative dim");
  }
  return DDim(shape);
}
}  // namespace

// ---- fill_constant
bool FillConstantOp::InferShapeImpl() const {
  if (param_.shape_tensor) {
    param_.out->Resize(CheckedDims(ReadIntValues(*param_.shape_tensor, Type(), "ShapeTensor"),
                                   Type(), "ShapeTensor"));
  } else if (!param_.shape_tensor_list.empty()) {
    param_.out->Resize(CheckedDims(
        ReadIntScalars(param_.shape_tensor_list, Type(), "ShapeTensorList"), Type(),
        "ShapeTensorList"));
  } else {
    param_.out->Resize(CheckedDims(param_.shape, Type(), "attribute 'shape'"));
  }
  if (param_.value_tensor) {
    PLITE_CHECK(param_.value_tensor->numel() == 1, "op '", Type(),
                "': ValueTensor must hold one value, has dims ", param_.value_tensor->dims());
  }
  return true;
}

bool FillConstantOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = FillConstantParam();
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.value_tensor = GetOptionalInputTensor(desc, scope, "ValueTensor");
  param_.shape_tensor = GetOptionalInputTensor(desc, scope, "ShapeTensor");
  for (Tensor* t : GetInputTensors(desc, scope, "ShapeTensorList")) {
    param_.shape_tensor_list.push_back(t);
  }
  param_.shape = desc.GetAttrOr<std::vector<int64_t>>("shape", {});
  param_.dtype = ReadDtypeAttr(desc, "dtype", 5, FillTypes());
  ReadFillValue(desc, &param_);
  // force_cpu / place_type only choose a device; the host kernel runs on the CPU anyway.
  return true;
}

// ---- fill_constant_batch_size_like
bool FillConstantBatchSizeLikeOp::CheckShape() const {
  const int64_t rank = static_cast<int64_t>(param_.like->dims().size());
  PLITE_CHECK(param_.input_dim_idx < rank, "op '", Type(), "': attribute 'input_dim_idx' = ",
              param_.input_dim_idx, " is out of range for Input ", param_.like->dims());
  return true;
}

bool FillConstantBatchSizeLikeOp::InferShapeImpl() const {
  std::vector<int64_t> dims = param_.shape;
  const LoD& lod = param_.like->lod();
  if (!lod.empty() && param_.input_dim_idx == 0) {
    dims[param_.output_dim_idx] = static_cast<int64_t>(lod.back().size()) - 1;
  } else {
    dims[param_.output_dim_idx] = param_.like->dims()[param_.input_dim_idx];
  }
  param_.out->Resize(CheckedDims(dims, Type(), "attribute 'shape'"));
  return true;
}

bool FillConstantBatchSizeLikeOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = FillConstantParam();
  param_.like = GetInputTensor(desc, scope, "Input");
  param_.out = GetOutputTensor(desc, scope, "Out");
  PLITE_CHECK(desc.HasAttr("shape"), "op '", Type(), "': attribute 'shape' is missing");
  param_.shape = desc.GetAttr<std::vector<int64_t>>("shape");
  param_.input_dim_idx = desc.GetAttrOr<int32_t>("input_dim_idx", 0);
  param_.output_dim_idx = desc.GetAttrOr<int32_t>("output_dim_idx", 0);
  PLITE_CHECK(param_.input_dim_idx >= 0, "op '", Type(), "': attribute 'input_dim_idx' = ",
              param_.input_dim_idx, " is negative");
  PLITE_CHECK(param_.output_dim_idx >= 0 &&
                  static_cast<size_t>(param_.output_dim_idx) < param_.shape.size(),
              "op '", Type(), "': attribute 'output_dim_idx' = ", param_.output_dim_idx,
              " is out of range for attribute 'shape' ", param_.shape);
  param_.dtype = ReadDtypeAttr(desc, "dtype", 5, FillTypes());
  ReadFillValue(desc, &param_);
  return true;
}

// ---- fill_any_like
bool FillAnyLikeOp::InferShapeImpl() const {
  param_.out->Resize(param_.like->dims());
  param_.out->set_lod(param_.like->lod());
  return true;
}

bool FillAnyLikeOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = FillConstantParam();
  param_.like = GetInputTensor(desc, scope, "X");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.value = desc.GetAttrOr<double>("value", 0.0);
  // dtype -1 (the default) means X's type; kUnk tells the kernel so.
  const int dtype = desc.GetAttrOr<int32_t>("dtype", -1);
  param_.dtype = dtype == -1 ? PrecisionType::kUnk : ReadDtypeAttr(desc, "dtype", -1, FillTypes());
  return true;
}

// ---- assign_value
bool AssignValueOp::InferShapeImpl() const {
  param_.out->Resize(DDim(param_.shape));
  return true;
}

bool AssignValueOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = AssignValueParam();
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.shape = desc.GetAttrOr<std::vector<int64_t>>("shape", {});
  param_.dtype = ReadDtypeAttr(desc, "dtype", 5,
                               {PrecisionType::kBool, PrecisionType::kInt32,
                                PrecisionType::kInt64, PrecisionType::kFloat,
                                PrecisionType::kFP64});
  // Each dtype has its own values attribute, as in Paddle.
  std::string attr;
  size_t count = 0;
  switch (param_.dtype) {
    case PrecisionType::kBool: {
      attr = "bool_values";
      const cpp::Attribute* a = desc.HasAttr(attr) ? &desc.attrs().at(attr) : nullptr;
      if (a && std::get_if<std::vector<bool>>(&a->value)) {
        for (bool b : desc.GetAttr<std::vector<bool>>(attr)) param_.int_values.push_back(b);
      } else {
        for (int v : desc.GetAttrOr<std::vector<int32_t>>(attr, {})) {
          param_.int_values.push_back(v != 0);
        }
      }
      count = param_.int_values.size();
      break;
    }
    case PrecisionType::kInt32:
    case PrecisionType::kInt64:
      attr = param_.dtype == PrecisionType::kInt32 ? "int32_values" : "int64_values";
      param_.int_values = desc.GetAttrOr<std::vector<int64_t>>(attr, {});
      count = param_.int_values.size();
      break;
    case PrecisionType::kFP64: {
      attr = "fp64_values";
      const cpp::Attribute* a = desc.HasAttr(attr) ? &desc.attrs().at(attr) : nullptr;
      if (a && std::get_if<std::vector<double>>(&a->value)) {
        param_.float_values = std::get<std::vector<double>>(a->value);
      } else {
        for (float f : desc.GetAttrOr<std::vector<float>>(attr, {})) {
          param_.float_values.push_back(f);
        }
      }
      count = param_.float_values.size();
      break;
    }
    default:
      attr = "fp32_values";
      for (float f : desc.GetAttrOr<std::vector<float>>(attr, {})) {
        param_.float_values.push_back(f);
      }
      count = param_.float_values.size();
      break;
  }
  const DDim dims = CheckedDims(param_.shape, Type(), "attribute 'shape'");
  PLITE_CHECK(static_cast<int64_t>(count) == dims.production(), "op '", Type(),
              "': attribute '", attr, "' has ", count, " values for shape ", param_.shape);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(fill_constant, paddle::lite::operators::FillConstantOp);
REGISTER_LITE_OP(fill_constant_batch_size_like, paddle::lite::operators::FillConstantBatchSizeLikeOp);
REGISTER_LITE_OP(fill_any_like, paddle::lite::operators::FillAnyLikeOp);
REGISTER_LITE_OP(assign_value, paddle::lite::operators::AssignValueOp);
