// Translations of the detection heads' ops (yolo_box, prior_box, box_coder,
// multiclass_nms3): the legacy ops of the same names, attributes named alike.
#include "lite/model_parser/pir/translator.h"

namespace paddle {
namespace lite {
namespace pir {

namespace {

// How one attribute is written for the legacy op (its reader's type).
enum class As { kInt, kFloat, kBool, kString, kInts, kFloats };

struct AttrSpec {
  const char* name;
  As as;
};

// Copies the attributes the PIR op has, converted to what the legacy op reads; absent ones
// keep the legacy op's defaults.
void CopyAttrs(const OpContext& ctx, std::initializer_list<AttrSpec> specs, cpp::OpDesc* op) {
  for (const AttrSpec& s : specs) {
    if (!ctx.Attr(s.name)) continue;
    switch (s.as) {
      case As::kInt: op->SetAttr<int32_t>(s.name, ctx.Int32(s.name)); break;
      case As::kFloat: op->SetAttr<float>(s.name, static_cast<float>(ctx.Real(s.name))); break;
      case As::kBool: op->SetAttr<bool>(s.name, ctx.Bool(s.name)); break;
      case As::kString: op->SetAttr<std::string>(s.name, ctx.Str(s.name)); break;
      case As::kInts: op->SetAttr<std::vector<int32_t>>(s.name, ctx.Int32s(s.name)); break;
      case As::kFloats: {
        const std::vector<double> v = ctx.Reals(s.name);
        op->SetAttr<std::vector<float>>(s.name, std::vector<float>(v.begin(), v.end()));
        break;
      }
    }
  }
}

// yolo_box (x, img_size) -> Boxes, Scores.
void TranslateYoloBox(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const std::string img_size = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit("yolo_box");
  op.SetInput("X", {x});
  op.SetInput("ImgSize", {img_size});
  op.SetOutput("Boxes", {ctx.Result(0)});
  op.SetOutput("Scores", {ctx.Result(1)});
  CopyAttrs(ctx,
            {{"anchors", As::kInts},       {"class_num", As::kInt},
             {"conf_thresh", As::kFloat},  {"downsample_ratio", As::kInt},
             {"clip_bbox", As::kBool},     {"scale_x_y", As::kFloat},
             {"iou_aware", As::kBool},     {"iou_aware_factor", As::kFloat}},
            &op);
}

// prior_box (input, image) -> Boxes, Variances.
void TranslatePriorBox(OpContext& ctx) {
  const std::string input = ctx.Tensor(0);
  const std::string image = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit("prior_box");
  op.SetInput("Input", {input});
  op.SetInput("Image", {image});
  op.SetOutput("Boxes", {ctx.Result(0)});
  op.SetOutput("Variances", {ctx.Result(1)});
  CopyAttrs(ctx,
            {{"min_sizes", As::kFloats},  {"max_sizes", As::kFloats},
             {"aspect_ratios", As::kFloats}, {"variances", As::kFloats},
             {"flip", As::kBool},         {"clip", As::kBool},
             {"step_w", As::kFloat},      {"step_h", As::kFloat},
             {"offset", As::kFloat},      {"min_max_aspect_ratios_order", As::kBool}},
            &op);
}

// box_coder (prior_box, prior_box_var, target_box) -> OutputBox.
void TranslateBoxCoder(OpContext& ctx) {
  const std::string prior = ctx.Tensor(0);
  const std::string prior_var = ctx.HasOperand(1) ? ctx.Tensor(1) : "";
  const std::string target = ctx.Tensor(2);
  cpp::OpDesc& op = ctx.Emit("box_coder");
  op.SetInput("PriorBox", {prior});
  if (!prior_var.empty()) op.SetInput("PriorBoxVar", {prior_var});
  op.SetInput("TargetBox", {target});
  op.SetOutput("OutputBox", {ctx.Result(0)});
  CopyAttrs(ctx,
            {{"code_type", As::kString}, {"box_normalized", As::kBool},
             {"axis", As::kInt},         {"variance", As::kFloats}},
            &op);
}

// multiclass_nms3 (bboxes, scores, rois_num) -> Out, Index, NmsRoisNum.
void TranslateMulticlassNms3(OpContext& ctx) {
  const std::string bboxes = ctx.Tensor(0);
  const std::string scores = ctx.Tensor(1);
  const std::string rois_num = ctx.HasOperand(2) ? ctx.Tensor(2) : "";
  cpp::OpDesc& op = ctx.Emit("multiclass_nms3");
  op.SetInput("BBoxes", {bboxes});
  op.SetInput("Scores", {scores});
  if (!rois_num.empty()) op.SetInput("RoisNum", {rois_num});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetOutput("Index", {ctx.Result(1)});
  if (ctx.NumResults() > 2 && ctx.ResultType(2).kind == Type::Kind::kDenseTensor) {
    op.SetOutput("NmsRoisNum", {ctx.Result(2)});
  }
  CopyAttrs(ctx,
            {{"score_threshold", As::kFloat}, {"nms_top_k", As::kInt},
             {"keep_top_k", As::kInt},        {"nms_threshold", As::kFloat},
             {"normalized", As::kBool},       {"nms_eta", As::kFloat},
             {"background_label", As::kInt}},
            &op);
}

}  // namespace

void AddDetectionTranslations(TranslatorTable* table) {
  (*table)["pd_op.yolo_box"] = TranslateYoloBox;
  (*table)["pd_op.prior_box"] = TranslatePriorBox;
  (*table)["pd_op.box_coder"] = TranslateBoxCoder;
  (*table)["pd_op.multiclass_nms3"] = TranslateMulticlassNms3;
}

}  // namespace pir
}  // namespace lite
}  // namespace paddle
