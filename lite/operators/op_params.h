// Parameter structs, one per op (or op family). An op's AttachImpl fills its struct from
// the OpDesc and the scope; its kernels read it through KernelBase::Param<T>().
// Tensor pointers point into the Scope; attributes are already validated. The detection
// and normalisation ops', the data movement ops' and the quantization ops' are in
// op_params_detection.h, op_params_data.h and op_params_quant.h, included here.
#pragma once

#include <string>
#include <vector>

#include "lite/core/kernel.h"
#include "lite/core/variable.h"
#include "lite/operators/op_params_data.h"
#include "lite/operators/op_params_detection.h"
#include "lite/operators/op_params_quant.h"
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
  Int8Scales int8;                     // enable_int8: an int8 filter and these scales
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
  Int8Scales int8;  // enable_int8: Input0_scale, W0_scale (one per output column)
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

}  // namespace operators
}  // namespace lite
}  // namespace paddle
