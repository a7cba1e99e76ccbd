// Detection heads as whole programs, the way PaddleDetection exports them, run through the
// public predictor API (CxxConfig on host and on x86+host, then the saved .nb through
// MobileConfig) and checked against a naive reference written here from Paddle's op
// definitions (none of it shares code with the kernels):
//  - SSD / BlazeFace: prior_box per head -> reshape2 + concat (priors and their variances);
//    loc maps -> transpose2 + reshape2 + concat -> box_coder (decode_center_size, PriorBoxVar
//    = prior_box's Variances); class maps -> transpose2 + reshape2 + concat -> softmax ->
//    transpose2 to [N, C, M] -> multiclass_nms3.
//  - PP-YOLO: ImgSize = int32(im_shape / scale_factor); yolo_box per head -> Boxes concat
//    along M, Scores transpose2 to [N, C, M] and concat along M -> multiclass_nms3.
// The inputs are chosen so that NMS suppresses an overlapping box, a background class is
// skipped, keep_top_k truncates, the two images of a batch keep different numbers of boxes,
// and an all-background batch gives no rows (Out [0, 6], NmsRoisNum all 0: multiclass_nms3
// has an Index output, so Paddle writes no "-1" row).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/program_predictor.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/core/program.h"
#include "lite/model_parser/model_parser.h"
#include "lite/tests/core/program_test_util.h"
#include "lite/tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {

using lite_api::CxxConfig;
using lite_api::MobileConfig;
using lite_api::PaddlePredictor;

// ============================================================ the naive reference

struct Box {
  float x0, y0, x1, y1;
};
struct Det {  // one row of multiclass_nms3's Out
  int label;
  float score;
  Box box;
};
using Dets = std::vector<std::vector<Det>>;  // per image

float Sigmoid(float x) { return 1.f / (1.f + std::exp(-x)); }

struct NmsAttrs {
  int background_label;
  float score_threshold;
  int nms_top_k;
  float nms_threshold;
  int keep_top_k;
  bool normalized;
};

// What the reference saw, so the test can show its inputs reach each case, and how close
// any decision came to its threshold (float differences between kernels must not flip one).
struct Stats {
  int suppressed = 0;              // candidates dropped by NMS
  int truncated = 0;               // detections dropped by keep_top_k
  int background_candidates = 0;   // background scores above score_threshold
  float score_margin = std::numeric_limits<float>::infinity();
  float iou_margin = std::numeric_limits<float>::infinity();
};

float Iou(const Box& a, const Box& b, bool normalized) {
  const float one = normalized ? 0.f : 1.f;  // pixel boxes count both end pixels
  if (b.x0 > a.x1 || b.x1 < a.x0 || b.y0 > a.y1 || b.y1 < a.y0) return 0.f;
  auto area = [&](const Box& r) {
    return r.x1 < r.x0 || r.y1 < r.y0 ? 0.f : (r.x1 - r.x0 + one) * (r.y1 - r.y0 + one);
  };
  const float iw = std::min(a.x1, b.x1) - std::max(a.x0, b.x0) + one;
  const float ih = std::min(a.y1, b.y1) - std::max(a.y0, b.y0) + one;
  return iw * ih / (area(a) + area(b) - iw * ih);
}

// multiclass_nms3 for one image: scores[c][m] for boxes[m].
std::vector<Det> Nms(const std::vector<Box>& boxes, const std::vector<std::vector<float>>& scores,
                     const NmsAttrs& a, Stats* st) {
  std::vector<Det> kept;
  for (int c = 0; c < static_cast<int>(scores.size()); ++c) {
    const std::vector<float>& s = scores[c];
    std::vector<int> order;
    for (int m = 0; m < static_cast<int>(s.size()); ++m) {
      st->score_margin = std::min(st->score_margin, std::fabs(s[m] - a.score_threshold));
      if (s[m] <= a.score_threshold) continue;  // strictly above
      if (c == a.background_label) {
        ++st->background_candidates;
        continue;
      }
      order.push_back(m);
    }
    std::stable_sort(order.begin(), order.end(), [&](int i, int j) { return s[i] > s[j]; });
    if (a.nms_top_k >= 0 && static_cast<int>(order.size()) > a.nms_top_k) {
      order.resize(a.nms_top_k);
    }
    std::vector<int> keep;
    for (int m : order) {
      bool ok = true;
      for (int k : keep) {
        const float iou = Iou(boxes[m], boxes[k], a.normalized);
        st->iou_margin = std::min(st->iou_margin, std::fabs(iou - a.nms_threshold));
        if (iou > a.nms_threshold) {
          ok = false;
          break;
        }
      }
      if (ok) {
        keep.push_back(m);
      } else {
        ++st->suppressed;
      }
    }
    for (int m : keep) kept.push_back({c, s[m], boxes[m]});
  }
  if (a.keep_top_k >= 0 && static_cast<int>(kept.size()) > a.keep_top_k) {
    st->truncated += static_cast<int>(kept.size()) - a.keep_top_k;
    std::stable_sort(kept.begin(), kept.end(),
                     [](const Det& x, const Det& y) { return x.score > y.score; });
    kept.resize(a.keep_top_k);
    // Rows are grouped by label; within a label they stay best first.
    std::stable_sort(kept.begin(), kept.end(),
                     [](const Det& x, const Det& y) { return x.label < y.label; });
  }
  return kept;
}

// ---- SSD

// One prior_box op (offset 0.5).
struct PriorHead {
  int h, w;  // feature map
  std::vector<float> min_sizes, max_sizes, aspect_ratios;
  bool flip;
  bool min_max_order;
  std::array<float, 4> variances;
  float step;  // 0: image size / feature size
  bool clip;

