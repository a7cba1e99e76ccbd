// yolo_box: a hand-computed cell, then random heads against a naive double-precision
// decoder written from the formulas (clip on/off, scale_x_y, conf threshold, iou_aware);
// error paths.
#include <cmath>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
struct YoloCase {
  int n, anchors_num, classes, h, w, downsample;
  std::vector<int> anchors;
  std::vector<int32_t> img_hw;  // (h, w) per image
  float conf_thresh;
  bool clip;
  float scale_x_y;
  bool iou_aware;
  float iou_aware_factor;
  int channels() const { return anchors_num * (5 + classes) + (iou_aware ? anchors_num : 0); }
};

double Sig(double v) { return 1.0 / (1.0 + std::exp(-v)); }

// Decodes every cell from the definitions; cells under the threshold stay zero.
void NaiveYolo(const YoloCase& c, const std::vector<float>& x, std::vector<float>* boxes,
               std::vector<float>* scores) {
  const int cells = c.h * c.w;
  boxes->assign(static_cast<size_t>(c.n) * c.anchors_num * cells * 4, 0.f);
  scores->assign(static_cast<size_t>(c.n) * c.anchors_num * cells * c.classes, 0.f);
  auto at = [&](int n, int ch, int k, int l) {
    return static_cast<double>(x[((n * c.channels() + ch) * c.h + k) * c.w + l]);
  };
  const double bias = -0.5 * (c.scale_x_y - 1.0);
  for (int n = 0; n < c.n; ++n) {
    const double img_h = c.img_hw[2 * n];
    const double img_w = c.img_hw[2 * n + 1];
    for (int a = 0; a < c.anchors_num; ++a) {
      const int base = (c.iou_aware ? c.anchors_num : 0) + a * (5 + c.classes);
      for (int k = 0; k < c.h; ++k) {
        for (int l = 0; l < c.w; ++l) {
          double conf = Sig(at(n, base + 4, k, l));
          if (c.iou_aware) {
            conf = std::pow(conf, 1.0 - c.iou_aware_factor) *
                   std::pow(Sig(at(n, a, k, l)), static_cast<double>(c.iou_aware_factor));
          }
          if (conf < c.conf_thresh) continue;
          const double cx = (l + Sig(at(n, base, k, l)) * c.scale_x_y + bias) / c.w * img_w;
          const double cy = (k + Sig(at(n, base + 1, k, l)) * c.scale_x_y + bias) / c.h * img_h;
          const double bw = std::exp(at(n, base + 2, k, l)) * c.anchors[2 * a] /
                            (c.downsample * c.w) * img_w;
          const double bh = std::exp(at(n, base + 3, k, l)) * c.anchors[2 * a + 1] /
                            (c.downsample * c.h) * img_h;
          double b[4] = {cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2};
          if (c.clip) {
            b[0] = std::max(b[0], 0.0);
            b[1] = std::max(b[1], 0.0);
            b[2] = std::min(b[2], img_w - 1);
            b[3] = std::min(b[3], img_h - 1);
          }
          const size_t box = (static_cast<size_t>(n) * c.anchors_num + a) * cells + k * c.w + l;
          for (int j = 0; j < 4; ++j) (*boxes)[box * 4 + j] = static_cast<float>(b[j]);
          for (int j = 0; j < c.classes; ++j) {
            (*scores)[box * c.classes + j] =
                static_cast<float>(conf * Sig(at(n, base + 5 + j, k, l)));
          }
        }
      }
    }
  }
}

std::unique_ptr<OpRunner> YoloRunner(const YoloCase& c, const std::vector<float>& x) {
  auto r = std::make_unique<OpRunner>("yolo_box");
  r->SetInput("X", "x", {c.n, c.channels(), c.h, c.w}, x);
  SetTypedInput<int32_t>(r.get(), "ImgSize", "img_size", {c.n, 2}, c.img_hw);
  r->SetOutput("Boxes", "boxes");
  r->SetOutput("Scores", "scores");
  r->desc().SetAttr("anchors", c.anchors);
  r->desc().SetAttr<int32_t>("class_num", c.classes);
  r->desc().SetAttr<float>("conf_thresh", c.conf_thresh);
  r->desc().SetAttr<int32_t>("downsample_ratio", c.downsample);
  r->desc().SetAttr<bool>("clip_bbox", c.clip);
  r->desc().SetAttr<float>("scale_x_y", c.scale_x_y);
  r->desc().SetAttr<bool>("iou_aware", c.iou_aware);
  r->desc().SetAttr<float>("iou_aware_factor", c.iou_aware_factor);
  return r;
}

