// The parameter structs of the data movement and vision ops (op_params.h includes this).
#pragma once

#include <string>
#include <vector>

#include "lite/core/kernel.h"
#include "lite/core/variable.h"

namespace paddle {
namespace lite {
namespace operators {

// ---- data movement ops
// stack: Y = the X tensors (same dims) stacked along a new dim `axis`.
struct StackParam : ParamBase {
  std::vector<const Tensor*> x;
  Tensor* y{nullptr};
  int axis{0};
};

// unstack: Y[i] = X sliced at i along `axis`, that dim removed; `num` outputs.
struct UnstackParam : ParamBase {
  const Tensor* x{nullptr};
  std::vector<Tensor*> y;
  int axis{0};
  int num{0};
};

// assign_value: Out = the attribute values, shaped `shape`, of type `dtype`.
struct AssignValueParam : ParamBase {
  Tensor* out{nullptr};
  std::vector<int64_t> shape;
  PrecisionType dtype{PrecisionType::kFloat};
  std::vector<double> float_values;  // fp32_values / fp64_values
  std::vector<int64_t> int_values;   // int32_values / int64_values / bool_values
};

// fill_constant, fill_constant_batch_size_like and fill_any_like: Out filled with one value.
struct FillConstantParam : ParamBase {
  Tensor* out{nullptr};
  PrecisionType dtype{PrecisionType::kFloat};
  // The value as a double and, when `str_value` gave an integer, exactly as an int64.
  double value{0.0};
  int64_t int_value{0};
  bool exact_int{false};
  std::vector<int64_t> shape;
  const Tensor* value_tensor{nullptr};           // fill_constant: optional ValueTensor
  const Tensor* shape_tensor{nullptr};           // fill_constant: optional ShapeTensor
  std::vector<const Tensor*> shape_tensor_list;  // fill_constant: optional ShapeTensorList
  const Tensor* like{nullptr};  // fill_constant_batch_size_like "Input", fill_any_like "X"
  int input_dim_idx{0};
  int output_dim_idx{0};
};

// expand_v2: X broadcast to `shape` (-1 keeps X's dim). tile: X repeated `repeat_times`.
// Both end as X (left-padded with 1s) copied onto `out` with index o % dim.
struct ExpandV2Param : ParamBase {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  std::vector<int> shape;
  const Tensor* shape_tensor{nullptr};           // optional "Shape"
  std::vector<const Tensor*> shape_tensor_list;  // optional "expand_shapes_tensor"
};

struct TileParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  std::vector<int> repeat_times;
  const Tensor* repeat_times_tensor{nullptr};           // optional "RepeatTimes"
  std::vector<const Tensor*> repeat_times_tensor_list;  // optional "repeat_times_tensor"
};

// gather: Out = X indexed along `axis` (or the Axis input) by the int32/int64 Index.
struct GatherParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* index{nullptr};
  const Tensor* axis_tensor{nullptr};  // optional "Axis"
  Tensor* out{nullptr};
  int axis{0};
};

// range: Out = start, start + step, ... up to (not including) end.
struct RangeParam : ParamBase {
  const Tensor* start{nullptr};
  const Tensor* end{nullptr};
  const Tensor* step{nullptr};
  Tensor* out{nullptr};
};

// pad3d: X [N, C, D, H, W] (or NDHWC) padded by [left, right, top, bottom, front, back].
struct Pad3dParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* paddings_tensor{nullptr};  // optional "Paddings"
  Tensor* out{nullptr};
  std::vector<int> paddings;
  std::string mode{"constant"};
  float value{0.f};
  bool channel_last{false};  // data_format "NDHWC"
};

// prelu: Out = X where X > 0, else Alpha * X, with one alpha ("all"), one per channel
// ("channel", dim 1 of NCHW or the last of NHWC) or one per element of a sample ("element").
struct PreluParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* alpha{nullptr};
  Tensor* out{nullptr};
  std::string mode{"all"};
  bool channels_last{false};
};

// grid_sampler: Output [N, C, Ho, Wo] samples X [N, C, H, W] at Grid [N, Ho, Wo, 2] (x, y in
// [-1, 1]), bilinear or nearest, with zeros, border or reflection padding.
struct GridSamplerParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* grid{nullptr};
  Tensor* out{nullptr};
  std::string mode{"bilinear"};
  std::string padding_mode{"zeros"};
  bool align_corners{true};
};

// flip: Out = X reversed along each of `axis`.
struct FlipParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  std::vector<int> axis;
};

// one_hot_v2: Out = X's dims + [depth], 1 at each index, of type `dtype`.
struct OneHotParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* depth_tensor{nullptr};  // optional "depth_tensor"
  Tensor* out{nullptr};
  int depth{-1};
  PrecisionType dtype{PrecisionType::kFloat};
  bool allow_out_of_range{false};
};

// lookup_table_v2: Out = rows of W picked by Ids; rows for `padding_idx` are zeros.
struct LookupTableParam : ParamBase {
  const Tensor* w{nullptr};
  const Tensor* ids{nullptr};
  Tensor* out{nullptr};
  int64_t padding_idx{-1};  // -1: no padding row
};

// cumsum: running sums along `axis` (of the flattened X when `flatten`).
struct CumsumParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  int axis{-1};
  bool flatten{false};
  bool exclusive{false};
  bool reverse{false};
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
