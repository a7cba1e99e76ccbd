// Translations of Paddle's quantization ops (a QAT or PTQ Paddle 3 model): each becomes the
// legacy op of the same name (lite/operators/fake_quantize_ops.h), operands and results
// bound by the legacy argument names (paddle/phi/ops/yaml/ops.yaml, op_compat.yaml). The
// training statistics (out_state, out_accum, out_scales) are not produced; a moving-average
// op's out_scale is its in_scale at inference, and not produced either.
#include "lite/model_parser/pir/translator.h"

namespace paddle {
namespace lite {
namespace pir {

namespace {

// The attributes the quantization ops share, where the op has them.
void CopyQuantAttrs(const OpContext& ctx, cpp::OpDesc* op) {
  for (const char* attr : {"bit_length", "round_type", "quant_axis", "x_num_col_dims", "qmin",
                           "qmax"}) {
    if (ctx.Attr(attr)) op->SetAttr<int32_t>(attr, ctx.Int32(attr));
  }
  for (const char* attr : {"is_test", "only_observer"}) {
    if (ctx.Attr(attr)) op->SetAttr<bool>(attr, ctx.Bool(attr));
  }
  if (ctx.Attr("moving_rate")) {
    op->SetAttr<float>("moving_rate", static_cast<float>(ctx.Real("moving_rate")));
  }
  if (ctx.Attr("max_range")) {
    op->SetAttr<float>("max_range", static_cast<float>(ctx.Real("max_range")));
  }
  if (ctx.Attr("quant_bits")) {
    op->SetAttr<std::vector<int32_t>>(
        "quant_bits", ctx.ToInt32s(ctx.Ints("quant_bits"), "attribute 'quant_bits'"));
  }
}

// The legacy op type: the PIR name without its dialect.
std::string LegacyType(const OpContext& ctx) { return ctx.name().substr(ctx.name().find('.') + 1); }

// (x, in_scale, ...) -> (out, ...): the moving-average and range ops, with a stored scale.
void TranslateStoredScaleQuant(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const std::string in_scale = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit(LegacyType(ctx));
  op.SetInput("X", {x});
  op.SetInput("InScale", {in_scale});
  op.SetOutput("Out", {ctx.Result(0)});
  CopyQuantAttrs(ctx, &op);
}

// (x) -> (out, out_scale): the abs_max ops, which compute their scale.
void TranslateAbsMaxQuant(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  cpp::OpDesc& op = ctx.Emit(LegacyType(ctx));
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
  if (ctx.NumResults() > 1) op.SetOutput("OutScale", {ctx.Result(1)});
  CopyQuantAttrs(ctx, &op);
}

// fake_dequantize_max_abs (x, scale); fake_channel_wise_dequantize_max_abs (x, scales[]).
void TranslateFakeDequant(OpContext& ctx) {
  const bool channel_wise = ctx.name() == "pd_op.fake_channel_wise_dequantize_max_abs";
  const std::string x = ctx.Tensor(0);
  const std::vector<std::string> scales =
      channel_wise ? ctx.TensorList(1) : std::vector<std::string>{ctx.Tensor(1)};
  cpp::OpDesc& op = ctx.Emit(LegacyType(ctx));
  op.SetInput("X", {x});
  op.SetInput(channel_wise ? "Scales" : "Scale", scales);
  op.SetOutput("Out", {ctx.Result(0)});
  CopyQuantAttrs(ctx, &op);
}

// quantize_linear / dequantize_linear (x, scale, zero_point, in_accum, in_state) -> (y, ...):
// zero_point is unused (Paddle's kernels are symmetric).
void TranslateLinearQuant(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const std::string scale = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit(LegacyType(ctx));
  op.SetInput("X", {x});
  op.SetInput("Scale", {scale});
  op.SetOutput("Y", {ctx.Result(0)});
  CopyQuantAttrs(ctx, &op);
}

}  // namespace

void AddQuantTranslations(TranslatorTable* table) {
  for (const char* op : {"pd_op.fake_quantize_dequantize_moving_average_abs_max",
                         "pd_op.fake_quantize_moving_average_abs_max",
                         "pd_op.fake_quantize_range_abs_max"}) {
    (*table)[op] = TranslateStoredScaleQuant;
  }
  for (const char* op : {"pd_op.fake_quantize_dequantize_abs_max", "pd_op.fake_quantize_abs_max",
                         "pd_op.fake_channel_wise_quantize_dequantize_abs_max",
                         "pd_op.fake_channel_wise_quantize_abs_max"}) {
    (*table)[op] = TranslateAbsMaxQuant;
  }
  (*table)["pd_op.fake_dequantize_max_abs"] = TranslateFakeDequant;
  (*table)["pd_op.fake_channel_wise_dequantize_max_abs"] = TranslateFakeDequant;
  (*table)["pd_op.quantize_linear"] = TranslateLinearQuant;
  (*table)["pd_op.dequantize_linear"] = TranslateLinearQuant;
}

}  // namespace pir
}  // namespace lite
}  // namespace paddle