  std::vector<float> Ratios() const {  // 1 first, then each new ratio (and 1/r with flip)
    std::vector<float> r = {1.f};
    for (float ar : aspect_ratios) {
      bool have = false;
      for (float e : r) have = have || std::fabs(e - ar) < 1e-6f;
      if (have) continue;
      r.push_back(ar);
      if (flip) r.push_back(1.f / ar);
    }
    return r;
  }
  int PriorsPerCell() const {
    return static_cast<int>(Ratios().size() * min_sizes.size() + max_sizes.size());
  }
};

// The head's priors in [H][W][P] order, normalised (and clipped to [0, 1] with clip).
std::vector<Box> Priors(const PriorHead& head, float img_h, float img_w) {
  std::vector<Box> out;
  auto clip = [&](float v) { return head.clip ? std::min(std::max(v, 0.f), 1.f) : v; };
  for (int y = 0; y < head.h; ++y) {
    for (int x = 0; x < head.w; ++x) {
      const float cx = (x + 0.5f) * (head.step > 0.f ? head.step : img_w / head.w);
      const float cy = (y + 0.5f) * (head.step > 0.f ? head.step : img_h / head.h);
      auto add = [&](float bw, float bh) {
        out.push_back({clip((cx - bw / 2) / img_w), clip((cy - bh / 2) / img_h),
                       clip((cx + bw / 2) / img_w), clip((cy + bh / 2) / img_h)});
      };
      for (size_t s = 0; s < head.min_sizes.size(); ++s) {
        const float mn = head.min_sizes[s];
        const bool has_max = !head.max_sizes.empty();
        const float big = has_max ? std::sqrt(mn * head.max_sizes[s]) : 0.f;
        if (head.min_max_order) {
          add(mn, mn);
          if (has_max) add(big, big);
          for (float r : head.Ratios()) {
            if (r != 1.f) add(mn * std::sqrt(r), mn / std::sqrt(r));
          }
        } else {
          for (float r : head.Ratios()) add(mn * std::sqrt(r), mn / std::sqrt(r));
          if (has_max) add(big, big);
        }
      }
    }
  }
  return out;
}

// decode_center_size with normalized boxes.
Box Decode(const Box& p, const std::array<float, 4>& v, const std::array<float, 4>& t) {
  const float pw = p.x1 - p.x0, ph = p.y1 - p.y0;
  const float cx = v[0] * t[0] * pw + p.x0 + pw / 2;
  const float cy = v[1] * t[1] * ph + p.y0 + ph / 2;
  const float w = std::exp(v[2] * t[2]) * pw;
  const float h = std::exp(v[3] * t[3]) * ph;
  return {cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2};
}

constexpr int kSsdClasses = 3;  // 0 = background
constexpr float kSsdImage = 16.f;

// Three heads on a 16x16 image: 2x2 (4 priors a cell: ratios 1, 2, 1/2, then sqrt(6*12));
// 1x1 with min_max_aspect_ratios_order (10, sqrt(10*14), then ratio 3, which the clip
// trims); and a BlazeFace-style 2x2 with two min sizes (4, 7), no max size, ratio 1 only,
// an explicit step of 9 and no clip (its last prior reaches past the image). Different
// variances per head, so box_coder must use PriorBoxVar row by row.
const std::vector<PriorHead> kSsdHeads = {
    {2, 2, {6.f}, {12.f}, {2.f}, true, false, {0.1f, 0.1f, 0.2f, 0.2f}, 0.f, true},
    {1, 1, {10.f}, {14.f}, {3.f}, false, true, {0.2f, 0.2f, 0.3f, 0.3f}, 0.f, true},
    {2, 2, {4.f, 7.f}, {}, {1.f}, false, false, {0.1f, 0.1f, 0.2f, 0.2f}, 9.f, false},
};

// Per image: loc deltas [M][4] and class logits [M][C], in the prior order of the
// concatenated heads (head, then H, W, P).
struct SsdImage {
  std::vector<std::array<float, 4>> deltas;
  std::vector<std::array<float, kSsdClasses>> logits;
};

Dets SsdReference(const std::vector<SsdImage>& images, const NmsAttrs& a, Stats* st) {
  std::vector<Box> priors;
  std::vector<std::array<float, 4>> vars;
  for (const PriorHead& head : kSsdHeads) {
    for (const Box& b : Priors(head, kSsdImage, kSsdImage)) {
      priors.push_back(b);
      vars.push_back(head.variances);
    }
  }
  Dets dets;
  for (const SsdImage& img : images) {
    std::vector<Box> boxes;
    std::vector<std::vector<float>> scores(kSsdClasses, std::vector<float>(priors.size()));
    for (size_t m = 0; m < priors.size(); ++m) {
      boxes.push_back(Decode(priors[m], vars[m], img.deltas[m]));
      float sum = 0.f;
      for (float l : img.logits[m]) sum += std::exp(l);
      for (int c = 0; c < kSsdClasses; ++c) scores[c][m] = std::exp(img.logits[m][c]) / sum;
    }
    dets.push_back(Nms(boxes, scores, a, st));
  }
  return dets;
}

// ---- YOLO

constexpr int kYoloClasses = 2;
constexpr int kYoloEntries = 5 + kYoloClasses;  // x, y, w, h, obj, classes
constexpr float kConfThresh = 0.05f;
constexpr float kScaleXY = 1.05f;

