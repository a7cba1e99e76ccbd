// Reading the window attributes conv2d and conv2d_transpose share: strides, dilations,
// paddings (2 or 4 values), groups, padding_algorithm and data_format, each checked with
// the op and attribute named.
#pragma once

#include <cstdint>
#include <string>

#include "lite/core/program_desc.h"
#include "lite/operators/op_params.h"
#include "lite/operators/spatial_attrs.h"

namespace paddle {
namespace lite {
namespace operators {

// The attributes as the model gives them (paddings expanded to 4); SAME and VALID rewrite
// the param's paddings and dilations at InferShape, from these.
inline ConvWindowParam ReadConvWindow(const std::string& op, const cpp::OpDesc& desc) {
  ConvWindowParam w;
  w.strides = desc.GetAttrOr<std::vector<int32_t>>("strides", {1, 1});
  CheckPositivePair(op, "strides", w.strides);
  w.dilations = desc.GetAttrOr<std::vector<int32_t>>("dilations", {1, 1});
  CheckPositivePair(op, "dilations", w.dilations);
  w.paddings = ExpandPaddings(op, desc.GetAttrOr<std::vector<int32_t>>("paddings", {0, 0}));
  w.groups = desc.GetAttrOr<int32_t>("groups", 1);
  PLITE_CHECK(w.groups >= 1, "op '", op, "': attribute 'groups' must be >= 1, got ", w.groups);
  w.padding_algorithm = desc.GetAttrOr<std::string>("padding_algorithm", "EXPLICIT");
  CheckPaddingAlgorithm(op, w.padding_algorithm);
  CheckNchwDataFormat(op, "data_format", desc.GetAttrOr<std::string>("data_format", "NCHW"));
  return w;
}

// SAME and VALID, from the input size: SAME pads for the undilated kernel and runs it
// undilated (Paddle's rule, for conv2d and conv2d_transpose alike); VALID pads nothing.
// EXPLICIT keeps the attributes' paddings and dilations.
inline void ResolvePadding(int64_t in_h, int64_t in_w, int kernel_h, int kernel_w,
                           ConvWindowParam* w) {
  if (w->padding_algorithm == "SAME") {
    const int64_t in[2] = {in_h, in_w};
    const int kernel[2] = {kernel_h, kernel_w};
    for (int i = 0; i < 2; ++i) {
      SamePadding(in[i], kernel[i], w->strides[i], &w->paddings[2 * i], &w->paddings[2 * i + 1]);
      w->dilations[i] = 1;
    }
  } else if (w->padding_algorithm == "VALID") {
    w->paddings = {0, 0, 0, 0};
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
