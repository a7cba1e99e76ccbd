// Translations of element-wise math, activations and matrix products (docs/pir.md).
#include <cmath>

#include "lite/model_parser/pir/translator.h"

namespace paddle {
namespace lite {
namespace pir {

namespace {

// The legacy op of a pd_op that maps one to one: same operands in order, bound to the
// legacy argument names.
struct Plain {
  const char* pir;
  const char* legacy;
};

// pd_op.add and its kin, the comparisons and the binary logical ops broadcast numpy-style;
// the legacy ops with axis -1 align the trailing dims and broadcast 1-dims the same way.
const Plain kBinary[] = {
    {"pd_op.add", "elementwise_add"},
    {"pd_op.subtract", "elementwise_sub"},
    {"pd_op.multiply", "elementwise_mul"},
    {"pd_op.divide", "elementwise_div"},
    {"pd_op.maximum", "elementwise_max"},
    {"pd_op.minimum", "elementwise_min"},
    {"pd_op.elementwise_pow", "elementwise_pow"},
    {"pd_op.floor_divide", "elementwise_floordiv"},
    {"pd_op.remainder", "elementwise_mod"},
    {"pd_op.less_than", "less_than"},
    {"pd_op.less_equal", "less_equal"},
    {"pd_op.greater_than", "greater_than"},
    {"pd_op.greater_equal", "greater_equal"},
    {"pd_op.equal", "equal"},
    {"pd_op.not_equal", "not_equal"},
    {"pd_op.logical_and", "logical_and"},
    {"pd_op.logical_or", "logical_or"},
    {"pd_op.logical_xor", "logical_xor"},
};

const char* LegacyOf(const Plain* table, size_t n, const std::string& pir) {
  for (size_t i = 0; i < n; ++i) {
    if (pir == table[i].pir) return table[i].legacy;
  }
  return nullptr;
}

void TranslateBinary(OpContext& ctx) {
  const char* legacy = LegacyOf(kBinary, std::size(kBinary), ctx.name());
  const std::string x = ctx.Tensor(0);
  const std::string y = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit(legacy);
  op.SetInput("X", {x});
  op.SetInput("Y", {y});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<int32_t>("axis", -1);
}

// Activations whose pd_op attributes are the legacy op's (or none).
const Plain kUnary[] = {
    {"pd_op.relu", "relu"},       {"pd_op.sigmoid", "sigmoid"}, {"pd_op.tanh", "tanh"},
    {"pd_op.exp", "exp"},         {"pd_op.abs", "abs"},         {"pd_op.log", "log"},
    {"pd_op.sqrt", "sqrt"},       {"pd_op.rsqrt", "rsqrt"},     {"pd_op.square", "square"},
    {"pd_op.relu6", "relu6"},     {"pd_op.hardswish", "hard_swish"},
    {"pd_op.swish", "swish"},     {"pd_op.silu", "swish"},
    {"pd_op.gelu", "gelu"},       {"pd_op.hardsigmoid", "hard_sigmoid"},
    {"pd_op.leaky_relu", "leaky_relu"}, {"pd_op.softplus", "softplus"},
    {"pd_op.mish", "mish"},
};

void TranslateUnary(OpContext& ctx) {
  const std::string legacy = LegacyOf(kUnary, std::size(kUnary), ctx.name());
  const std::string x = ctx.Tensor(0);
  cpp::OpDesc& op = ctx.Emit(legacy);
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
  const std::string& name = ctx.name();
  if (name == "pd_op.relu6") {
    op.SetAttr<float>("threshold", 6.f);
  } else if (name == "pd_op.hardswish") {
    // phi's hardswish is x * relu6(x + 3) / 6.
    op.SetAttr<float>("threshold", 6.f);
    op.SetAttr<float>("scale", 6.f);
    op.SetAttr<float>("offset", 3.f);
  } else if (name == "pd_op.swish" || name == "pd_op.silu") {
    op.SetAttr<float>("beta", 1.f);
  } else if (name == "pd_op.gelu") {
    op.SetAttr<bool>("approximate", ctx.Bool("approximate", false));
  } else if (name == "pd_op.hardsigmoid") {
    op.SetAttr<float>("slope", static_cast<float>(ctx.Real("slope", 0.1666667)));
    op.SetAttr<float>("offset", static_cast<float>(ctx.Real("offset", 0.5)));
  } else if (name == "pd_op.leaky_relu") {
    op.SetAttr<float>("alpha", static_cast<float>(ctx.Real("negative_slope", 0.02)));
  } else if (name == "pd_op.softplus") {
    op.SetAttr<float>("beta", static_cast<float>(ctx.Real("beta", 1.0)));
    op.SetAttr<float>("threshold", static_cast<float>(ctx.Real("threshold", 20.0)));
  } else if (name == "pd_op.mish") {
    op.SetAttr<float>("threshold", static_cast<float>(ctx.Real("lambda", 20.0)));
  }
}

// scale (x, scale): the factor is an operand, a constant or a runtime one-element tensor.
void TranslateScale(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  double factor = 1.0;
  std::string factor_tensor;
  if (ctx.HasOperand(1) && !ctx.TryConstReal(1, &factor)) factor_tensor = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit("scale");
  op.SetInput("X", {x});
  if (!factor_tensor.empty()) op.SetInput("ScaleTensor", {factor_tensor});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<float>("scale", static_cast<float>(factor));
  op.SetAttr<float>("bias", static_cast<float>(ctx.Real("bias", 0.0)));
  op.SetAttr<bool>("bias_after_scale", ctx.Bool("bias_after_scale", true));
}

// matmul is the legacy matmul_v2.
void TranslateMatmul(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const std::string y = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit("matmul_v2");
  op.SetInput("X", {x});
  op.SetInput("Y", {y});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<bool>("trans_x", ctx.Bool("transpose_x", false));
  op.SetAttr<bool>("trans_y", ctx.Bool("transpose_y", false));
}

void TranslateSoftmax(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  cpp::OpDesc& op = ctx.Emit("softmax");
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<int32_t>("axis", ctx.Int32("axis", -1));
}

void TranslateLogicalNot(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  cpp::OpDesc& op = ctx.Emit("logical_not");
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
}

// pow (x) with the exponent `y` as an attribute.
void TranslatePow(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  cpp::OpDesc& op = ctx.Emit("pow");
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<float>("factor", static_cast<float>(ctx.Real("y", 1.0)));
}

// cast (x; dtype): the legacy op names both types.
void TranslateCast(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const DataType in = ctx.OperandType(0).dtype;
  const DataType out = ctx.Dtype("dtype");
  cpp::OpDesc& op = ctx.Emit("cast");
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<int32_t>("in_dtype", PaddleDtypeCode(in, "operand 0 of " + ctx.name()));
  op.SetAttr<int32_t>("out_dtype", PaddleDtypeCode(out, "attribute 'dtype' of " + ctx.name()));
}

// clip (x, min, max): constant bounds are attributes, runtime ones the Min/Max inputs.
void TranslateClip(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  double bounds[2] = {0, 0};
  std::string tensors[2];
  for (size_t i = 0; i < 2; ++i) {
    if (!ctx.TryConstReal(i + 1, &bounds[i])) tensors[i] = ctx.Tensor(i + 1);
  }
  cpp::OpDesc& op = ctx.Emit("clip");
  op.SetInput("X", {x});
  if (!tensors[0].empty()) op.SetInput("Min", {tensors[0]});
  if (!tensors[1].empty()) op.SetInput("Max", {tensors[1]});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<float>("min", static_cast<float>(bounds[0]));
  op.SetAttr<float>("max", static_cast<float>(bounds[1]));
}

// mean / sum / max / min / prod (x, axis; keepdim): an empty axis reduces everything.
void TranslateReduce(OpContext& ctx) {
  const std::string legacy = "reduce_" + ctx.name().substr(6);
  const std::string x = ctx.Tensor(0);
  const std::vector<int64_t> axis =
      ctx.HasOperand(1) ? ctx.ConstInts(1, "axis") : std::vector<int64_t>{};
  cpp::OpDesc& op = ctx.Emit(legacy);
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<std::vector<int32_t>>("dim", ctx.ToInt32s(axis, "operand 'axis'"));
  op.SetAttr<bool>("keep_dim", ctx.Bool("keepdim", ctx.Bool("keep_dim", false)));
  op.SetAttr<bool>("reduce_all", axis.empty() || ctx.Bool("reduce_all", false));
  if (ctx.name() == "pd_op.sum" && ctx.Attr("dtype") &&
      ctx.RequireAttr("dtype").dtype != DataType::kUndefined) {
    op.SetAttr<int32_t>("out_dtype", PaddleDtypeCode(ctx.Dtype("dtype"), "attribute 'dtype'"));
  }
}

// argmax / argmin (x, axis; keepdims, flatten, dtype).
void TranslateArgMinMax(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const std::vector<int64_t> axis = ctx.ConstInts(1, "axis");
  if (axis.size() != 1) ctx.Fail("operand 'axis' must hold one value, got ", axis.size());
  cpp::OpDesc& op = ctx.Emit(ctx.name() == "pd_op.argmax" ? "arg_max" : "arg_min");
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<int64_t>("axis", axis[0]);
  op.SetAttr<bool>("keepdims", ctx.Bool("keepdims", false));
  op.SetAttr<bool>("flatten", ctx.Bool("flatten", false));
  op.SetAttr<int32_t>("dtype", PaddleDtypeCode(ctx.Attr("dtype") ? ctx.Dtype("dtype")
                                                                  : DataType::kInt64,
                                               "attribute 'dtype'"));
}

// where (condition, x, y).
void TranslateWhere(OpContext& ctx) {
  const std::string condition = ctx.Tensor(0);
  const std::string x = ctx.Tensor(1);
  const std::string y = ctx.Tensor(2);
  cpp::OpDesc& op = ctx.Emit("where");
  op.SetInput("Condition", {condition});
  op.SetInput("X", {x});
  op.SetInput("Y", {y});
  op.SetOutput("Out", {ctx.Result(0)});
}

// cumsum (x, axis; flatten, exclusive, reverse).
void TranslateCumsum(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const int64_t axis = ctx.HasOperand(1) ? ctx.ConstInt(1, "axis") : -1;
  cpp::OpDesc& op = ctx.Emit("cumsum");
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<int32_t>("axis", ctx.ToInt32(axis, "operand 'axis'"));
  op.SetAttr<bool>("flatten", ctx.Bool("flatten", false));
  op.SetAttr<bool>("exclusive", ctx.Bool("exclusive", false));
  op.SetAttr<bool>("reverse", ctx.Bool("reverse", false));
}

// topk (x, k; axis, largest, sorted) -> top_k_v2 (Out, Indices).
void TranslateTopK(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  int64_t k = 1;
  std::string k_tensor;
  if (ctx.HasOperand(1) && !ctx.TryConstInt(1, &k)) k_tensor = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit("top_k_v2");
  op.SetInput("X", {x});
  if (!k_tensor.empty()) op.SetInput("K", {k_tensor});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetOutput("Indices", {ctx.Result(1)});
  op.SetAttr<int32_t>("k", ctx.ToInt32(k, "operand 'k'"));
  op.SetAttr<int32_t>("axis", ctx.Int32("axis", -1));
  op.SetAttr<bool>("largest", ctx.Bool("largest", true));
  op.SetAttr<bool>("sorted", ctx.Bool("sorted", true));
}

}  // namespace

void AddMathTranslations(TranslatorTable* table) {
  for (const Plain& p : kBinary) (*table)[p.pir] = TranslateBinary;
  for (const Plain& p : kUnary) (*table)[p.pir] = TranslateUnary;
  (*table)["pd_op.scale"] = TranslateScale;
  (*table)["pd_op.matmul"] = TranslateMatmul;
  (*table)["pd_op.softmax"] = TranslateSoftmax;
  (*table)["pd_op.logical_not"] = TranslateLogicalNot;
  (*table)["pd_op.pow"] = TranslatePow;
  (*table)["pd_op.cast"] = TranslateCast;
  (*table)["pd_op.clip"] = TranslateClip;
  for (const char* r : {"pd_op.mean", "pd_op.sum", "pd_op.max", "pd_op.min", "pd_op.prod"}) {
    (*table)[r] = TranslateReduce;
  }
  (*table)["pd_op.argmax"] = TranslateArgMinMax;
  (*table)["pd_op.argmin"] = TranslateArgMinMax;
  (*table)["pd_op.where"] = TranslateWhere;
  (*table)["pd_op.cumsum"] = TranslateCumsum;
  (*table)["pd_op.topk"] = TranslateTopK;
}

}  // namespace pir
}  // namespace lite
}  // namespace paddle
