// Parameter structs, one per op (or op family). An op's AttachImpl fills its struct from
// the OpDesc and the scope; its kernels read it through KernelBase::Param<T>().
// Tensor pointers point into the Scope; attributes are already validated.
#pragma once

#include <string>
#include <vector>

#include "lite/core/kernel.h"
#include "lite/core/variable.h"
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace operators {

// ---------------------------------------------------------------- activations
struct ActivationParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  Activation act;
};

struct ClipParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* min_tensor{nullptr};  // optional "Min" input overrides `min`
  const Tensor* max_tensor{nullptr};
  Tensor* out{nullptr};
  float min{0.f};
  float max{0.f};
};

// ---------------------------------------------------------------- io
struct FeedParam : ParamBase {
  const TensorList* feed_list{nullptr};
  Tensor* out{nullptr};
  int col{0};
};

struct FetchParam : ParamBase {
  const Tensor* input{nullptr};
  TensorList* fetch_list{nullptr};
  int col{0};
};

// ---------------------------------------------------------------- nn
// The window attributes conv2d and conv2d_transpose share (conv_window_attrs.h reads them).
struct ConvWindowParam {
  std::vector<int> strides{1, 1};
  std::vector<int> paddings{0, 0, 0, 0};  // always 4: top, bottom, left, right
  std::vector<int> dilations{1, 1};
  int groups{1};
  std::string padding_algorithm{"EXPLICIT"};  // SAME/VALID recompute `paddings` in InferShape
};

struct ConvParam : ParamBase, ConvWindowParam {
  const Tensor* x{nullptr};
  const Tensor* filter{nullptr};       // [C_out, C_in / groups, KH, KW]
  const Tensor* bias{nullptr};         // optional [C_out], set by fusion passes
  Tensor* output{nullptr};
  Activation act;                      // fused epilogue activation
};

// conv2d_transpose / depthwise_conv2d_transpose (NCHW): the gradient of conv2d with respect
// to its input, used to upsample. Output dims follow from the attributes at InferShape.
struct ConvTransposeParam : ParamBase, ConvWindowParam {
  const Tensor* x{nullptr};
  const Tensor* filter{nullptr};  // [C_in, C_out / groups, KH, KW] (input channels first)
  const Tensor* bias{nullptr};    // optional [C_out]
  Tensor* output{nullptr};
  Activation act;                 // fused epilogue activation (after the bias)
  std::vector<int> output_padding;  // empty or 2 values (h, w), added to the inferred size
  std::vector<int> output_size;     // empty or 2 values (h, w), replaces the inferred size
};

struct BatchNormParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* scale{nullptr};
  const Tensor* bias{nullptr};
  const Tensor* mean{nullptr};
  const Tensor* variance{nullptr};
  Tensor* y{nullptr};
  float epsilon{1e-5f};
};

// layer_norm: X viewed as [left, right] at begin_norm_axis, each row normalized.
struct LayerNormParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* scale{nullptr};  // optional [right]
  const Tensor* bias{nullptr};   // optional [right]
  Tensor* y{nullptr};
  Tensor* mean{nullptr};      // optional [left]
  Tensor* variance{nullptr};  // optional [left]
  float epsilon{1e-5f};
  int begin_norm_axis{1};
};

struct PoolParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* output{nullptr};
  std::string pooling_type{"max"};  // "max" or "avg"
  std::vector<int> ksize;
  bool global_pooling{false};
  std::vector<int> strides{1, 1};
  std::vector<int> paddings{0, 0, 0, 0};  // always 4: top, bottom, left, right
  bool exclusive{true};
  bool adaptive{false};
  bool ceil_mode{false};
  std::string padding_algorithm{"EXPLICIT"};
};

struct MulParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* y{nullptr};
  Tensor* output{nullptr};
  int x_num_col_dims{1};
  int y_num_col_dims{1};
};

// matmul (transpose_X/transpose_Y/alpha) and matmul_v2 (trans_x/trans_y) share this.
struct MatMulParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* y{nullptr};
  Tensor* out{nullptr};
  bool transpose_x{false};
  bool transpose_y{false};
  float alpha{1.f};
};

struct FcParam : ParamBase {
  const Tensor* input{nullptr};
  const Tensor* w{nullptr};     // [K, N]
  const Tensor* bias{nullptr};  // optional [N] or [1, N]
  Tensor* output{nullptr};
  int in_num_col_dims{1};
  Activation act;  // fused epilogue activation
};

struct SoftmaxParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* output{nullptr};
  int axis{-1};
};

struct DropoutParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* output{nullptr};
  Tensor* mask{nullptr};  // optional "Mask" output; inference never writes it
  float dropout_prob{0.5f};
  std::string dropout_implementation{"downgrade_in_infer"};
};

// ---------------------------------------------------------------- math
// elementwise_add/sub/mul/div: Out = X op Y with Paddle's axis broadcasting.
struct ElementwiseParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* y{nullptr};
  Tensor* out{nullptr};
  int axis{-1};
  Activation act;  // fused epilogue activation
};