struct YoloHead {
  int h, w, downsample;
  std::vector<int> anchors;  // (w, h) pairs
  int Anchors() const { return static_cast<int>(anchors.size() / 2); }
  int Boxes() const { return Anchors() * h * w; }
};
// A 64x64 network input: a stride-32 head (2x2) and a stride-16 head (4x4); the second
// head's anchor 1 equals the first head's anchor 0, so their boxes can coincide.
const std::vector<YoloHead> kYoloHeads = {
    {2, 2, 32, {20, 24, 40, 36}},
    {4, 4, 16, {8, 10, 20, 24}},
};

// Per image: im_shape and scale_factor (h, w), and per head the logits [box][entry] with
// box = anchor * H * W + row * W + col (yolo_box's order).
struct YoloImage {
  std::array<float, 2> im_shape, scale_factor;
  std::vector<std::vector<std::array<float, kYoloEntries>>> heads;
};

Dets YoloReference(const std::vector<YoloImage>& images, const NmsAttrs& a, Stats* st) {
  Dets dets;
  for (const YoloImage& img : images) {
    // PaddleDetection casts the original image size to int32: 106.67 becomes 106.
    const int img_h = static_cast<int>(img.im_shape[0] / img.scale_factor[0]);
    const int img_w = static_cast<int>(img.im_shape[1] / img.scale_factor[1]);
    std::vector<Box> boxes;
    std::vector<std::vector<float>> scores(kYoloClasses);
    for (size_t hd = 0; hd < kYoloHeads.size(); ++hd) {
      const YoloHead& head = kYoloHeads[hd];
      for (int an = 0; an < head.Anchors(); ++an) {
        for (int row = 0; row < head.h; ++row) {
          for (int col = 0; col < head.w; ++col) {
            const auto& e = img.heads[hd][(an * head.h + row) * head.w + col];
            const float conf = Sigmoid(e[4]);
            if (conf < kConfThresh) {  // yolo_box leaves such cells all zero
              boxes.push_back({0.f, 0.f, 0.f, 0.f});
              for (auto& s : scores) s.push_back(0.f);
              continue;
            }
            const float shift = -0.5f * (kScaleXY - 1.f);
            const float cx = (col + Sigmoid(e[0]) * kScaleXY + shift) * img_w / head.w;
            const float cy = (row + Sigmoid(e[1]) * kScaleXY + shift) * img_h / head.h;
            const float bw =
                std::exp(e[2]) * head.anchors[2 * an] * img_w / (head.downsample * head.w);
            const float bh =
                std::exp(e[3]) * head.anchors[2 * an + 1] * img_h / (head.downsample * head.h);
            Box b{cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2};
            // clip_bbox: into [0, size - 1]
            b.x0 = std::max(b.x0, 0.f);
            b.y0 = std::max(b.y0, 0.f);
            b.x1 = std::min(b.x1, img_w - 1.f);
            b.y1 = std::min(b.y1, img_h - 1.f);
            boxes.push_back(b);
            for (int c = 0; c < kYoloClasses; ++c) scores[c].push_back(conf * Sigmoid(e[5 + c]));
          }
        }
      }
    }
    dets.push_back(Nms(boxes, scores, a, st));
  }
  return dets;
}

// ============================================================ programs and inputs

// A feed of `name` at column `col` (Builder made 'x' column 0).
void Feed(Builder* b, const std::string& name, std::vector<int64_t> dims, int col) {
  b->AddVar(name, cpp::VarKind::kLodTensor, std::move(dims));
  b->Op("feed", {{"X", "feed"}}, {{"Out", name}}).SetAttr<int32_t>("col", col);
}

void SetInt32(cpp::ProgramDesc* program, const std::vector<std::string>& names) {
  for (cpp::VarDesc& v : program->blocks[0].vars) {
    if (std::find(names.begin(), names.end(), v.name) != names.end()) {
      v.precision = PrecisionType::kInt32;  // as Paddle's VarDesc declares them
    }
  }
}

cpp::OpDesc& Transpose(Builder* b, const std::string& in, const std::string& out,
                       std::vector<int32_t> perm) {
  cpp::OpDesc& op = b->Op("transpose2", {{"X", in}}, {{"Out", out}});
  op.SetAttr<std::vector<int32_t>>("axis", std::move(perm));
  return op;
}

void Reshape(Builder* b, const std::string& in, const std::string& out,
             std::vector<int32_t> shape) {
  b->Op("reshape2", {{"X", in}}, {{"Out", out}})
      .SetAttr<std::vector<int32_t>>("shape", std::move(shape));
}

void Concat(Builder* b, const std::vector<std::string>& in, const std::string& out, int axis) {
  cpp::OpDesc& op = b->Op("concat", {{"X", in[0]}}, {{"Out", out}});
  op.SetInput("X", in);
  op.SetAttr<int32_t>("axis", axis);
}

void Nms3(Builder* b, const std::string& boxes, const std::string& scores, const NmsAttrs& a) {
  cpp::OpDesc& nms = b->Op("multiclass_nms3", {{"BBoxes", boxes}, {"Scores", scores}},
                           {{"Out", "dets"}, {"Index", "index"}, {"NmsRoisNum", "rois_num"}});
  nms.SetAttr<int32_t>("background_label", a.background_label);
  nms.SetAttr<float>("score_threshold", a.score_threshold);
  nms.SetAttr<int32_t>("nms_top_k", a.nms_top_k);
  nms.SetAttr<float>("nms_threshold", a.nms_threshold);
  nms.SetAttr<float>("nms_eta", 1.f);
  nms.SetAttr<int32_t>("keep_top_k", a.keep_top_k);
  nms.SetAttr<bool>("normalized", a.normalized);
  // Like the exports: the detections and their count per image are the outputs.
  b->Fetch("dets", 0);
  b->Fetch("rois_num", 1);
}

