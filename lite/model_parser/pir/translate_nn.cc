// Translations of the network layers: convolutions, pooling, normalizations,
// interpolation, padding, dropout (operand orders and attributes as
// paddle/phi/ops/yaml/ops.yaml gives them; docs/pir.md has the table).
#include "lite/model_parser/pir/translator.h"

namespace paddle {
namespace lite {
namespace pir {

namespace {

// The window attributes conv2d, depthwise_conv2d and their transposes share.
void CopyConvWindow(const OpContext& ctx, cpp::OpDesc* op) {
  op->SetAttr<std::vector<int32_t>>("strides", ctx.Int32s("strides"));
  op->SetAttr<std::vector<int32_t>>("paddings", ctx.Int32s("paddings"));
  op->SetAttr<std::vector<int32_t>>("dilations", ctx.Int32s("dilations"));
  op->SetAttr<int32_t>("groups", ctx.Int32("groups", 1));
  op->SetAttr<std::string>("padding_algorithm", ctx.Str("padding_algorithm", "EXPLICIT"));
  op->SetAttr<std::string>("data_format", ctx.Str("data_format", "NCHW"));
}

// conv2d / depthwise_conv2d (input, filter).
void TranslateConv(OpContext& ctx) {
  const std::string type = ctx.name() == "pd_op.depthwise_conv2d" ? "depthwise_conv2d" : "conv2d";
  const std::string input = ctx.Tensor(0);
  const std::string filter = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit(type);
  op.SetInput("Input", {input});
  op.SetInput("Filter", {filter});
  op.SetOutput("Output", {ctx.Result(0)});
  CopyConvWindow(ctx, &op);
}

// conv2d_transpose / depthwise_conv2d_transpose (x, filter, output_size): the output size
// is an operand (a constant, often empty).
void TranslateConvTranspose(OpContext& ctx) {
  const std::string type = ctx.name() == "pd_op.depthwise_conv2d_transpose"
                               ? "depthwise_conv2d_transpose"
                               : "conv2d_transpose";
  const std::string input = ctx.Tensor(0);
  const std::string filter = ctx.Tensor(1);
  std::vector<int64_t> output_size;
  if (ctx.HasOperand(2)) output_size = ctx.ConstInts(2, "output_size");
  cpp::OpDesc& op = ctx.Emit(type);
  op.SetInput("Input", {input});
  op.SetInput("Filter", {filter});
  op.SetOutput("Output", {ctx.Result(0)});
  CopyConvWindow(ctx, &op);
  op.SetAttr<std::vector<int32_t>>("output_padding", ctx.ToInt32s(ctx.Ints("output_padding", {}),
                                                                  "attribute 'output_padding'"));
  if (!output_size.empty()) {
    op.SetAttr<std::vector<int32_t>>("output_size",
                                     ctx.ToInt32s(output_size, "operand 'output_size'"));
  }
}

// batch_norm / batch_norm_ (x, mean, variance, scale, bias): inference uses the running
// statistics (is_test), so only Y is produced.
void TranslateBatchNorm(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const std::string mean = ctx.Tensor(1);
  const std::string variance = ctx.Tensor(2);
  const std::string scale = ctx.Tensor(3);
  const std::string bias = ctx.Tensor(4);
  cpp::OpDesc& op = ctx.Emit("batch_norm");
  op.SetInput("X", {x});
  op.SetInput("Mean", {mean});
  op.SetInput("Variance", {variance});
  op.SetInput("Scale", {scale});
  op.SetInput("Bias", {bias});
  op.SetOutput("Y", {ctx.Result(0)});
  op.SetAttr<float>("epsilon", static_cast<float>(ctx.Real("epsilon", 1e-5)));
  op.SetAttr<std::string>("data_layout", ctx.Str("data_format", "NCHW"));
  op.SetAttr<bool>("is_test", true);
}

// pool2d (x, kernel_size): the kernel size is a constant operand.
void TranslatePool(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const std::vector<int64_t> ksize = ctx.ConstInts(1, "kernel_size");
  cpp::OpDesc& op = ctx.Emit("pool2d");
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<std::vector<int32_t>>("ksize", ctx.ToInt32s(ksize, "operand 'kernel_size'"));
  op.SetAttr<std::vector<int32_t>>("strides", ctx.Int32s("strides"));
  op.SetAttr<std::vector<int32_t>>("paddings", ctx.Int32s("paddings"));
  op.SetAttr<bool>("ceil_mode", ctx.Bool("ceil_mode", false));
  op.SetAttr<bool>("exclusive", ctx.Bool("exclusive", true));
  op.SetAttr<std::string>("data_format", ctx.Str("data_format", "NCHW"));
  op.SetAttr<std::string>("pooling_type", ctx.Str("pooling_type"));
  op.SetAttr<bool>("global_pooling", ctx.Bool("global_pooling", false));
  op.SetAttr<bool>("adaptive", ctx.Bool("adaptive", false));
  op.SetAttr<std::string>("padding_algorithm", ctx.Str("padding_algorithm", "EXPLICIT"));
}

// nearest_interp / bilinear_interp (x, out_size, size_tensor, scale_tensor). phi's order:
// size_tensor, else out_size, else scale_tensor / the scale attribute, else out_h/out_w;
// the source ratio comes from the scale whenever one is positive. Constant sizes are
// folded into out_h/out_w where that keeps this meaning; otherwise they stay inputs.
void TranslateInterp(OpContext& ctx) {
  const std::string type =
      ctx.name() == "pd_op.bilinear_interp" ? "bilinear_interp_v2" : "nearest_interp_v2";
  const std::string x = ctx.Tensor(0);
  std::vector<double> scale;
  if (ctx.Attr("scale")) scale = ctx.Reals("scale");
  bool positive_scale = !scale.empty();
  for (double s : scale) positive_scale = positive_scale && s > 0;
  int64_t out_h = ctx.Int("out_h", -1);
  int64_t out_w = ctx.Int("out_w", -1);
  std::vector<std::string> size_tensor, out_size, scale_tensor;
  std::vector<int64_t> sizes;
  if (ctx.HasOperand(2)) {
    if (ctx.TryConstInts(2, &sizes) && sizes.size() == 2) {
      out_h = sizes[0];
      out_w = sizes[1];
      positive_scale = false;  // the sizes decide everything, the ratio is in/out
      scale.clear();
    } else {
      size_tensor = ctx.TensorList(2);
    }
  } else {
    if (ctx.HasOperand(3)) {
      scale_tensor = {ctx.Tensor(3)};
      positive_scale = true;  // the ratio may come from the runtime scale
    }
    if (ctx.HasOperand(1)) {
      if (!positive_scale && ctx.TryConstInts(1, &sizes) && sizes.size() == 2) {
        out_h = sizes[0];
        out_w = sizes[1];
      } else {
        out_size = {ctx.Tensor(1)};
      }
    }
  }
  cpp::OpDesc& op = ctx.Emit(type);
  op.SetInput("X", {x});
  if (!size_tensor.empty()) op.SetInput("SizeTensor", size_tensor);
  if (!out_size.empty()) op.SetInput("OutSize", out_size);
  if (!scale_tensor.empty()) op.SetInput("Scale", scale_tensor);
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<int32_t>("out_h", ctx.ToInt32(out_h, "out_h"));
  op.SetAttr<int32_t>("out_w", ctx.ToInt32(out_w, "out_w"));
  op.SetAttr<int32_t>("out_d", ctx.Int32("out_d", -1));
  std::vector<float> scale_f(scale.begin(), scale.end());
  op.SetAttr<std::vector<float>>("scale", scale_f);
  op.SetAttr<std::string>("interp_method", ctx.Str("interp_method", type.substr(0, type.find('_'))));
  op.SetAttr<bool>("align_corners", ctx.Bool("align_corners", false));
  op.SetAttr<int32_t>("align_mode", ctx.Int32("align_mode", 1));
  op.SetAttr<std::string>("data_layout", ctx.Str("data_format", "NCHW"));
}

// layer_norm (x, scale, bias): statistics over the dims from begin_norm_axis on.
void TranslateLayerNorm(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const std::string scale = ctx.HasOperand(1) ? ctx.Tensor(1) : "";
  const std::string bias = ctx.HasOperand(2) ? ctx.Tensor(2) : "";
  cpp::OpDesc& op = ctx.Emit("layer_norm");
  op.SetInput("X", {x});
  if (!scale.empty()) op.SetInput("Scale", {scale});
  if (!bias.empty()) op.SetInput("Bias", {bias});
  op.SetOutput("Y", {ctx.Result(0)});
  op.SetAttr<float>("epsilon", static_cast<float>(ctx.Real("epsilon", 1e-5)));
  op.SetAttr<int32_t>("begin_norm_axis", ctx.Int32("begin_norm_axis", 1));
}

// group_norm (x, scale, bias) and instance_norm (x, scale, bias): Y only.
void TranslateGroupOrInstanceNorm(OpContext& ctx) {
  const bool group = ctx.name() == "pd_op.group_norm";
  const std::string x = ctx.Tensor(0);
  const std::string scale = ctx.HasOperand(1) ? ctx.Tensor(1) : "";
  const std::string bias = ctx.HasOperand(2) ? ctx.Tensor(2) : "";
  cpp::OpDesc& op = ctx.Emit(group ? "group_norm" : "instance_norm");
  op.SetInput("X", {x});
  if (!scale.empty()) op.SetInput("Scale", {scale});
  if (!bias.empty()) op.SetInput("Bias", {bias});
  op.SetOutput("Y", {ctx.Result(0)});
  op.SetAttr<float>("epsilon", static_cast<float>(ctx.Real("epsilon", 1e-5)));
  if (group) {
    op.SetAttr<int32_t>("groups", ctx.Int32("groups"));
    op.SetAttr<std::string>("data_layout", ctx.Str("data_format", "NCHW"));
  }
}

// pad3d (x, paddings): [left, right, top, bottom, front, back], a constant or a tensor.
void TranslatePad3d(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  std::vector<int64_t> paddings;
  std::string paddings_tensor;
  if (!ctx.TryConstInts(1, &paddings)) paddings_tensor = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit("pad3d");
  op.SetInput("X", {x});
  if (!paddings_tensor.empty()) op.SetInput("Paddings", {paddings_tensor});
  op.SetOutput("Out", {ctx.Result(0)});
  if (paddings_tensor.empty()) {
    op.SetAttr<std::vector<int32_t>>("paddings", ctx.ToInt32s(paddings, "operand 'paddings'"));
  }
  op.SetAttr<std::string>("mode", ctx.Str("mode", "constant"));
  op.SetAttr<float>("value", static_cast<float>(ctx.Real("pad_value", 0.0)));
  op.SetAttr<std::string>("data_format", ctx.Str("data_format", "NCDHW"));
}

// dropout (x, seed_tensor, p): the identity at inference ("upscale_in_train"), or a scale
// by 1 - p ("downgrade_in_infer"); the legacy op says which and the optimizer drops it.
void TranslateDropout(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const double p = ctx.HasOperand(2) ? ctx.ConstReal(2, "p") : 0.5;
  cpp::OpDesc& op = ctx.Emit("dropout");
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<float>("dropout_prob", static_cast<float>(p));
  op.SetAttr<std::string>("dropout_implementation", ctx.Str("mode", "upscale_in_train"));
  op.SetAttr<bool>("is_test", true);
}

// prelu (x, alpha): mode "all", "channel" or "element".
void TranslatePrelu(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const std::string alpha = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit("prelu");
  op.SetInput("X", {x});
  op.SetInput("Alpha", {alpha});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<std::string>("mode", ctx.Str("mode", "all"));
  op.SetAttr<std::string>("data_format", ctx.Str("data_format", "NCHW"));
}

// grid_sample (x, grid) is the legacy grid_sampler.
void TranslateGridSample(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const std::string grid = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit("grid_sampler");
  op.SetInput("X", {x});
  op.SetInput("Grid", {grid});
  op.SetOutput("Output", {ctx.Result(0)});
  op.SetAttr<std::string>("mode", ctx.Str("mode", "bilinear"));
  op.SetAttr<std::string>("padding_mode", ctx.Str("padding_mode", "zeros"));
  op.SetAttr<bool>("align_corners", ctx.Bool("align_corners", true));
}

}  // namespace

void AddNnTranslations(TranslatorTable* table) {
  (*table)["pd_op.conv2d"] = TranslateConv;
  (*table)["pd_op.depthwise_conv2d"] = TranslateConv;
  (*table)["pd_op.conv2d_transpose"] = TranslateConvTranspose;
  (*table)["pd_op.depthwise_conv2d_transpose"] = TranslateConvTranspose;
  (*table)["pd_op.batch_norm"] = TranslateBatchNorm;
  (*table)["pd_op.pool2d"] = TranslatePool;
  (*table)["pd_op.nearest_interp"] = TranslateInterp;
  (*table)["pd_op.bilinear_interp"] = TranslateInterp;
  (*table)["pd_op.layer_norm"] = TranslateLayerNorm;
  (*table)["pd_op.group_norm"] = TranslateGroupOrInstanceNorm;
  (*table)["pd_op.instance_norm"] = TranslateGroupOrInstanceNorm;
  (*table)["pd_op.pad3d"] = TranslatePad3d;
  (*table)["pd_op.dropout"] = TranslateDropout;
  (*table)["pd_op.prelu"] = TranslatePrelu;
  (*table)["pd_op.grid_sample"] = TranslateGridSample;
}

}  // namespace pir
}  // namespace lite
}  // namespace paddle