// Random logits, with objectness nudged away from the threshold so float32 and double
// make the same keep/drop decision.
std::vector<float> RandomHead(const YoloCase& c, uint32_t seed) {
  std::vector<float> x =
      RandomVector(static_cast<size_t>(c.n) * c.channels() * c.h * c.w, -3.f, 3.f, seed);
  const double logit_thresh = std::log(c.conf_thresh / (1.0 - c.conf_thresh));
  for (int n = 0; n < c.n; ++n) {
    for (int a = 0; a < c.anchors_num; ++a) {
      const int ch = (c.iou_aware ? c.anchors_num : 0) + a * (5 + c.classes) + 4;
      for (int i = 0; i < c.h * c.w; ++i) {
        float& t = x[(static_cast<size_t>(n) * c.channels() + ch) * c.h * c.w + i];
        if (!c.iou_aware && std::fabs(t - logit_thresh) < 1e-2) t += 0.05f;
      }
    }
  }
  return x;
}

void CheckAgainstNaive(const YoloCase& c, uint32_t seed) {
  const std::vector<float> x = RandomHead(c, seed);
  auto r = YoloRunner(c, x);
  r->Run();
  std::vector<float> boxes, scores;
  NaiveYolo(c, x, &boxes, &scores);
  const int64_t m = static_cast<int64_t>(c.anchors_num) * c.h * c.w;
  EXPECT_EQ(r->Var("boxes")->dims(), DDim({c.n, m, 4}));
  EXPECT_EQ(r->Var("scores")->dims(), DDim({c.n, m, c.classes}));
  ExpectAllNear(ToVector(*r->Var("boxes")), boxes, 1e-4f, 1e-5f);
  ExpectAllNear(ToVector(*r->Var("scores")), scores, 1e-6f, 1e-5f);
  // The threshold really dropped some cells and kept others.
  int zero = 0;
  for (size_t i = 0; i < scores.size(); i += c.classes) zero += scores[i] == 0.f;
  EXPECT_GT(zero, 0);
  EXPECT_LT(zero, static_cast<int>(scores.size() / c.classes));
}

YoloCase BaseCase() {
  YoloCase c;
  c.n = 2;
  c.anchors_num = 2;
  c.classes = 3;
  c.h = 3;
  c.w = 4;
  c.downsample = 8;
  c.anchors = {10, 14, 23, 27};
  c.img_hw = {30, 50, 17, 9};
  c.conf_thresh = 0.5f;
  c.clip = true;
  c.scale_x_y = 1.05f;
  c.iou_aware = false;
  c.iou_aware_factor = 0.5f;
  return c;
}
}  // namespace

