// Translations of constants and of the ops that move data without arithmetic: reshapes,
// concatenation, splitting, slicing, transposes (docs/pir.md).
#include <cmath>

#include "lite/model_parser/pir/translator.h"

namespace paddle {
namespace lite {
namespace pir {

namespace {

// An integer from an attribute of any numeric kind (a double is truncated, as phi's cast).
int64_t IntegerValue(const OpContext& ctx, const Attribute& a, const std::string& what) {
  if (a.IsInteger()) return a.i;
  if (a.kind == Attribute::Kind::kBool) return a.b ? 1 : 0;
  const bool integral_scalar = a.kind == Attribute::Kind::kScalar &&
                               (a.dtype == DataType::kInt32 || a.dtype == DataType::kInt64 ||
                                a.dtype == DataType::kBool || a.dtype == DataType::kInt8 ||
                                a.dtype == DataType::kInt16 || a.dtype == DataType::kUInt8);
  if (integral_scalar) return a.i;
  if (!a.IsReal() && a.kind != Attribute::Kind::kScalar) ctx.Fail(what, " (", a.id, ") is not a number");
  if (!(std::fabs(a.f) < 9.2e18)) ctx.Fail(what, " ", a.f, " is not an integer a tensor can hold");
  return static_cast<int64_t>(a.f);
}

// full (shape, value, dtype, place): a constant, written out only if used as a tensor.
void TranslateFull(OpContext& ctx) {
  Constant c;
  c.dtype = ctx.Dtype("dtype");
  c.dims = ctx.Ints("shape");
  for (int64_t d : c.dims) {
    if (d < 0) ctx.Fail("attribute 'shape' ", c.dims, " has a negative dim");
  }
  c.filled = true;
  if (c.integral()) {
    c.ints = {IntegerValue(ctx, ctx.RequireAttr("value"), "attribute 'value'")};
  } else {
    c.reals = {ctx.Real("value")};
  }
  ctx.ResultIsConstant(0, c);
}

// full_int_array (value, dtype, place): a 1-D integer constant.
void TranslateFullIntArray(OpContext& ctx) {
  Constant c;
  c.dtype = ctx.Dtype("dtype");
  const std::vector<int64_t> values = ctx.Ints("value");
  c.dims = {static_cast<int64_t>(values.size())};
  if (c.integral()) {
    c.ints = values;
  } else {
    c.reals.assign(values.begin(), values.end());
  }
  ctx.ResultIsConstant(0, c);
}

// assign_value / assign_value_ (shape, dtype, values, place): a constant of any shape.
void TranslateAssignValue(OpContext& ctx) {
  Constant c;
  c.dtype = ctx.Dtype("dtype");
  c.dims = ctx.Ints("shape");
  const std::vector<double> values = ctx.Reals("values");
  if (c.numel() != static_cast<int64_t>(values.size())) {
    ctx.Fail("attribute 'values' holds ", values.size(), " values for shape ", c.dims);
  }
  if (c.integral()) {
    for (const Attribute& e : ctx.RequireAttr("values").array) {
      c.ints.push_back(IntegerValue(ctx, e, "an element of attribute 'values'"));
    }
  } else {
    c.reals = values;
  }
  ctx.ResultIsConstant(0, c);
}

// A list-valued "IntArray" operand in the legacy form: the attribute when it is known now,
// else one tensor (`tensor_arg`) or a list of one-element tensors (`list_arg`).
struct IntArrayOperand {
  std::vector<int64_t> values;
  std::string tensor;
  std::vector<std::string> list;
  bool known() const { return tensor.empty() && list.empty(); }
};

IntArrayOperand ReadIntArray(OpContext& ctx, size_t i) {
  IntArrayOperand a;
  if (!ctx.HasOperand(i) || ctx.TryConstInts(i, &a.values)) return a;
  if (ctx.OperandType(i).kind == Type::Kind::kVector) {
    a.list = ctx.TensorList(i);
  } else {
    a.tensor = ctx.Tensor(i);
  }
  return a;
}

void SetIntArrayInputs(const IntArrayOperand& a, const char* tensor_arg, const char* list_arg,
                       cpp::OpDesc* op) {
  if (!a.tensor.empty()) op->SetInput(tensor_arg, {a.tensor});
  if (!a.list.empty()) op->SetInput(list_arg, a.list);
}

// reshape (x, shape): a known shape is the attribute, a runtime one an input (one tensor,
// or a list of one-element tensors).
void TranslateReshape(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const IntArrayOperand shape = ReadIntArray(ctx, 1);
  cpp::OpDesc& op = ctx.Emit("reshape2");
  op.SetInput("X", {x});
  SetIntArrayInputs(shape, "Shape", "ShapeTensor", &op);
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<std::vector<int32_t>>("shape", ctx.ToInt32s(shape.values, "operand 'shape'"));
}

void TranslateFlatten(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  cpp::OpDesc& op = ctx.Emit("flatten_contiguous_range");
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<int32_t>("start_axis", ctx.Int32("start_axis", 1));
  op.SetAttr<int32_t>("stop_axis", ctx.Int32("stop_axis", -1));
}

// concat (x list, axis): a runtime axis is the AxisTensor input.
void TranslateConcat(OpContext& ctx) {
  const std::vector<std::string> xs = ctx.TensorList(0);
  int64_t axis = 0;
  std::string axis_tensor;
  if (!ctx.TryConstInt(1, &axis)) axis_tensor = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit("concat");
  op.SetInput("X", xs);
  if (!axis_tensor.empty()) op.SetInput("AxisTensor", {axis_tensor});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<int32_t>("axis", ctx.ToInt32(axis, "operand 'axis'"));
}

void TranslateTranspose(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  cpp::OpDesc& op = ctx.Emit("transpose2");
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<std::vector<int32_t>>("axis", ctx.Int32s("perm"));
}

// squeeze / unsqueeze (x, axis).
void TranslateSqueeze(OpContext& ctx) {
  const bool un = ctx.name() == "pd_op.unsqueeze";
  const std::string x = ctx.Tensor(0);
  const IntArrayOperand axes = ReadIntArray(ctx, 1);
  cpp::OpDesc& op = ctx.Emit(un ? "unsqueeze2" : "squeeze2");
  op.SetInput("X", {x});
  SetIntArrayInputs(axes, "AxesTensor", "AxesTensorList", &op);
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<std::vector<int32_t>>("axes", ctx.ToInt32s(axes.values, "operand 'axis'"));
}

// split (x, sections, axis) and split_with_num (x, axis; num): one vector result.
void TranslateSplit(OpContext& ctx) {
  const bool with_num = ctx.name() == "pd_op.split_with_num";
  const std::string x = ctx.Tensor(0);
  const size_t axis_operand = with_num ? 1 : 2;
  const IntArrayOperand sections = with_num ? IntArrayOperand{} : ReadIntArray(ctx, 1);
  int64_t axis = 0;
  std::string axis_tensor;
  if (!ctx.TryConstInt(axis_operand, &axis)) axis_tensor = ctx.Tensor(axis_operand);
  if (!sections.tensor.empty()) {
    ctx.Fail("operand 'sections' is one runtime tensor; plite's split takes known sections or "
             "a list of one-element tensors");
  }
  cpp::OpDesc& op = ctx.Emit("split");
  op.SetInput("X", {x});
  if (!axis_tensor.empty()) op.SetInput("AxisTensor", {axis_tensor});
  if (!sections.list.empty()) op.SetInput("SectionsTensorList", sections.list);
  op.SetOutput("Out", ctx.ResultList(0));
  op.SetAttr<int32_t>("axis", ctx.ToInt32(axis, "operand 'axis'"));
  op.SetAttr<int32_t>("num", with_num ? ctx.Int32("num") : 0);
  op.SetAttr<std::vector<int32_t>>("sections", ctx.ToInt32s(sections.values, "operand 'sections'"));
}

// slice (input, starts, ends; axes, infer_flags, decrease_axis).
void TranslateSlice(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const IntArrayOperand starts = ReadIntArray(ctx, 1);
  const IntArrayOperand ends = ReadIntArray(ctx, 2);
  cpp::OpDesc& op = ctx.Emit("slice");
  op.SetInput("Input", {x});
  SetIntArrayInputs(starts, "StartsTensor", "StartsTensorList", &op);
  SetIntArrayInputs(ends, "EndsTensor", "EndsTensorList", &op);
  op.SetOutput("Out", {ctx.Result(0)});
  const std::vector<int64_t> axes = ctx.Ints("axes");
  op.SetAttr<std::vector<int32_t>>("axes", ctx.ToInt32s(axes, "attribute 'axes'"));
  // Runtime starts/ends leave the attributes at the axes' count (the op checks the sizes).
  op.SetAttr<std::vector<int64_t>>(
      "starts", starts.known() ? starts.values : std::vector<int64_t>(axes.size(), 0));
  op.SetAttr<std::vector<int64_t>>(
      "ends", ends.known() ? ends.values : std::vector<int64_t>(axes.size(), 0));
  op.SetAttr<std::vector<int32_t>>("infer_flags",
                                   ctx.ToInt32s(ctx.Ints("infer_flags", {}), "infer_flags"));
  op.SetAttr<std::vector<int32_t>>("decrease_axis",
                                   ctx.ToInt32s(ctx.Ints("decrease_axis", {}), "decrease_axis"));
}

void TranslateStack(OpContext& ctx) {
  const std::vector<std::string> xs = ctx.TensorList(0);
  cpp::OpDesc& op = ctx.Emit("stack");
  op.SetInput("X", xs);
  op.SetOutput("Y", {ctx.Result(0)});
  op.SetAttr<int32_t>("axis", ctx.Int32("axis", 0));
}

// unstack (x; axis, num) and unbind (input; axis): one vector result.
void TranslateUnstack(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const std::vector<std::string> outs = ctx.ResultList(0);
  cpp::OpDesc& op = ctx.Emit("unstack");
  op.SetInput("X", {x});
  op.SetOutput("Y", outs);
  op.SetAttr<int32_t>("axis", ctx.Int32("axis", 0));
  op.SetAttr<int32_t>("num", static_cast<int32_t>(outs.size()));
}

// shape (int32) and shape64 (int64): the legacy shape op (int32), cast for shape64. Never
// folded from the types' dims: Paddle computes it at run time, so inputs of other sizes
// than the export's see their own shape.
void TranslateShape(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  cpp::OpDesc& shape = ctx.Emit("shape");
  shape.SetInput("Input", {x});
  if (ctx.name() != "pd_op.shape64") {
    shape.SetOutput("Out", {ctx.Result(0)});
    return;
  }
  const std::string out = ctx.Result(0);
  const std::string int32_shape = ctx.InternalVar(out + ".int32", DataType::kInt32,
                                                  ctx.ResultType(0).dims);
  shape.SetOutput("Out", {int32_shape});
  cpp::OpDesc& cast = ctx.Emit("cast");
  cast.SetInput("X", {int32_shape});
  cast.SetOutput("Out", {out});
  cast.SetAttr<int32_t>("in_dtype", 2);
  cast.SetAttr<int32_t>("out_dtype", 3);
}

// expand (x, shape) -> expand_v2; tile (x, repeat_times).
void TranslateExpandOrTile(OpContext& ctx) {
  const bool tile = ctx.name() == "pd_op.tile";
  const std::string x = ctx.Tensor(0);
  const IntArrayOperand a = ReadIntArray(ctx, 1);
  cpp::OpDesc& op = ctx.Emit(tile ? "tile" : "expand_v2");
  op.SetInput("X", {x});
  if (tile) {
    SetIntArrayInputs(a, "RepeatTimes", "repeat_times_tensor", &op);
  } else {
    SetIntArrayInputs(a, "Shape", "expand_shapes_tensor", &op);
  }
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<std::vector<int32_t>>(tile ? "repeat_times" : "shape",
                                   ctx.ToInt32s(a.values, "operand 1"));
}

// gather (x, index, axis).
void TranslateGather(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const std::string index = ctx.Tensor(1);
  int64_t axis = 0;
  std::string axis_tensor;
  if (ctx.HasOperand(2) && !ctx.TryConstInt(2, &axis)) axis_tensor = ctx.Tensor(2);
  cpp::OpDesc& op = ctx.Emit("gather");
  op.SetInput("X", {x});
  op.SetInput("Index", {index});
  if (!axis_tensor.empty()) op.SetInput("Axis", {axis_tensor});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<int32_t>("axis", ctx.ToInt32(axis, "operand 'axis'"));
}

// embedding (x ids, weight; padding_idx) -> lookup_table_v2.
void TranslateEmbedding(OpContext& ctx) {
  const std::string ids = ctx.Tensor(0);
  const std::string w = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit("lookup_table_v2");
  op.SetInput("Ids", {ids});
  op.SetInput("W", {w});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<int64_t>("padding_idx", ctx.Int("padding_idx", -1));
}

// one_hot (x, num_classes) -> one_hot_v2 (float32 out).
void TranslateOneHot(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  int64_t depth = -1;
  std::string depth_tensor;
  if (!ctx.TryConstInt(1, &depth)) depth_tensor = ctx.Tensor(1);
  cpp::OpDesc& op = ctx.Emit("one_hot_v2");
  op.SetInput("X", {x});
  if (!depth_tensor.empty()) op.SetInput("depth_tensor", {depth_tensor});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<int32_t>("depth", ctx.ToInt32(depth, "operand 'num_classes'"));
  op.SetAttr<int32_t>("dtype", PaddleDtypeCode(ctx.ResultType(0).dtype, "result 0"));
}

void TranslateFlip(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  cpp::OpDesc& op = ctx.Emit("flip");
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<std::vector<int32_t>>("axis", ctx.Int32s("axis"));
}

// assign (x): the value itself (a copy only matters where a program writes in place).
void TranslateAssign(OpContext& ctx) { ctx.ResultIsOperand(0, 0); }

// arange (start, end, step; dtype) -> range over three one-element tensors.
void TranslateArange(OpContext& ctx) {
  const std::string start = ctx.Tensor(0);
  const std::string end = ctx.Tensor(1);
  const std::string step = ctx.Tensor(2);
  cpp::OpDesc& op = ctx.Emit("range");
  op.SetInput("Start", {start});
  op.SetInput("End", {end});
  op.SetInput("Step", {step});
  op.SetOutput("Out", {ctx.Result(0)});
}

// full_like (x, value; dtype) -> fill_any_like.
void TranslateFullLike(OpContext& ctx) {
  const std::string x = ctx.Tensor(0);
  const double value = ctx.ConstReal(1, "value");
  cpp::OpDesc& op = ctx.Emit("fill_any_like");
  op.SetInput("X", {x});
  op.SetOutput("Out", {ctx.Result(0)});
  op.SetAttr<float>("value", static_cast<float>(value));
  op.SetAttr<int32_t>("dtype", PaddleDtypeCode(ctx.ResultType(0).dtype, "result 0"));
}

}  // namespace

void AddShapeTranslations(TranslatorTable* table) {
  (*table)["pd_op.full"] = TranslateFull;
  (*table)["pd_op.full_int_array"] = TranslateFullIntArray;
  (*table)["pd_op.assign_value"] = TranslateAssignValue;
  (*table)["pd_op.reshape"] = TranslateReshape;
  (*table)["pd_op.flatten"] = TranslateFlatten;
  (*table)["pd_op.concat"] = TranslateConcat;
  (*table)["pd_op.transpose"] = TranslateTranspose;
  (*table)["pd_op.squeeze"] = TranslateSqueeze;
  (*table)["pd_op.unsqueeze"] = TranslateSqueeze;
  (*table)["pd_op.split"] = TranslateSplit;
  (*table)["pd_op.split_with_num"] = TranslateSplit;
  (*table)["pd_op.slice"] = TranslateSlice;
  (*table)["pd_op.stack"] = TranslateStack;
  (*table)["pd_op.unstack"] = TranslateUnstack;
  (*table)["pd_op.unbind"] = TranslateUnstack;
  (*table)["pd_op.shape"] = TranslateShape;
  (*table)["pd_op.shape64"] = TranslateShape;
  (*table)["pd_op.expand"] = TranslateExpandOrTile;
  (*table)["pd_op.tile"] = TranslateExpandOrTile;
  (*table)["pd_op.gather"] = TranslateGather;
  (*table)["pd_op.embedding"] = TranslateEmbedding;
  (*table)["pd_op.one_hot"] = TranslateOneHot;
  (*table)["pd_op.flip"] = TranslateFlip;
  (*table)["pd_op.assign"] = TranslateAssign;
  (*table)["pd_op.arange"] = TranslateArange;
  (*table)["pd_op.full_like"] = TranslateFullLike;
}

const TranslatorTable& Translations() {
  static const TranslatorTable table = [] {
    TranslatorTable t;
    AddNnTranslations(&t);
    AddMathTranslations(&t);
    AddShapeTranslations(&t);
    AddDetectionTranslations(&t);
    AddQuantTranslations(&t);
    return t;
  }();
  return table;
}

}  // namespace pir
}  // namespace lite
}  // namespace paddle