struct ScaleParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* output{nullptr};
  const Tensor* scale_tensor{nullptr};  // optional "ScaleTensor" [1] overrides `scale`
  float scale{1.f};
  float bias{0.f};
  bool bias_after_scale{true};
};

struct CastParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  int in_dtype{5};   // Paddle VarType codes: 0 bool, 2 int32, 3 int64, 5 fp32, ...
  int out_dtype{5};
};

struct ArgMaxParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  int64_t axis{-1};
  bool keepdims{false};
  bool flatten{false};
  int dtype{3};  // 2 int32, 3 int64 (Paddle's default; -1 also means int64)
};

// ---------------------------------------------------------------- shape ops
struct ShapeParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
};

struct SliceParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  std::vector<int> axes;
  std::vector<int64_t> starts;
  std::vector<int64_t> ends;
  std::vector<int> decrease_axis;
  std::vector<int> infer_flags;
  const Tensor* starts_tensor{nullptr};  // optional StartsTensor / EndsTensor
  const Tensor* ends_tensor{nullptr};
  std::vector<const Tensor*> starts_tensor_list;  // optional StartsTensorList / EndsTensorList
  std::vector<const Tensor*> ends_tensor_list;
};

struct SplitParam : ParamBase {
  const Tensor* x{nullptr};
  std::vector<Tensor*> output;
  int axis{0};
  int num{0};
  std::vector<int> sections;
  const Tensor* axis_tensor{nullptr};
  std::vector<const Tensor*> sections_tensor_list;
};

// reshape/reshape2
struct ReshapeParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* output{nullptr};
  std::vector<int> shape;
  const Tensor* shape_tensor{nullptr};            // optional "Shape" input
  std::vector<const Tensor*> shape_tensor_list;   // optional "ShapeTensor" inputs
};

// flatten/flatten2 (axis) and flatten_contiguous_range (start_axis, stop_axis)
struct FlattenParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* output{nullptr};
  int axis{1};
  int start_axis{1};
  int stop_axis{1};
};

// squeeze2: drop size-1 dims (all of them when `axes` is empty)
struct SqueezeParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* output{nullptr};
  std::vector<int> axes;
};

// unsqueeze2: insert size-1 dims at `axes`, in order
struct UnsqueezeParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* output{nullptr};
  std::vector<int> axes;
  const Tensor* axes_tensor{nullptr};            // optional "AxesTensor" input
  std::vector<const Tensor*> axes_tensor_list;   // optional "AxesTensorList" inputs
};

struct AssignParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* output{nullptr};
};

struct TransposeParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* output{nullptr};
  std::vector<int> axis;
};

struct ConcatParam : ParamBase {
  std::vector<const Tensor*> x;
  Tensor* output{nullptr};
  int axis{0};
  const Tensor* axis_tensor{nullptr};
};

// nearest_interp(_v2) / bilinear_interp(_v2)
struct InterpolateParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  const Tensor* out_size{nullptr};              // optional "OutSize" [2]
  std::vector<const Tensor*> size_tensor;       // optional "SizeTensor" list
  const Tensor* scale_tensor{nullptr};          // optional "Scale"
  int out_h{-1};
  int out_w{-1};
  std::vector<float> scale;  // v2: [scale_h, scale_w] (or one value); v1: one value
  std::string interp_method{"nearest"};
  bool align_corners{false};
  int align_mode{1};
  // v2 ops derive the source ratio from a given scale (1/scale); v1 always uses in/out.
  bool ratio_from_scale{true};
};

// ---------------------------------------------------------------- detection
struct YoloBoxParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* img_size{nullptr};
  Tensor* boxes{nullptr};
  Tensor* scores{nullptr};
  std::vector<int> anchors;
  int class_num{0};
  float conf_thresh{0.01f};
  int downsample_ratio{32};
  bool clip_bbox{true};
  float scale_x_y{1.f};
  bool iou_aware{false};
  float iou_aware_factor{0.5f};
};

struct MulticlassNmsParam : ParamBase {
  const Tensor* bboxes{nullptr};    // [N, M, 4]
  const Tensor* scores{nullptr};    // [N, C, M]
  const Tensor* rois_num{nullptr};  // optional
  Tensor* out{nullptr};             // [K, 6]
  Tensor* index{nullptr};           // optional [K, 1]
  Tensor* nms_rois_num{nullptr};    // optional [N]
  int background_label{0};
  float score_threshold{0.f};
  int nms_top_k{-1};
  float nms_threshold{0.3f};
  float nms_eta{1.f};
  int keep_top_k{-1};
  bool normalized{true};
};

// shuffle_channel: X [N, C, H, W] seen as [N, group, C/group, H, W], the two middle dims
// swapped, read back as [N, C, H, W].
struct ShuffleChannelParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  int group{1};
};

// ---------------------------------------------------------------- casts the optimizer inserts
// io_copy (target), calib (precision), layout (layout): Out = In in another type.
struct TypeCastParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
};

