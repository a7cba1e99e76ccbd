#include "lite/operators/split_op.h"

#include "lite/core/op_registry.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

int ResolveSplitAxis(const SplitParam& param, size_t rank, const std::string& op) {
  return ResolveAxis(param.axis, param.axis_tensor, rank, op);
}

bool SplitOp::CheckShape() const {
  PLITE_CHECK(!param_.x->dims().empty(), "op '", Type(), "': X must have rank >= 1");
  return true;
}

bool SplitOp::InferShapeImpl() const {
  const DDim& in_dims = param_.x->dims();
  const int axis = ResolveSplitAxis(param_, in_dims.size(), Type());
  const int64_t dim = in_dims[axis];
  const size_t parts = param_.output.size();
  std::vector<int64_t> sizes;
  if (param_.num > 0) {
    PLITE_CHECK(dim % param_.num == 0, "op '", Type(), "': dim ", dim, " of axis ", axis,
                " cannot be split into num = ", param_.num, " equal parts");
    sizes.assign(parts, dim / param_.num);
  } else {
    std::vector<int64_t> sections(param_.sections.begin(), param_.sections.end());
    if (!param_.sections_tensor_list.empty()) {
      sections = ReadIntScalars(param_.sections_tensor_list, Type(), "SectionsTensorList");
    }
    PLITE_CHECK(sections.size() == parts, "op '", Type(), "': ", sections.size(),
                " sections for ", parts, " outputs");
    int unknown = -1;
    int64_t known = 0;
    for (size_t i = 0; i < sections.size(); ++i) {
      if (sections[i] == -1) {
        PLITE_CHECK(unknown < 0, "op '", Type(), "': sections ", sections,
                    " has more than one -1");
        unknown = static_cast<int>(i);
      } else {
        PLITE_CHECK(sections[i] >= 0, "op '", Type(), "': sections ", sections,
                    " has a negative size");
        known += sections[i];
      }
    }
    if (unknown >= 0) {
      PLITE_CHECK(known <= dim, "op '", Type(), "': sections ", sections, " exceed dim ", dim,
                  " of axis ", axis);
      sections[unknown] = dim - known;
    } else {
      PLITE_CHECK(known == dim, "op '", Type(), "': sections ", sections, " sum to ", known,
                  " but dim ", axis, " is ", dim);
    }
    sizes = sections;
  }
  for (size_t i = 0; i < parts; ++i) {
    DDim d = in_dims;
    d[axis] = sizes[i];
    param_.output[i]->Resize(d);
  }
  return true;
}

bool SplitOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = SplitParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.output = GetOutputTensors(desc, scope, "Out");
  param_.axis = desc.GetAttrOr<int32_t>("axis", 0);
  param_.num = desc.GetAttrOr<int32_t>("num", 0);
  param_.sections = desc.GetAttrOr<std::vector<int32_t>>("sections", {});
  param_.axis_tensor = GetOptionalInputTensor(desc, scope, "AxisTensor");
  for (Tensor* t : GetInputTensors(desc, scope, "SectionsTensorList")) {
    param_.sections_tensor_list.push_back(t);
  }
  PLITE_CHECK(!param_.output.empty(), "op '", Type(), "': needs at least one output 'Out'");
  PLITE_CHECK(param_.num >= 0, "op '", Type(), "': attribute 'num' is negative: ", param_.num);
  if (param_.num > 0) {
    PLITE_CHECK(static_cast<size_t>(param_.num) == param_.output.size(), "op '", Type(),
                "': attribute 'num' = ", param_.num, " but ", param_.output.size(),
                " outputs");
  } else {
    PLITE_CHECK(!param_.sections.empty() || !param_.sections_tensor_list.empty(), "op '",
                Type(), "': neither 'num' nor 'sections' is given");
    // The count of sections is known at load even when their values come at run time.
    const size_t count = param_.sections_tensor_list.empty()
                             ? param_.sections.size()
                             : param_.sections_tensor_list.size();
    PLITE_CHECK(count == param_.output.size(), "op '", Type(), "': ", count,
                " sections (attribute 'sections' or SectionsTensorList) for ",
                param_.output.size(), " outputs");
    if (param_.sections_tensor_list.empty()) {
      int inferred = 0;
      for (int s : param_.sections) {
        PLITE_CHECK(s >= -1, "op '", Type(), "': attribute 'sections' ", param_.sections,
                    " has the size ", s, " (sizes must be >= 0, or one -1)");
        inferred += s == -1;
      }
      PLITE_CHECK(inferred <= 1, "op '", Type(), "': attribute 'sections' ", param_.sections,
                  " has more than one -1");
    }
  }
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(split, paddle::lite::operators::SplitOp);