// feeds: image (col 0), then per head its loc map [N, P*4, H, W] and class map
// [N, P*C, H, W] (what the head's convolutions would give).
cpp::ProgramDesc SsdProgram(const NmsAttrs& a) {
  Builder b({-1, 3, static_cast<int64_t>(kSsdImage), static_cast<int64_t>(kSsdImage)});
  std::vector<std::string> priors, vars, locs, confs;
  for (size_t i = 0; i < kSsdHeads.size(); ++i) {
    const PriorHead& head = kSsdHeads[i];
    const std::string s = std::to_string(i);
    const int64_t p = head.PriorsPerCell();
    Feed(&b, "loc" + s, {-1, p * 4, head.h, head.w}, static_cast<int>(2 * i + 1));
    Feed(&b, "conf" + s, {-1, p * kSsdClasses, head.h, head.w}, static_cast<int>(2 * i + 2));
    // prior_box reads only the H and W of Input, which the loc map shares with the feature.
    cpp::OpDesc& pb = b.Op("prior_box", {{"Input", "loc" + s}, {"Image", "x"}},
                           {{"Boxes", "prior" + s}, {"Variances", "var" + s}});
    pb.SetAttr<std::vector<float>>("min_sizes", head.min_sizes);
    pb.SetAttr<std::vector<float>>("max_sizes", head.max_sizes);
    pb.SetAttr<std::vector<float>>("aspect_ratios", head.aspect_ratios);
    pb.SetAttr<std::vector<float>>("variances",
                                   {head.variances.begin(), head.variances.end()});
    pb.SetAttr<bool>("flip", head.flip);
    pb.SetAttr<bool>("clip", head.clip);
    pb.SetAttr<float>("step_w", head.step);
    pb.SetAttr<float>("step_h", head.step);
    pb.SetAttr<float>("offset", 0.5f);
    pb.SetAttr<bool>("min_max_aspect_ratios_order", head.min_max_order);
    Reshape(&b, "prior" + s, "prior_flat" + s, {-1, 4});
    Reshape(&b, "var" + s, "var_flat" + s, {-1, 4});
    Transpose(&b, "loc" + s, "loc_nhwc" + s, {0, 2, 3, 1});
    Reshape(&b, "loc_nhwc" + s, "loc_flat" + s, {0, -1, 4});
    Transpose(&b, "conf" + s, "conf_nhwc" + s, {0, 2, 3, 1});
    Reshape(&b, "conf_nhwc" + s, "conf_flat" + s, {0, -1, kSsdClasses});
    priors.push_back("prior_flat" + s);
    vars.push_back("var_flat" + s);
    locs.push_back("loc_flat" + s);
    confs.push_back("conf_flat" + s);
  }
  Concat(&b, priors, "priors", 0);
  Concat(&b, vars, "prior_vars", 0);
  Concat(&b, locs, "locs", 1);
  Concat(&b, confs, "confs", 1);
  cpp::OpDesc& coder = b.Op(
      "box_coder", {{"PriorBox", "priors"}, {"PriorBoxVar", "prior_vars"}, {"TargetBox", "locs"}},
      {{"OutputBox", "boxes"}});
  coder.SetAttr<std::string>("code_type", "decode_center_size");
  coder.SetAttr<bool>("box_normalized", true);
  coder.SetAttr<int32_t>("axis", 0);
  b.Op("softmax", {{"X", "confs"}}, {{"Out", "probs"}}).SetAttr<int32_t>("axis", -1);
  Transpose(&b, "probs", "scores", {0, 2, 1});
  Nms3(&b, "boxes", "scores", a);
  cpp::ProgramDesc program = b.program();
  SetInt32(&program, {"index", "rois_num"});
  return program;
}

// feeds: the two heads' maps (cols 0, 1), im_shape (2) and scale_factor (3), [N, 2] each.
cpp::ProgramDesc YoloProgram(const NmsAttrs& a) {
  const auto channels = [](const YoloHead& h) { return int64_t{h.Anchors()} * kYoloEntries; };
  Builder b({-1, channels(kYoloHeads[0]), kYoloHeads[0].h, kYoloHeads[0].w});
  Feed(&b, "head1", {-1, channels(kYoloHeads[1]), kYoloHeads[1].h, kYoloHeads[1].w}, 1);
  Feed(&b, "im_shape", {-1, 2}, 2);
  Feed(&b, "scale_factor", {-1, 2}, 3);
  b.Op("elementwise_div", {{"X", "im_shape"}, {"Y", "scale_factor"}}, {{"Out", "origin_f"}})
      .SetAttr<int32_t>("axis", -1);
  cpp::OpDesc& cast = b.Op("cast", {{"X", "origin_f"}}, {{"Out", "origin"}});
  cast.SetAttr<int32_t>("in_dtype", 5);   // FP32
  cast.SetAttr<int32_t>("out_dtype", 2);  // INT32
  std::vector<std::string> boxes, scores;
  for (size_t i = 0; i < kYoloHeads.size(); ++i) {
    const YoloHead& head = kYoloHeads[i];
    const std::string s = std::to_string(i);
    cpp::OpDesc& yb = b.Op("yolo_box", {{"X", i == 0 ? "x" : "head1"}, {"ImgSize", "origin"}},
                           {{"Boxes", "boxes" + s}, {"Scores", "scores" + s}});
    yb.SetAttr<std::vector<int32_t>>("anchors", head.anchors);
    yb.SetAttr<int32_t>("class_num", kYoloClasses);
    yb.SetAttr<float>("conf_thresh", kConfThresh);
    yb.SetAttr<int32_t>("downsample_ratio", head.downsample);
    yb.SetAttr<bool>("clip_bbox", true);
    yb.SetAttr<float>("scale_x_y", kScaleXY);
    Transpose(&b, "scores" + s, "scores_t" + s, {0, 2, 1});
    boxes.push_back("boxes" + s);
    scores.push_back("scores_t" + s);
  }
  Concat(&b, boxes, "boxes", 1);
  Concat(&b, scores, "scores", 2);
  Nms3(&b, "boxes", "scores", a);
  cpp::ProgramDesc program = b.program();
  SetInt32(&program, {"origin", "index", "rois_num"});
  return program;
}