// ---- math, reduce and compare ops
// sqrt, rsqrt, square, pow: Out = f(X) element by element. pow's exponent is the optional
// one-element "FactorTensor" input when given, else the `factor` attribute.
struct UnaryMathParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* factor_tensor{nullptr};
  Tensor* out{nullptr};
  float factor{1.f};
};

// reduce_sum/mean/max/min/prod over `dims` as Paddle's `dim` gives them (may be negative;
// ReducedAxes in reduce_ops.h resolves them against X's rank; empty or `reduce_all` means
// every dim).
struct ReduceParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  std::vector<int> dims;
  bool keep_dim{false};
  bool reduce_all{false};
  int in_dtype{-1};   // Paddle's VarType: -1 (as X), 2 int32, 3 int64, 5 float32
  int out_dtype{-1};
};

// top_k (k, last axis) and top_k_v2: the k largest (or smallest) along `axis`; k from the
// optional one-element "K" input when given.
struct TopKParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* k_tensor{nullptr};
  Tensor* out{nullptr};
  Tensor* indices{nullptr};  // int64
  int k{1};
  int axis{-1};
  bool largest{true};
  bool sorted{true};
};

// less_than ... greater_equal (Out bool) and logical_and/or/xor/not (bool in and out; y is
// null for logical_not): X op Y with the elementwise ops' axis broadcasting.
struct CompareParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* y{nullptr};
  Tensor* out{nullptr};
  int axis{-1};
};

// where: Out = Condition ? X : Y, the three broadcast numpy style.
struct WhereParam : ParamBase {
  const Tensor* condition{nullptr};
  const Tensor* x{nullptr};
  const Tensor* y{nullptr};
  Tensor* out{nullptr};
};

// ---- detection and normalisation ops
// prior_box: SSD anchors for every cell of Input [N, C, H, W], normalised by Image's size.
struct PriorBoxParam : ParamBase {
  const Tensor* input{nullptr};
  const Tensor* image{nullptr};
  Tensor* boxes{nullptr};      // [H, W, num_priors, 4]
  Tensor* variances{nullptr};  // same shape, each row = `variances`
  std::vector<float> min_sizes;
  std::vector<float> max_sizes;  // empty, or one per min size
  std::vector<float> aspect_ratios;
  std::vector<float> variances_attr;  // the 4 values of attribute 'variances'
  // 1.0 first, then each new ratio r (and 1/r with flip); AttachImpl expands it once.
  std::vector<float> expanded_aspect_ratios;
  bool flip{true};
  bool clip{true};
  float step_w{0.f};
  float step_h{0.f};
  float offset{0.5f};
  bool min_max_aspect_ratios_order{false};
};

// density_prior_box: per cell, for each fixed size s (density d) and fixed ratio, d x d
// boxes whose centres are spread over the cell.
struct DensityPriorBoxParam : ParamBase {
  const Tensor* input{nullptr};
  const Tensor* image{nullptr};
  Tensor* boxes{nullptr};      // [H, W, num_priors, 4], or [H*W*num_priors, 4] flattened
  Tensor* variances{nullptr};
  std::vector<float> fixed_sizes;
  std::vector<float> fixed_ratios;
  std::vector<int> densities;  // one per fixed size
  std::vector<float> variances_attr;
  bool clip{true};
  bool flatten_to_2d{false};
  float step_w{0.f};
  float step_h{0.f};
  float offset{0.5f};
};

// box_coder: encode_center_size / decode_center_size of TargetBox against PriorBox.
struct BoxCoderParam : ParamBase {
  const Tensor* prior_box{nullptr};      // [M, 4]
  const Tensor* prior_box_var{nullptr};  // optional, same shape as PriorBox
  const Tensor* target_box{nullptr};     // encode: [N, 4]; decode: [N, M, 4]
  Tensor* output_box{nullptr};           // [N, M, 4]
  bool encode{true};                     // code_type == "encode_center_size"
  bool box_normalized{true};
  int axis{0};                  // decode: PriorBox runs along TargetBox dim 1 (0) or dim 0 (1)
  std::vector<float> variance;  // empty, or 4 values used when PriorBoxVar is absent
};

// instance_norm: per (n, c) statistics over the spatial dims of X [N, C, ...].
struct InstanceNormParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* scale{nullptr};  // optional [C]
  const Tensor* bias{nullptr};   // optional [C]
  Tensor* y{nullptr};
  Tensor* saved_mean{nullptr};      // optional [N*C]
  Tensor* saved_variance{nullptr};  // optional [N*C], holds 1 / sqrt(var + epsilon)
  float epsilon{1e-5f};
};

// group_norm (NCHW): per (n, group) statistics over C/groups channels and the spatial dims.
struct GroupNormParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* scale{nullptr};  // optional [C]
  const Tensor* bias{nullptr};   // optional [C]
  Tensor* y{nullptr};
  Tensor* mean{nullptr};      // optional [N, groups]
  Tensor* variance{nullptr};  // optional [N, groups], the biased variance
  float epsilon{1e-5f};
  int groups{1};
};

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
