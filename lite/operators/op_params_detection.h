// The parameter structs of the detection and normalisation ops (op_params.h includes this).
#pragma once

#include <string>
#include <vector>

#include "lite/core/kernel.h"
#include "lite/core/variable.h"

namespace paddle {
namespace lite {
namespace operators {

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

}  // namespace operators
}  // namespace lite
}  // namespace paddle