struct Input {
  lite_api::shape_t shape;
  std::vector<float> values;
};

// Per-prior deltas and logits of a batch, laid out as the heads' NCHW maps:
// channel p * K + k of cell (y, x) holds entry k of prior (y, x, p).
std::vector<Input> SsdInputs(const std::vector<SsdImage>& images) {
  const int64_t n = static_cast<int64_t>(images.size());
  std::vector<Input> in = {{{n, 3, 16, 16}, std::vector<float>(n * 3 * 16 * 16, 0.5f)}};
  int first = 0;  // index of the head's first prior
  for (const PriorHead& head : kSsdHeads) {
    const int p = head.PriorsPerCell();
    Input loc{{n, p * 4, head.h, head.w}, {}};
    Input conf{{n, p * kSsdClasses, head.h, head.w}, {}};
    for (const SsdImage& img : images) {
      for (int ch = 0; ch < p * 4; ++ch) {
        for (int cell = 0; cell < head.h * head.w; ++cell) {
          loc.values.push_back(img.deltas[first + cell * p + ch / 4][ch % 4]);
        }
      }
      for (int ch = 0; ch < p * kSsdClasses; ++ch) {
        for (int cell = 0; cell < head.h * head.w; ++cell) {
          conf.values.push_back(img.logits[first + cell * p + ch / kSsdClasses][ch % kSsdClasses]);
        }
      }
    }
    in.push_back(loc);
    in.push_back(conf);
    first += head.h * head.w * p;
  }
  return in;
}

std::vector<Input> YoloInputs(const std::vector<YoloImage>& images) {
  const int64_t n = static_cast<int64_t>(images.size());
  std::vector<Input> in;
  for (size_t hd = 0; hd < kYoloHeads.size(); ++hd) {
    const YoloHead& head = kYoloHeads[hd];
    const int cells = head.h * head.w;
    Input map{{n, head.Anchors() * kYoloEntries, head.h, head.w}, {}};
    for (const YoloImage& img : images) {
      for (int an = 0; an < head.Anchors(); ++an) {
        for (int e = 0; e < kYoloEntries; ++e) {
          for (int cell = 0; cell < cells; ++cell) {
            map.values.push_back(img.heads[hd][an * cells + cell][e]);
          }
        }
      }
    }
    in.push_back(map);
  }
  Input shape{{n, 2}, {}}, scale{{n, 2}, {}};
  for (const YoloImage& img : images) {
    shape.values.insert(shape.values.end(), img.im_shape.begin(), img.im_shape.end());
    scale.values.insert(scale.values.end(), img.scale_factor.begin(), img.scale_factor.end());
  }
  in.push_back(shape);
  in.push_back(scale);
  return in;
}

// ============================================================ running and comparing

struct Result {
  lite_api::shape_t shape;
  std::vector<float> rows;
  lite_api::lod_t lod;
  std::vector<int32_t> rois_num;
};

Result Run(PaddlePredictor* p, const std::vector<Input>& inputs) {
  for (size_t i = 0; i < inputs.size(); ++i) {
    SetInput(p, static_cast<int>(i), inputs[i].shape, inputs[i].values);
  }
  p->Run();
  Result r;
  auto out = p->GetOutput(0);
  r.shape = out->shape();
  r.rows = OutputFloats(*p, 0);
  r.lod = out->lod();
  auto num = p->GetOutput(1);
  const int32_t* d = num->data<int32_t>();
  r.rois_num.assign(d, d + num->numel());
  return r;
}

// Labels and counts exactly; scores to 1e-5; coordinates to 1e-5 of their scale (1 for
// normalized boxes, the image size for pixel boxes).
void ExpectDetections(const Result& r, const Dets& want, float coord_scale,
                      const std::string& what) {
  SCOPED_TRACE(what);
  size_t total = 0;
  lite_api::lod_t lod = {{0}};
  std::vector<int32_t> counts;
  for (const auto& img : want) {
    total += img.size();
    lod[0].push_back(total);
    counts.push_back(static_cast<int32_t>(img.size()));
  }
  ASSERT_EQ(r.shape, (lite_api::shape_t{static_cast<int64_t>(total), 6}));
  EXPECT_EQ(r.rois_num, counts);
  EXPECT_EQ(r.lod, lod);
  size_t row = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    for (const Det& d : want[i]) {
      const float* o = r.rows.data() + row * 6;
      SCOPED_TRACE("image " + std::to_string(i) + ", row " + std::to_string(row));
      EXPECT_EQ(o[0], static_cast<float>(d.label));
      EXPECT_NEAR(o[1], d.score, 1e-5f);
      const float tol = 1e-5f * coord_scale;
      EXPECT_NEAR(o[2], d.box.x0, tol);
      EXPECT_NEAR(o[3], d.box.y0, tol);
      EXPECT_NEAR(o[4], d.box.x1, tol);
      EXPECT_NEAR(o[5], d.box.y1, tol);
      ++row;
    }
  }
}

