// Paddle 3's custom_op dialect onto plite's custom ops (paddle_custom_op.h): operands and
// results bind the declared parameters in order, attributes by name; an absent optional
// input is left out; the errors name the op and its declared parameters. Expected values
// are worked out here.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "lite/api/paddle_custom_op.h"
#include "lite/tests/model_parser/model_test_util.h"
#include "lite/tests/model_parser/pir_test_util.h"

namespace {

using paddle::lite_api::CustomKernel;
using paddle::lite_api::CustomOpContext;
using paddle::lite_api::PaddleLiteException;

// pir_test_axpy: Out = alpha * X + Y (+ Bias[i % numel]) + sum(shifts), with mode "axpy".
void InferLikeX(CustomOpContext& ctx) { ctx.Output("Out").Resize(ctx.Input("X").shape()); }

class Axpy : public CustomKernel {
 public:
  void Execute(CustomOpContext& ctx) override {
    if (ctx.GetAttr<std::string>("mode") != "axpy") throw PaddleLiteException("pir_test_axpy: mode");
    const float alpha = ctx.GetAttr<float>("alpha");
    float shift = 0;
    for (int64_t s : ctx.GetAttr<std::vector<int64_t>>("shifts")) shift += static_cast<float>(s);
    auto x = ctx.Input("X");
    auto y = ctx.Input("Y");
    const float* bias = ctx.InputCount("Bias") ? ctx.Input("Bias").data<float>() : nullptr;
    const int64_t bias_n = bias ? ctx.Input("Bias").numel() : 1;
    float* out = ctx.Output("Out").mutable_data<float>();
    for (int64_t i = 0; i < x.numel(); ++i) {
      out[i] = alpha * x.data<float>()[i] + y.data<float>()[i] + (bias ? bias[i % bias_n] : 0) +
               shift;
    }
  }
};

REGISTER_CUSTOM_OP(pir_test_axpy)
    .Inputs({"X", "Y"})
    .OptionalInputs({"Bias"})
    .Outputs({"Out"})
    .InferShape(InferLikeX)
    .Finalize();
REGISTER_CUSTOM_KERNEL(pir_test_axpy, kHost, kFloat, kNCHW, pirtest, Axpy).Finalize();

}  // namespace

namespace paddle {
namespace lite {
namespace testing {
namespace {

using pirj::F32Tensor;

const PirAttrs kAxpyAttrs = {{"alpha", pirj::F32(2)},
                             {"shifts", pirj::I64s({1, 2})},
                             {"mode", pirj::Str("axpy")},
                             {"struct_name", pirj::Str("/Model/Axpy")}};

// x [2, 2] and the parameter y; `bias` (absent, or a constant from pd_op.full) last.
PirProgramWriter AxpyModel(const std::string& op_name, bool with_bias) {
  PirProgramWriter p;
  const PirValue x = p.Data("x", {2, 2});
  const PirValue y = p.Param("axpy.y", {2, 2}, {10, 20, 30, 40});
  const PirValue bias = with_bias ? p.Full({2}, 0.5) : PirValue{};
  p.Fetch(p.Op1(op_name, {x, y, bias}, F32Tensor({2, 2}), kAxpyAttrs), "out");
  return p;
}

// The registrations above take effect here (as at a predictor's creation), so the
// translations below, which create none, see them.
bool AxpyRegistered() {
  const std::vector<std::string> types = lite_api::CustomOpTypes();
  return std::find(types.begin(), types.end(), "pir_test_axpy") != types.end();
}

TEST(PirCustomOps, OperandsAttributesAndAnAbsentOptionalInput) {
  ASSERT_TRUE(AxpyRegistered());
  // 2 x + y + 3.
  ExpectNear(RunPir(AxpyModel("custom_op.pir_test_axpy", false), {2, 2}, {1, 2, 3, 4}),
             {15, 27, 39, 51}, 1e-6);
  EXPECT_EQ(TranslatedOpTypes(AxpyModel("custom_op.pir_test_axpy", false)),
            (std::vector<std::string>{"feed", "pir_test_axpy", "fetch"}));
}

TEST(PirCustomOps, InplaceFormAndAConstantOperand) {
  // 2 x + y + 0.5 + 3; the constant is written out as fill_constant before the op.
  ASSERT_TRUE(AxpyRegistered());
  const PirProgramWriter p = AxpyModel("custom_op.pir_test_axpy_", true);
  ExpectNear(RunPir(p, {2, 2}, {1, 2, 3, 4}), {15.5, 27.5, 39.5, 51.5}, 1e-6);
  EXPECT_EQ(TranslatedOpTypes(p),
            (std::vector<std::string>{"feed", "fill_constant", "pir_test_axpy", "fetch"}));
}

TEST(PirCustomOps, OperandsThatDoNotFitTheDeclaredParameters) {
  {
    PirProgramWriter p;
    const PirValue x = p.Data("x", {2, 2});
    p.Fetch(p.Op1("custom_op.pir_test_axpy", {x, PirValue{}}, F32Tensor({2, 2}), kAxpyAttrs),
            "out");
    ExpectError([&] { LoadPir(p); },
                {"op 1 (custom_op.pir_test_axpy)", "leaves out input 'Y' (operand 1)"});
  }
  {
    PirProgramWriter p;
    const PirValue x = p.Data("x", {2, 2});
    p.Fetch(p.Op1("custom_op.pir_test_axpy", {x, x, x, x}, F32Tensor({2, 2}), kAxpyAttrs), "out");
    ExpectError([&] { LoadPir(p); },
                {"has 4 operands and 1 results", "declares the inputs [X, Y, Bias]",
                 "the outputs [Out]"});
  }
  // The predictor is built as before.
  ExpectNear(RunPir(AxpyModel("custom_op.pir_test_axpy", false), {2, 2}, {0, 0, 0, 0}),
             {13, 23, 33, 43}, 1e-6);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
