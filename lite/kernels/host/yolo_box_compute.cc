// yolo_box on host, float32. For each image, anchor and grid cell (row k, column l):
//   conf = sigmoid(t_obj)            (iou_aware: conf^(1-f) * sigmoid(t_iou)^f)
//   cells with conf < conf_thresh keep zero box and zero scores;
//   cx = (l + sigmoid(t_x) * s + bias) * img_w / W,   bias = -0.5 * (s - 1), s = scale_x_y
//   cy = (k + sigmoid(t_y) * s + bias) * img_h / H
//   bw = exp(t_w) * anchor_w * img_w / (downsample_ratio * W)   (bh likewise with h)
//   box = (cx - bw/2, cy - bh/2, cx + bw/2, cy + bh/2), clipped to [0, img - 1] on request;
//   score[c] = conf * sigmoid(t_class_c).
#include <cmath>
#include <cstring>

#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

namespace {
inline float Sigmoid(float x) { return static_cast<float>(1.0 / (1.0 + std::exp(-x))); }
}  // namespace

class YoloBoxCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& p = Param<operators::YoloBoxParam>();
    PLITE_CHECK(p.img_size->precision() == PrecisionType::kInt32, "op 'yolo_box': ImgSize must "
                "be int32, got ", lite_api::PrecisionToStr(p.img_size->precision()));
    const DDim& xd = p.x->dims();
    const int n = static_cast<int>(xd[0]);
    const int h = static_cast<int>(xd[2]);
    const int w = static_cast<int>(xd[3]);
    const int stride = h * w;
    const int anchor_num = static_cast<int>(p.anchors.size() / 2);
    const int class_num = p.class_num;
    const int box_num = anchor_num * stride;
    const int input_h = p.downsample_ratio * h;  // network input size this head covers
    const int input_w = p.downsample_ratio * w;
    const float scale = p.scale_x_y;
    const float bias = static_cast<float>(-0.5 * (scale - 1.));

    const float* x = p.x->data<float>();
    const int32_t* img_size = p.img_size->data<int32_t>();
    float* boxes = p.boxes->mutable_data<float>();
    float* scores = p.scores->mutable_data<float>();
    std::memset(boxes, 0, p.boxes->numel() * sizeof(float));
    std::memset(scores, 0, p.scores->numel() * sizeof(float));

    const int64_t batch_size = xd.count(1, 4);
    for (int b = 0; b < n; ++b) {
      const int img_h = img_size[2 * b];
      const int img_w = img_size[2 * b + 1];
      const float* xb = x + b * batch_size;
      // iou_aware heads put one IoU map per anchor in front of the usual entries.
      const float* iou_maps = xb;
      const float* head = p.iou_aware ? xb + anchor_num * stride : xb;
      for (int a = 0; a < anchor_num; ++a) {
        const float* e = head + static_cast<int64_t>(a) * (5 + class_num) * stride;
        for (int k = 0; k < h; ++k) {
          for (int l = 0; l < w; ++l) {
            const int hw = k * w + l;
            float conf = Sigmoid(e[4 * stride + hw]);
            if (p.iou_aware) {
              const float iou = Sigmoid(iou_maps[a * stride + hw]);
              conf = std::pow(conf, 1.f - p.iou_aware_factor) * std::pow(iou, p.iou_aware_factor);
            }
            if (conf < p.conf_thresh) continue;
            const float cx = (l + Sigmoid(e[hw]) * scale + bias) * img_w / w;
            const float cy = (k + Sigmoid(e[stride + hw]) * scale + bias) * img_h / h;
            const float bw = std::exp(e[2 * stride + hw]) * p.anchors[2 * a] * img_w / input_w;
            const float bh = std::exp(e[3 * stride + hw]) * p.anchors[2 * a + 1] * img_h / input_h;
            const int64_t box = static_cast<int64_t>(b) * box_num + a * stride + hw;
            float* out = boxes + box * 4;
            out[0] = cx - bw / 2;
            out[1] = cy - bh / 2;
            out[2] = cx + bw / 2;
            out[3] = cy + bh / 2;
            if (p.clip_bbox) {
              out[0] = out[0] > 0 ? out[0] : 0.f;
              out[1] = out[1] > 0 ? out[1] : 0.f;
              out[2] = out[2] < img_w - 1 ? out[2] : static_cast<float>(img_w - 1);
              out[3] = out[3] < img_h - 1 ? out[3] : static_cast<float>(img_h - 1);
            }
            float* sc = scores + box * class_num;
            for (int c = 0; c < class_num; ++c) sc[c] = conf * Sigmoid(e[(5 + c) * stride + hw]);
          }
        }
      }
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(yolo_box, kHost, kFloat, kNCHW, paddle::lite::kernels::host::YoloBoxCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("ImgSize", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt32))})
    .BindOutput("Boxes", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Scores", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
