// multiclass_nms(2/3) on host, float32, 3-D form. Per image:
//  1. per class (background_label skipped): boxes scoring strictly above score_threshold,
//     stable-sorted by score descending, cut to nms_top_k (-1 = all); greedy NMS keeps a
//     box when its IoU with every kept box is <= the threshold (which shrinks by nms_eta
//     after each kept box while it is above 0.5);
//  2. when more than keep_top_k (-1 = all) survive, the keep_top_k best scores (stable
//     order) are kept;
//  3. rows are written grouped by label ascending, score descending within a label.
// normalized=false adds 1 to widths and heights (pixel boxes).
#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

namespace {
float BoxArea(const float* b, bool normalized) {
  if (b[2] < b[0] || b[3] < b[1]) return 0.f;
  const float w = b[2] - b[0];
  const float h = b[3] - b[1];
  return normalized ? w * h : (w + 1) * (h + 1);
}

float IoU(const float* a, const float* b, bool normalized) {
  if (b[0] > a[2] || b[2] < a[0] || b[1] > a[3] || b[3] < a[1]) return 0.f;
  const float norm = normalized ? 0.f : 1.f;
  const float w = std::min(a[2], b[2]) - std::max(a[0], b[0]) + norm;
  const float h = std::min(a[3], b[3]) - std::max(a[1], b[1]) + norm;
  const float inter = w * h;
  return inter / (BoxArea(a, normalized) + BoxArea(b, normalized) - inter);
}

// Boxes kept for one class, in the order NMS kept them (score descending).
std::vector<int> NmsOneClass(const float* boxes, const float* scores, int num_boxes,
                             const operators::MulticlassNmsParam& p) {
  std::vector<std::pair<float, int>> candidates;
  for (int i = 0; i < num_boxes; ++i) {
    if (scores[i] > p.score_threshold) candidates.emplace_back(scores[i], i);
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const std::pair<float, int>& a, const std::pair<float, int>& b) {
                     return a.first > b.first;
                   });
  if (p.nms_top_k > -1 && p.nms_top_k < static_cast<int>(candidates.size())) {
    candidates.resize(p.nms_top_k);
  }
  std::vector<int> kept;
  float threshold = p.nms_threshold;
  for (const auto& c : candidates) {
    bool keep = true;
    for (int k : kept) {
      if (!(IoU(boxes + c.second * 4, boxes + k * 4, p.normalized) <= threshold)) {
        keep = false;
        break;
      }
    }
    if (keep) {
      kept.push_back(c.second);
      if (p.nms_eta < 1.f && threshold > 0.5f) threshold *= p.nms_eta;
    }
  }
  return kept;
}

// label -> kept box indices for one image ([C, M] scores, [M, 4] boxes).
std::map<int, std::vector<int>> NmsOneImage(const float* boxes, const float* scores,
                                            int num_classes, int num_boxes,
                                            const operators::MulticlassNmsParam& p) {
  std::map<int, std::vector<int>> kept;
  int total = 0;
  for (int c = 0; c < num_classes; ++c) {
    if (c == p.background_label) continue;
    kept[c] = NmsOneClass(boxes, scores + static_cast<int64_t>(c) * num_boxes, num_boxes, p);
    total += static_cast<int>(kept[c].size());
  }
  if (p.keep_top_k > -1 && total > p.keep_top_k) {
    std::vector<std::pair<float, std::pair<int, int>>> all;  // (score, (label, box))
    for (const auto& kv : kept) {
      for (int idx : kv.second) {
        all.push_back({scores[static_cast<int64_t>(kv.first) * num_boxes + idx], {kv.first, idx}});
      }
    }
    std::stable_sort(all.begin(), all.end(),
                     [](const std::pair<float, std::pair<int, int>>& a,
                        const std::pair<float, std::pair<int, int>>& b) {
                       return a.first > b.first;
                     });
    all.resize(p.keep_top_k);
    kept.clear();
    for (const auto& s : all) kept[s.second.first].push_back(s.second.second);
  }
  return kept;
}
}  // namespace

class MulticlassNmsCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& p = Param<operators::MulticlassNmsParam>();
    const DDim& sd = p.scores->dims();
    const int n = static_cast<int>(sd[0]);
    const int num_classes = static_cast<int>(sd[1]);
    const int num_boxes = static_cast<int>(sd[2]);
    const float* boxes = p.bboxes->data<float>();
    const float* scores = p.scores->data<float>();

    std::vector<std::map<int, std::vector<int>>> per_image;
    std::vector<uint64_t> starts = {0};
    for (int i = 0; i < n; ++i) {
      per_image.push_back(NmsOneImage(boxes + static_cast<int64_t>(i) * num_boxes * 4,
                                      scores + static_cast<int64_t>(i) * num_classes * num_boxes,
                                      num_classes, num_boxes, p));
      uint64_t count = 0;
      for (const auto& kv : per_image.back()) count += kv.second.size();
      starts.push_back(starts.back() + count);
    }
    const int64_t rows = static_cast<int64_t>(starts.back());

    if (p.nms_rois_num) {
      p.nms_rois_num->Resize({n});
      int32_t* num = p.nms_rois_num->mutable_data<int32_t>();
      for (int i = 0; i < n; ++i) num[i] = static_cast<int32_t>(starts[i + 1] - starts[i]);
    }
    if (rows == 0 && !p.index) {
      // multiclass_nms (no Index output) reports "nothing found" as one [-1] row.
      p.out->Resize({1, 1});
      p.out->mutable_data<float>()[0] = -1.f;
      p.out->set_lod({{0, 1}});
      return;
    }

    p.out->Resize({rows, 6});
    float* out = p.out->mutable_data<float>();
    int32_t* index = nullptr;
    if (p.index) {
      p.index->Resize({rows, 1});
      index = p.index->mutable_data<int32_t>();
    }
    int64_t row = 0;
    for (int i = 0; i < n; ++i) {
      const float* img_boxes = boxes + static_cast<int64_t>(i) * num_boxes * 4;
      const float* img_scores = scores + static_cast<int64_t>(i) * num_classes * num_boxes;
      for (const auto& kv : per_image[i]) {  // labels ascending
        for (int idx : kv.second) {
          float* r = out + row * 6;
          r[0] = static_cast<float>(kv.first);
          r[1] = img_scores[static_cast<int64_t>(kv.first) * num_boxes + idx];
          for (int j = 0; j < 4; ++j) r[2 + j] = img_boxes[idx * 4 + j];
          if (index) index[row] = i * num_boxes + idx;
          ++row;
        }
      }
    }
    p.out->set_lod({starts});
    if (p.index) p.index->set_lod({starts});
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS((multiclass_nms, multiclass_nms2, multiclass_nms3), kHost, kFloat, kNCHW, paddle::lite::kernels::host::MulticlassNmsCompute, def)
    .BindInput("BBoxes", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("Scores", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("RoisNum", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt32))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Index", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt32))})
    .BindOutput("NmsRoisNum", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt32))})
    .Finalize();