class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/plite_detection_XXXXXX";
    path_ = mkdtemp(tmpl);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// One batch and what the reference says it gives.
struct Case {
  std::string name;
  std::vector<Input> inputs;
  Dets want;
};

// Writes `program` as a Paddle model, then for host and x86+host: CxxConfig, and the .nb it
// saves through MobileConfig. Each predictor runs the cases in order twice, so a run after
// an empty result (and the reverse) is covered too.
void RunEverywhere(const cpp::ProgramDesc& program, const std::vector<Case>& cases,
                   float coord_scale) {
  TempDir dir;
  Scope no_weights;
  const ModelFiles files = SaveModelPb(dir.path() + "/model", program, no_weights, true);
  const std::vector<std::pair<std::string, std::vector<lite_api::Place>>> place_sets = {
      {"host", {lite_api::Place{TARGET(kHost), PRECISION(kFloat)}}},
      {"x86+host",
       {lite_api::Place{TARGET(kX86), PRECISION(kFloat)},
        lite_api::Place{TARGET(kHost), PRECISION(kFloat)}}},
  };
  for (const auto& [places_name, places] : place_sets) {
    CxxConfig config;
    config.set_model_file(files.model_file);
    config.set_param_file(files.params_file);
    config.set_valid_places(places);
    auto full = lite_api::CreatePaddlePredictor(config);
    // Which kernels ran: with x86 places on an AVX2 CPU the transposes, concats and
    // softmax (and elementwise_div) are x86 kernels between the host detection kernels.
    std::string x86_ops;
    for (const cpp::OpDesc& op :
         dynamic_cast<const ProgramPredictor&>(*full).optimized_program().blocks[0].ops) {
      if (op.GetAttrOr<std::string>(kKernelKeyAttr, "").find(",x86,") != std::string::npos) {
        x86_ops += " " + op.Type();
      }
    }
    std::printf("[detection_pipeline] %s, x86 kernels:%s\n", places_name.c_str(),
                x86_ops.empty() ? " none" : x86_ops.c_str());
    if (places.size() > 1 && X86KernelsRunHere()) {
      EXPECT_FALSE(x86_ops.empty());
    }
    const std::string nb = dir.path() + "/opt_" + (places.size() == 1 ? "host" : "x86");
    full->SaveOptimizedModel(nb, lite_api::LiteModelType::kNaiveBuffer);
    MobileConfig light_config;
    light_config.set_model_from_file(nb + ".nb");
    auto light = lite_api::CreatePaddlePredictor(light_config);
    for (auto [api, p] : {std::make_pair("CxxConfig", full.get()),
                          std::make_pair("MobileConfig .nb", light.get())}) {
      for (int pass = 0; pass < 2; ++pass) {
        for (const Case& c : cases) {
          ExpectDetections(Run(p, c.inputs), c.want, coord_scale,
                           c.name + " on " + places_name + " via " + api);
        }
      }
    }
  }
}

// ============================================================ the SSD head

// Most priors are background: logits (2, -1, -1) give p = (0.909, 0.045, 0.045).
std::vector<SsdImage> SsdBackgroundBatch(int n) {
  int m = 0;
  for (const PriorHead& head : kSsdHeads) m += head.h * head.w * head.PriorsPerCell();
  std::vector<SsdImage> images(n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < m; ++j) {
      const float t = static_cast<float>(i * m + j);
      // Small deltas that move and resize every box a little.
      images[i].deltas.push_back({0.8f * std::sin(1.3f * t), 0.8f * std::cos(0.7f * t),
                                  0.5f * std::sin(0.9f * t + 1.f), 0.5f * std::cos(1.1f * t)});
      images[i].logits.push_back({2.f, -1.f, -1.f});
    }
  }
  return images;
}

// Prior indices: head 0 cell (y, x) prior p is (y * 2 + x) * 4 + p with p = ratio 1, 2,
// 1/2, sqrt(min*max); head 1's three priors are 16 (10x10), 17 (sqrt 140), 18 (ratio 3);
// head 2 cell (y, x) min size s is 19 + (y * 2 + x) * 2 + s.
std::vector<SsdImage> SsdBatch() {
  std::vector<SsdImage> images = SsdBackgroundBatch(2);
  SsdImage& a = images[0];
  // Class 1: prior 0 (0.965) and prior 3 (0.509), the same cell's larger square; decoded
  // they overlap with IoU 0.53 > 0.45, so prior 3 goes. Prior 6 (0.787) is elsewhere.
  a.deltas[0] = {1.f, -1.f, 0.f, 0.f};
  a.deltas[3] = {0.f, 0.f, 0.f, 0.f};
  a.logits[0] = {0.f, 4.f, 0.f};
  a.logits[3] = {0.f, 1.5f, 1.2f};  // class 2: 0.377, alone in its class near here
  a.logits[6] = {0.f, 2.f, 0.f};
  // Class 2: prior 16 (0.960) suppresses prior 17 (0.899, IoU about 0.7).
  a.logits[16] = {0.f, -1.f, 3.5f};
  a.logits[17] = {0.f, -1.f, 2.5f};
  // Image 1: two detections (prior 10, class 2, 0.936; prior 26, the unclipped one, class
  // 1, 0.925); prior 12 (class 1, 0.247) is below the threshold.
  images[1].logits[10] = {0.f, -1.f, 3.f};
  images[1].logits[26] = {0.f, 3.2f, 0.f};
  images[1].logits[12] = {1.f, 0.2f, 0.f};
  return images;
}

