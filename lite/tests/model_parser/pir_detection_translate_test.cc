// Translations of the PIR detection ops (prior_box, box_coder, yolo_box, multiclass_nms3),
// each on a small program written here, against boxes worked out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "lite/tests/model_parser/pir_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

using pirj::F32Tensor;

TEST(PirDetection, PriorBoxOnATwoByTwoMap) {
  // Feature map 2x2 over an 8x8 image: step 4, centres at 2 and 6, boxes 4 wide,
  // normalised by the image size.
  PirProgramWriter p;
  const PirValue feature = p.Data("feature", {-1, 1, 2, 2});
  const PirValue image = p.Data("image", {-1, 3, 8, 8});
  const auto out = p.Op("pd_op.prior_box", {feature, image},
                        {F32Tensor({2, 2, 1, 4}), F32Tensor({2, 2, 1, 4})},
                        {{"min_sizes", pirj::F32s({4})},
                         {"max_sizes", pirj::F32s({})},
                         {"aspect_ratios", pirj::F32s({1})},
                         {"variances", pirj::F32s({0.1, 0.1, 0.2, 0.2})},
                         {"flip", pirj::Bool(false)},
                         {"clip", pirj::Bool(false)},
                         {"step_w", pirj::F32(0)},
                         {"step_h", pirj::F32(0)},
                         {"offset", pirj::F32(0.5)},
                         {"min_max_aspect_ratios_order", pirj::Bool(false)}});
  p.Fetch(out[0], "boxes");
  p.Fetch(out[1], "variances");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {1, 1, 2, 2}, std::vector<float>(4, 0.f));
  SetPirInput(predictor.get(), 1, {1, 3, 8, 8}, std::vector<float>(192, 0.f));
  predictor->Run();
  ExpectNear(PirOutput(*predictor, 0),
             {0, 0, 0.5, 0.5, 0.5, 0, 1, 0.5, 0, 0.5, 0.5, 1, 0.5, 0.5, 1, 1}, 1e-6);
  ExpectNear(PirOutput(*predictor, 1),
             {0.1, 0.1, 0.2, 0.2, 0.1, 0.1, 0.2, 0.2, 0.1, 0.1, 0.2, 0.2, 0.1, 0.1, 0.2, 0.2},
             1e-6);
}

TEST(PirDetection, BoxCoderDecodesCentreSizeDeltas) {
  // Prior [0, 0, 10, 10] (centre 5, 5; size 10, normalised), variance [0.1, 0.1, 0.2, 0.2]:
  // deltas [1, 0, 0, d] move the centre by 0.1 * 1 * 10 = 1 in x, and d = ln 2 / 0.2
  // doubles the height (exp(0.2 * d) = 2).
  PirProgramWriter p;
  const PirValue deltas = p.Data("deltas", {1, 1, 4});
  const PirValue prior = p.Param("prior", {1, 4}, {0, 0, 10, 10});
  const PirValue var = p.Param("prior_var", {1, 4}, {0.1f, 0.1f, 0.2f, 0.2f});
  p.Fetch(p.Op1("pd_op.box_coder", {prior, var, deltas}, F32Tensor({1, 1, 4}),
                {{"code_type", pirj::Str("decode_center_size")},
                 {"box_normalized", pirj::Bool(true)},
                 {"axis", pirj::I32(0)},
                 {"variance", pirj::F32s({})}}),
          "boxes");
  const float h_delta = static_cast<float>(std::log(2.0) / 0.2);
  // Decoded: centre (6, 5), width 10, height 20 -> [1, -5, 11, 15].
  ExpectNear(RunPir(p, {1, 1, 4}, {1, 0, 0, h_delta}), {1, -5, 11, 15}, 1e-4);
}

TEST(PirDetection, YoloBoxOnOneCell) {
  // One 1x1 cell, one anchor 2x2, one class, raw outputs 0: centre (0.5 / 1) * 32 = 16,
  // size 2 * 32 / (32 * 1) = 2, objectness and class probability sigmoid(0) = 0.5.
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 6, 1, 1});
  const PirValue size = p.Data("img_size", {-1, 2}, "int32");
  const auto out = p.Op("pd_op.yolo_box", {x, size}, {F32Tensor({-1, 1, 4}), F32Tensor({-1, 1, 1})},
                        {{"anchors", pirj::I32s({2, 2})},
                         {"class_num", pirj::I32(1)},
                         {"conf_thresh", pirj::F32(0.01)},
                         {"downsample_ratio", pirj::I32(32)},
                         {"clip_bbox", pirj::Bool(true)},
                         {"scale_x_y", pirj::F32(1.0)},
                         {"iou_aware", pirj::Bool(false)},
                         {"iou_aware_factor", pirj::F32(0.5)}});
  p.Fetch(out[0], "boxes");
  p.Fetch(out[1], "scores");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {1, 6, 1, 1}, std::vector<float>(6, 0.f));
  SetPirInt32Input(predictor.get(), 1, {1, 2}, {32, 32});
  predictor->Run();
  ExpectNear(PirOutput(*predictor, 0), {15, 15, 17, 17}, 1e-5);
  ExpectNear(PirOutput(*predictor, 1), {0.25}, 1e-6);
}

TEST(PirDetection, MulticlassNms3KeepsTheBestOfOverlappingBoxes) {
  // Two boxes of one class overlapping with IoU 81/119 > 0.5: the 0.9 one stays; a third,
  // apart from them, stays too. Rows: [label, score, x0, y0, x1, y1].
  PirProgramWriter p;
  const PirValue boxes = p.Data("boxes", {1, 3, 4});
  const PirValue scores = p.Param("scores", {1, 1, 3}, {0.8f, 0.9f, 0.3f});
  const auto out = p.Op("pd_op.multiclass_nms3", {boxes, scores, {}},
                        {F32Tensor({-1, 6}), pirj::Tensor("i32", {-1, 1}), pirj::Tensor("i32", {-1})},
                        {{"score_threshold", pirj::F32(0.1)},
                         {"nms_top_k", pirj::I32(10)},
                         {"keep_top_k", pirj::I32(10)},
                         {"nms_threshold", pirj::F32(0.5)},
                         {"normalized", pirj::Bool(true)},
                         {"nms_eta", pirj::F32(1.0)},
                         {"background_label", pirj::I32(-1)}});
  p.Fetch(out[0], "out");
  p.Fetch(out[2], "count");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {1, 3, 4}, {0, 0, 10, 10, 1, 1, 10, 10, 20, 20, 30, 30});
  predictor->Run();
  ExpectNear(PirOutput(*predictor, 0), {0, 0.9, 1, 1, 10, 10, 0, 0.3, 20, 20, 30, 30}, 1e-6);
  ExpectNear(PirOutput(*predictor, 1), {2}, 0);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