TEST(YoloBox, HandComputedCell) {
  // One 1x1 cell, anchor (16, 32), stride 32, image 64x64, class_num 2, scale_x_y 1.2.
  // t_x = ln 3 (sigmoid 0.75), all other logits 0 (sigmoid 0.5):
  //   cx = (0 + 0.75 * 1.2 - 0.1) * 64 = 51.2, cy = (0.5 * 1.2 - 0.1) * 64 = 32,
  //   w = 16 * 64 / 32 = 32, h = 32 * 64 / 32 = 64 -> (35.2, 0, 67.2, 64);
  //   clipped to 63 on the right and bottom; scores 0.5 * 0.5.
  YoloCase c = BaseCase();
  c.n = 1;
  c.anchors_num = 1;
  c.classes = 2;
  c.h = c.w = 1;
  c.downsample = 32;
  c.anchors = {16, 32};
  c.img_hw = {64, 64};
  c.conf_thresh = 0.4f;
  c.scale_x_y = 1.2f;
  std::vector<float> x(7, 0.f);
  x[0] = std::log(3.f);
  for (bool clip : {true, false}) {
    c.clip = clip;
    auto r = YoloRunner(c, x);
    r->Run();
    ExpectAllNear(ToVector(*r->Var("boxes")),
                  {35.2f, 0.f, clip ? 63.f : 67.2f, clip ? 63.f : 64.f}, 1e-4f);
    ExpectAllNear(ToVector(*r->Var("scores")), {0.25f, 0.25f}, 1e-6f);
  }
  c.conf_thresh = 0.6f;  // conf 0.5 is below: the cell stays zero
  auto r = YoloRunner(c, x);
  r->Run();
  ExpectAllNear(ToVector(*r->Var("boxes")), {0, 0, 0, 0}, 0.f);
  ExpectAllNear(ToVector(*r->Var("scores")), {0, 0}, 0.f);
}

TEST(YoloBox, RandomHeadsWithClip) { CheckAgainstNaive(BaseCase(), 1); }

TEST(YoloBox, RandomHeadsWithoutClipAndPlainScale) {
  YoloCase c = BaseCase();
  c.clip = false;
  c.scale_x_y = 1.f;
  c.h = 5;
  c.w = 3;
  c.anchors_num = 3;
  c.anchors = {10, 13, 16, 30, 33, 23};
  CheckAgainstNaive(c, 2);
}

TEST(YoloBox, RandomHeadsIouAware) {
  YoloCase c = BaseCase();
  c.iou_aware = true;
  c.iou_aware_factor = 0.4f;
  c.conf_thresh = 0.3f;
  CheckAgainstNaive(c, 3);
}

TEST(YoloBox, ChannelMismatchIsAnError) {
  YoloCase c = BaseCase();
  auto r = YoloRunner(c, RandomHead(c, 4));
  r->desc().SetAttr<int32_t>("class_num", 4);
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "X has 16 channels but 2 anchors");
}

// A class_num near the int32 limit overflowed the channel count in int (found by the
// program fuzzer): now it is only a channel mismatch.
TEST(YoloBox, HugeClassNumIsAChannelMismatch) {
  YoloCase c = BaseCase();
  auto r = YoloRunner(c, RandomHead(c, 4));
  r->desc().SetAttr<int32_t>("class_num", 2147483647);
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "need 4294967304");
}

TEST(YoloBox, BadImgSizeIsAnError) {
  YoloCase c = BaseCase();
  c.n = 1;
  auto r = std::make_unique<OpRunner>("yolo_box");
  r->SetInput("X", "x", {1, c.channels(), c.h, c.w},
              std::vector<float>(static_cast<size_t>(c.channels()) * c.h * c.w, 0.f));
  SetTypedInput<int32_t>(r.get(), "ImgSize", "img_size", {2}, {30, 50});
  r->SetOutput("Boxes", "boxes");
  r->SetOutput("Scores", "scores");
  r->desc().SetAttr("anchors", c.anchors);
  r->desc().SetAttr<int32_t>("class_num", c.classes);
  r->desc().SetAttr<float>("conf_thresh", 0.1f);
  r->desc().SetAttr<int32_t>("downsample_ratio", 8);
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "ImgSize must be [N, 2] with N = 1");
}

TEST(YoloBox, BadAttributesAreRejectedAtLoad) {
  YoloCase c = BaseCase();
  auto odd = YoloRunner(c, RandomHead(c, 5));
  odd->desc().SetAttr("anchors", std::vector<int>{10, 14, 23});
  EXPECT_PLITE_ERROR(odd->InferShapeOnly(), "attribute 'anchors' must hold (w, h) pairs");
  auto no_class = YoloRunner(c, RandomHead(c, 5));
  no_class->desc().SetAttr<int32_t>("class_num", 0);
  EXPECT_PLITE_ERROR(no_class->InferShapeOnly(), "attribute 'class_num' must be > 0");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