const NmsAttrs kSsdNms = {0, 0.3f, 400, 0.45f, 3, true};

}  // namespace

// The reference's own priors and decode, against values worked by hand.
TEST(DetectionPipeline, ReferenceMatchesHandWorkedValues) {
  const std::vector<Box> head0 = Priors(kSsdHeads[0], kSsdImage, kSsdImage);
  ASSERT_EQ(head0.size(), 16u);
  // Cell (0, 0), centre (4, 4): 6x6 -> [1, 7] / 16; ratio 2: 8.49 x 4.24.
  EXPECT_NEAR(head0[0].x0, 1.f / 16, 1e-6f);
  EXPECT_NEAR(head0[0].y1, 7.f / 16, 1e-6f);
  EXPECT_NEAR(head0[1].x1, (4.f + 3.f * std::sqrt(2.f)) / 16, 1e-6f);
  EXPECT_NEAR(head0[1].y1, (4.f + 3.f / std::sqrt(2.f)) / 16, 1e-6f);
  // The sqrt(6*12) square reaches past the image's corner: clipped to 0.
  EXPECT_EQ(head0[3].x0, 0.f);
  EXPECT_NEAR(head0[3].x1, (4.f + std::sqrt(72.f) / 2) / 16, 1e-6f);
  const std::vector<Box> head1 = Priors(kSsdHeads[1], kSsdImage, kSsdImage);
  ASSERT_EQ(head1.size(), 3u);
  // min_max_aspect_ratios_order: 10x10, sqrt(140) square, then 17.3 x 5.77 clipped in x.
  EXPECT_NEAR(head1[0].x0, 3.f / 16, 1e-6f);
  EXPECT_NEAR(head1[1].x1, (8.f + std::sqrt(140.f) / 2) / 16, 1e-6f);
  EXPECT_EQ(head1[2].x0, 0.f);
  EXPECT_EQ(head1[2].x1, 1.f);
  EXPECT_NEAR(head1[2].y0, (8.f - 5.f / std::sqrt(3.f)) / 16, 1e-6f);
  const std::vector<Box> head2 = Priors(kSsdHeads[2], kSsdImage, kSsdImage);
  ASSERT_EQ(head2.size(), 8u);  // ratio 1 given again adds nothing: 2 priors a cell
  // Cell (0, 0) centre (4.5, 4.5) with step 9: 4x4, then 7x7.
  EXPECT_NEAR(head2[0].x0, 2.5f / 16, 1e-6f);
  EXPECT_NEAR(head2[1].x1, 8.f / 16, 1e-6f);
  // Cell (1, 1) centre (13.5, 13.5): the 7x7 prior ends at 17 / 16, unclipped.
  EXPECT_NEAR(head2[7].x1, 17.f / 16, 1e-6f);
  EXPECT_NEAR(head2[7].y0, 10.f / 16, 1e-6f);
  // Prior 0 decoded with deltas (1, -1, 0, 0), variances 0.1: centre moves by 0.1 * 0.375.
  const Box d = Decode(head0[0], kSsdHeads[0].variances, {1.f, -1.f, 0.f, 0.f});
  EXPECT_NEAR(d.x0, 0.1f, 1e-6f);
  EXPECT_NEAR(d.y0, 0.025f, 1e-6f);
  EXPECT_NEAR(d.x1, 0.475f, 1e-6f);
  EXPECT_NEAR(d.y1, 0.4f, 1e-6f);
}

TEST(DetectionPipeline, SsdHeadMatchesTheReference) {
  const auto start = std::chrono::steady_clock::now();
  Stats st;
  const std::vector<SsdImage> batch = SsdBatch();
  const Dets want = SsdReference(batch, kSsdNms, &st);
  // The inputs reach the cases they are meant to: image 0 keeps 3 rows (4 survive NMS,
  // keep_top_k 3 drops class 2's 0.377), image 1 keeps 2; two boxes suppressed; most
  // priors' background scores pass the threshold and are skipped.
  ASSERT_EQ(want.size(), 2u);
  ASSERT_EQ(want[0].size(), 3u);
  ASSERT_EQ(want[1].size(), 2u);
  EXPECT_EQ(st.suppressed, 2);
  EXPECT_EQ(st.truncated, 1);
  EXPECT_GE(st.background_candidates, 40);
  // No decision within 1e-2 of its threshold.
  EXPECT_GT(st.score_margin, 1e-2f);
  EXPECT_GT(st.iou_margin, 1e-2f);
  // Rows by label: class 1's prior 0 (hand-worked above) and prior 6, then class 2's
  // prior 16 (better than prior 6, but labels come first).
  const float e4 = std::exp(4.f);
  EXPECT_EQ(want[0][0].label, 1);
  EXPECT_NEAR(want[0][0].score, e4 / (e4 + 2.f), 1e-6f);
  EXPECT_NEAR(want[0][0].box.x0, 0.1f, 1e-6f);
  EXPECT_EQ(want[0][1].label, 1);
  EXPECT_EQ(want[0][2].label, 2);
  EXPECT_GT(want[0][2].score, want[0][1].score);
  EXPECT_EQ(want[1][0].label, 1);
  EXPECT_GT(want[1][0].box.x1, 1.f);  // from the unclipped prior

  // nms_top_k 1 leaves one candidate per class; keep_top_k -1 keeps everything.
  const NmsAttrs top1 = {0, 0.3f, 1, 0.45f, -1, true};
  Stats st1;
  const Dets want_top1 = SsdReference(batch, top1, &st1);
  ASSERT_EQ(want_top1[0].size(), 2u);
  ASSERT_EQ(want_top1[1].size(), 2u);

  // All background: no rows at all.
  Stats st_empty;
  const std::vector<SsdImage> empty_batch = SsdBackgroundBatch(2);
  const Dets none = SsdReference(empty_batch, kSsdNms, &st_empty);
  ASSERT_TRUE(none[0].empty() && none[1].empty());

  RunEverywhere(SsdProgram(kSsdNms),
                {{"ssd batch", SsdInputs(batch), want},
                 {"ssd all background", SsdInputs(empty_batch), none},
                 {"ssd first image empty", SsdInputs({empty_batch[0], batch[1]}), {{}, want[1]}},
                 {"ssd one image", SsdInputs({batch[1]}), {want[1]}}},
                1.f);
  RunEverywhere(SsdProgram(top1), {{"ssd nms_top_k 1", SsdInputs(batch), want_top1}}, 1.f);
  std::printf("[detection_pipeline] ssd: %.0f ms\n",
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                  .count());
}

// ============================================================ the PP-YOLO head

namespace {

// Every cell below conf_thresh (obj -5: 0.0067), with small varying box logits.
std::vector<YoloImage> YoloBackgroundBatch() {
  std::vector<YoloImage> images(2);
  // Image 0: 64x64 at scale 0.5 -> 128x128. Image 1: scale (0.6, 0.5) -> 106.67 -> 106 high.
  images[0].im_shape = {64.f, 64.f};
  images[0].scale_factor = {0.5f, 0.5f};
  images[1].im_shape = {64.f, 64.f};
  images[1].scale_factor = {0.6f, 0.5f};
  int t = 0;
  for (YoloImage& img : images) {
    for (const YoloHead& head : kYoloHeads) {
      std::vector<std::array<float, kYoloEntries>> boxes(head.Boxes());
      for (auto& e : boxes) {
        e = {0.4f * std::sin(0.9f * t), 0.4f * std::cos(1.7f * t), 0.3f * std::sin(2.3f * t),
             0.3f * std::cos(0.5f * t), -5.f, 0.f, 0.f};
        ++t;
      }
      img.heads.push_back(boxes);
    }
  }
  return images;
}

// head 0 box index = anchor * 4 + row * 2 + col; head 1: anchor * 16 + row * 4 + col.
std::vector<YoloImage> YoloBatch() {
  std::vector<YoloImage> images = YoloBackgroundBatch();
  auto& h0 = images[0].heads[0];
  auto& h1 = images[0].heads[1];
  // Class 0: head 0 anchor 0 at (0, 0), pushed to centre (47.5, 47.5), 40x48 px (0.84) ...
  h0[0] = {1.f, 1.f, 0.f, 0.f, 3.f, 2.f, -3.f};
  // ... suppresses head 1 anchor 1 at (1, 1), centre (48, 48), the same anchor (0.72).
  h1[16 + 5] = {0.f, 0.f, 0.1f, 0.f, 2.f, 1.5f, -3.f};
  // Head 0 anchor 1 at (1, 1): a big box clipped to 127 on the right and bottom; class 0
  // (0.509) and class 1 (0.470, dropped by keep_top_k 3).
  h0[4 + 3] = {0.f, 0.f, 0.5f, 0.5f, 1.5f, 0.5f, 0.3f};
  // Class 1: head 1 anchor 0 at (3, 2) (0.854).
  h1[14] = {0.2f, -0.2f, 0.f, 0.f, 2.5f, -3.f, 2.5f};
  // Confident enough to be decoded (0.119 > conf_thresh) but scores 0.06 < 0.1.
  h1[3] = {0.f, 0.f, 0.f, 0.f, -2.f, 0.f, 0.f};
  // Image 1: two boxes, one at the bottom edge of the 106-pixel-high image.
  images[1].heads[1][0] = {0.f, 0.f, 0.f, 0.f, 2.f, -3.f, 1.f};
  images[1].heads[0][2] = {0.f, 0.5f, 0.3f, 0.3f, 1.f, 1.f, -3.f};
  return images;
}

const NmsAttrs kYoloNms = {-1, 0.1f, 100, 0.45f, 3, false};

}  // namespace

TEST(DetectionPipeline, YoloHeadMatchesTheReference) {
  const auto start = std::chrono::steady_clock::now();
  Stats st;
  const std::vector<YoloImage> batch = YoloBatch();
  const Dets want = YoloReference(batch, kYoloNms, &st);
  ASSERT_EQ(want.size(), 2u);
  ASSERT_EQ(want[0].size(), 3u);
  ASSERT_EQ(want[1].size(), 2u);
  EXPECT_EQ(st.suppressed, 1);
  EXPECT_EQ(st.truncated, 1);
  EXPECT_GT(st.score_margin, 1e-2f);
  EXPECT_GT(st.iou_margin, 1e-2f);
  // The clipped box of image 0 and the truncated image height of image 1.
  EXPECT_EQ(want[0][1].box.x1, 127.f);
  EXPECT_EQ(want[0][1].box.y1, 127.f);
  EXPECT_EQ(want[1][0].box.y1, 105.f);

  Stats st_empty;
  const std::vector<YoloImage> empty_batch = YoloBackgroundBatch();
  const Dets none = YoloReference(empty_batch, kYoloNms, &st_empty);
  ASSERT_TRUE(none[0].empty() && none[1].empty());

  RunEverywhere(YoloProgram(kYoloNms),
                {{"yolo batch", YoloInputs(batch), want},
                 {"yolo nothing confident", YoloInputs(empty_batch), none}},
                128.f);
  std::printf("[detection_pipeline] yolo: %.0f ms\n",
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                  .count());
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
