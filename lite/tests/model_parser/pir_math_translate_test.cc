// Translations of the PIR element-wise math, activations, reductions and matrix products,
// each on a small program written here, against values worked out in the test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "lite/tests/model_parser/pir_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

using pirj::F32Tensor;

// x [2, 3] (input) op y (a parameter of `y_dims`): numpy broadcasting, no axis.
TEST(PirMath, BinaryOpsBroadcastNumpyStyle) {
  const std::vector<float> x = {1, -2, 3, 4, 5, -6};
  struct Case {
    const char* op;
    std::function<double(double, double)> f;
  };
  const Case cases[] = {
      {"pd_op.add", [](double a, double b) { return a + b; }},
      {"pd_op.subtract", [](double a, double b) { return a - b; }},
      {"pd_op.multiply", [](double a, double b) { return a * b; }},
      {"pd_op.divide", [](double a, double b) { return a / b; }},
      {"pd_op.maximum", [](double a, double b) { return std::max(a, b); }},
      {"pd_op.minimum", [](double a, double b) { return std::min(a, b); }},
      {"pd_op.elementwise_pow", [](double a, double b) { return std::pow(a, b); }},
  };
  const std::vector<float> y = {2, 3, 1};  // broadcast over rows
  for (const Case& c : cases) {
    PirProgramWriter p;
    const PirValue in = p.Data("x", {-1, 3});
    const PirValue w = p.Param("y", {3}, y);
    p.Fetch(p.Op1(c.op, {in, w}, F32Tensor({-1, 3})), "out");
    std::vector<double> want;
    for (int i = 0; i < 6; ++i) want.push_back(c.f(x[i], y[i % 3]));
    ExpectNear(RunPir(p, {2, 3}, x), want, 1e-5);
  }
  // Both operands broadcast: [2, 1] + [1, 3] -> [2, 3], the parameter first.
  PirProgramWriter p;
  const PirValue in = p.Data("x", {-1, 1});
  const PirValue w = p.Param("row", {1, 3}, {10, 20, 30});
  p.Fetch(p.Op1("pd_op.add", {w, in}, F32Tensor({-1, 3})), "out");
  std::vector<int64_t> dims;
  ExpectNear(RunPir(p, {2, 1}, {1, 2}, &dims), {11, 21, 31, 12, 22, 32}, 0);
  EXPECT_EQ(dims, (std::vector<int64_t>{2, 3}));
}

TEST(PirMath, Activations) {
  const std::vector<float> x = {-4, -1.5, -0.25, 0, 0.5, 2, 7};
  auto sigmoid = [](double v) { return 1 / (1 + std::exp(-v)); };
  struct Case {
    const char* op;
    PirAttrs attrs;
    std::function<double(double)> f;
  };
  const Case cases[] = {
      {"pd_op.relu", {}, [](double v) { return std::max(v, 0.0); }},
      {"pd_op.relu6", {}, [](double v) { return std::min(std::max(v, 0.0), 6.0); }},
      {"pd_op.hardswish", {}, [](double v) { return v * std::min(std::max(v + 3, 0.0), 6.0) / 6; }},
      {"pd_op.hardsigmoid",
       {{"slope", pirj::F32(0.1666666716337204)}, {"offset", pirj::F32(0.5)}},
       [](double v) { return std::min(std::max(0.1666666716337204 * v + 0.5, 0.0), 1.0); }},
      {"pd_op.swish", {}, [&](double v) { return v * sigmoid(v); }},
      {"pd_op.silu", {}, [&](double v) { return v * sigmoid(v); }},
      {"pd_op.sigmoid", {}, sigmoid},
      {"pd_op.tanh", {}, [](double v) { return std::tanh(v); }},
      {"pd_op.gelu", {{"approximate", pirj::Bool(false)}},
       [](double v) { return 0.5 * v * (1 + std::erf(v / std::sqrt(2.0))); }},
      {"pd_op.leaky_relu", {{"negative_slope", pirj::F64(0.1)}},
       [](double v) { return v > 0 ? v : 0.1 * v; }},
      {"pd_op.exp", {}, [](double v) { return std::exp(v); }},
      {"pd_op.abs", {}, [](double v) { return std::fabs(v); }},
      {"pd_op.square", {}, [](double v) { return v * v; }},
  };
  for (const Case& c : cases) {
    PirProgramWriter p;
    const PirValue in = p.Data("x", {-1});
    p.Fetch(p.Op1(c.op, {in}, F32Tensor({-1}), c.attrs), "out");
    std::vector<double> want;
    for (float v : x) want.push_back(c.f(v));
    SCOPED_TRACE(c.op);
    ExpectNear(RunPir(p, {7}, x), want, 2e-5);
  }
  // The ones defined for positive inputs only.
  const std::vector<float> positive = {0.25, 1, 2.5, 9};
  const Case positive_cases[] = {
      {"pd_op.log", {}, [](double v) { return std::log(v); }},
      {"pd_op.sqrt", {}, [](double v) { return std::sqrt(v); }},
      {"pd_op.rsqrt", {}, [](double v) { return 1 / std::sqrt(v); }},
      {"pd_op.softplus", {{"beta", pirj::F32(2)}, {"threshold", pirj::F32(20)}},
       [](double v) { return std::log1p(std::exp(2 * v)) / 2; }},
      {"pd_op.mish", {{"lambda", pirj::F32(20)}},
       [](double v) { return v * std::tanh(std::log1p(std::exp(v))); }},
  };
  for (const Case& c : positive_cases) {
    PirProgramWriter p;
    const PirValue in = p.Data("x", {-1});
    p.Fetch(p.Op1(c.op, {in}, F32Tensor({-1}), c.attrs), "out");
    std::vector<double> want;
    for (float v : positive) want.push_back(c.f(v));
    SCOPED_TRACE(c.op);
    ExpectNear(RunPir(p, {4}, positive), want, 2e-5);
  }
  // Inplace variants translate as their plain forms.
  PirProgramWriter p;
  const PirValue in = p.Data("x", {-1});
  p.Fetch(p.Op1("pd_op.relu_", {in}, F32Tensor({-1})), "out");
  ExpectNear(RunPir(p, {2}, {-1, 1}), {0, 1}, 0);
}

TEST(PirMath, ScaleFactorFromAConstantOrATensor) {
  for (const bool after : {true, false}) {
    PirProgramWriter p;
    const PirValue in = p.Data("x", {-1});
    const PirValue factor = p.Full({1}, 3.0);
    p.Fetch(p.Op1("pd_op.scale", {in, factor}, F32Tensor({-1}),
                  {{"bias", pirj::F32(1.0)}, {"bias_after_scale", pirj::Bool(after)}}),
            "out");
    ExpectNear(RunPir(p, {2}, {2, -1}), after ? std::vector<double>{7, -2} : std::vector<double>{9, 0},
               0);
    EXPECT_EQ(TranslatedOpTypes(p), (std::vector<std::string>{"feed", "scale", "fetch"}));
  }
  PirProgramWriter p;
  const PirValue in = p.Data("x", {-1});
  const PirValue factor = p.Param("s", {1}, {-2.f});
  p.Fetch(p.Op1("pd_op.scale", {in, factor}, F32Tensor({-1}),
                {{"bias", pirj::F32(0.5)}, {"bias_after_scale", pirj::Bool(true)}}),
          "out");
  ExpectNear(RunPir(p, {2}, {2, -1}), {-3.5, 2.5}, 0);
}

TEST(PirMath, MatmulTransposes) {
  // x [2, 3] times y^T with y [2, 3] -> [2, 2].
  const std::vector<float> x = {1, 2, 3, 4, 5, 6}, y = {1, 0, -1, 2, 1, 0};
  PirProgramWriter p;
  const PirValue in = p.Data("x", {-1, 3});
  const PirValue w = p.Param("linear.w_0", {2, 3}, y);
  p.Fetch(p.Op1("pd_op.matmul", {in, w}, F32Tensor({-1, 2}),
                {{"transpose_x", pirj::Bool(false)}, {"transpose_y", pirj::Bool(true)}}),
          "out");
  ExpectNear(RunPir(p, {2, 3}, x), {1 - 3, 2 + 2, 4 - 6, 8 + 5}, 1e-6);
}

TEST(PirMath, SoftmaxOnAnAxis) {
  PirProgramWriter p;
  const PirValue in = p.Data("x", {-1, 2});
  p.Fetch(p.Op1("pd_op.softmax", {in}, F32Tensor({-1, 2}), {{"axis", pirj::I32(0)}}), "out");
  const double e = std::exp(1.0);
  // Columns [0, 1] and [2, 2]: softmax down each column.
  ExpectNear(RunPir(p, {2, 2}, {0, 2, 1, 2}), {1 / (1 + e), 0.5, e / (1 + e), 0.5}, 1e-6);
}

TEST(PirMath, CastBothWays) {
  PirProgramWriter p;
  const PirValue in = p.Data("x", {-1});
  const PirValue ints = p.Op1("pd_op.cast", {in}, pirj::Tensor("i64", {-1}),
                              {{"dtype", pirj::Dtype("int64")}});
  const PirValue back = p.Op1("pd_op.cast", {ints}, F32Tensor({-1}),
                              {{"dtype", pirj::Dtype("float32")}});
  p.Fetch(ints, "ints");
  p.Fetch(back, "back");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {3}, {2.7f, -1.5f, 9.f});
  predictor->Run();
  ExpectNear(PirOutput(*predictor, 0), {2, -1, 9}, 0);  // truncated toward zero
  ExpectNear(PirOutput(*predictor, 1), {2, -1, 9}, 0);
}

TEST(PirMath, ClipBoundsConstantOrRuntime) {
  PirProgramWriter p;
  const PirValue in = p.Data("x", {-1});
  const PirValue lo = p.Full({1}, -1.0);
  const PirValue hi = p.Param("hi", {1}, {2.f});  // a tensor bound
  p.Fetch(p.Op1("pd_op.clip", {in, lo, hi}, F32Tensor({-1})), "out");
  ExpectNear(RunPir(p, {4}, {-5, 0.5, 3, 2}), {-1, 0.5, 2, 2}, 0);
}

TEST(PirMath, Reductions) {
  const std::vector<float> x = {1, 2, 3, 4, 5, 6};  // [2, 3]
  struct Case {
    const char* op;
    std::vector<int64_t> axis;
    bool keepdim;
    std::vector<double> want;
    std::vector<int64_t> dims;
  };
  const Case cases[] = {
      {"pd_op.mean", {1}, true, {2, 5}, {2, 1}},
      {"pd_op.sum", {0}, false, {5, 7, 9}, {3}},
      {"pd_op.max", {-1}, false, {3, 6}, {2}},
      {"pd_op.min", {}, false, {1}, {}},
      {"pd_op.prod", {1}, false, {6, 120}, {2}},
  };
  for (const Case& c : cases) {
    PirProgramWriter p;
    const PirValue in = p.Data("x", {-1, 3});
    const PirValue axis = p.FullIntArray(c.axis);
    PirAttrs attrs = {{"keepdim", pirj::Bool(c.keepdim)}};
    if (std::string(c.op) == "pd_op.sum") attrs.push_back({"dtype", pirj::Dtype("float32")});
    if (std::string(c.op) == "pd_op.prod") attrs.push_back({"reduce_all", pirj::Bool(false)});
    p.Fetch(p.Op1(c.op, {in, axis}, F32Tensor(c.dims), attrs), "out");
    std::vector<int64_t> dims;
    SCOPED_TRACE(c.op);
    ExpectNear(RunPir(p, {2, 3}, x, &dims), c.want, 1e-6);
    if (!c.dims.empty()) {
      EXPECT_EQ(dims, c.dims);
    }
  }
}

TEST(PirMath, ArgmaxAndArgmin) {
  for (const bool max : {true, false}) {
    PirProgramWriter p;
    const PirValue in = p.Data("x", {-1, 3});
    const PirValue axis = p.Full({1}, 1, "int64");
    p.Fetch(p.Op1(max ? "pd_op.argmax" : "pd_op.argmin", {in, axis}, pirj::Tensor("i64", {-1}),
                  {{"keepdims", pirj::Bool(false)},
                   {"flatten", pirj::Bool(false)},
                   {"dtype", pirj::Dtype("int64")}}),
            "out");
    ExpectNear(RunPir(p, {2, 3}, {3, 9, 1, 7, -2, 8}),
               max ? std::vector<double>{1, 2} : std::vector<double>{2, 1}, 0);
  }
}

// floor_divide floors and remainder takes the divisor's sign, as Python (and phi) do.
TEST(PirMath, FloorDivideAndRemainderFollowTheDivisorsSign) {
  const std::vector<float> x = {7, -7, 7, -7};
  const std::vector<float> y = {2, 2, -2, -2};
  for (const bool div : {true, false}) {
    PirProgramWriter p;
    const PirValue in = p.Data("x", {-1});
    const PirValue w = p.Param("y", {4}, y);
    p.Fetch(p.Op1(div ? "pd_op.floor_divide" : "pd_op.remainder", {in, w}, F32Tensor({-1})), "out");
    std::vector<double> want;
    for (int i = 0; i < 4; ++i) {
      const double q = std::floor(static_cast<double>(x[i]) / y[i]);
      want.push_back(div ? q : x[i] - q * y[i]);
    }
    ExpectNear(RunPir(p, {4}, x), want, 1e-6);
  }
}

TEST(PirMath, EveryComparisonAndLogicalOp) {
  const std::vector<float> x = {1, 2, 3}, y = {2, 2, 2};
  struct Case {
    const char* op;
    std::function<bool(double, double)> f;
  };
  const Case cases[] = {
      {"pd_op.less_than", [](double a, double b) { return a < b; }},
      {"pd_op.less_equal", [](double a, double b) { return a <= b; }},
      {"pd_op.greater_than", [](double a, double b) { return a > b; }},
      {"pd_op.greater_equal", [](double a, double b) { return a >= b; }},
      {"pd_op.equal", [](double a, double b) { return a == b; }},
      {"pd_op.not_equal", [](double a, double b) { return a != b; }},
  };
  const std::string b = pirj::Tensor("bool", {-1});
  for (const Case& c : cases) {
    PirProgramWriter p;
    const PirValue in = p.Data("x", {-1});
    p.Fetch(p.Op1(c.op, {in, p.Param("y", {3}, y)}, b), "out");
    std::vector<double> want;
    for (int i = 0; i < 3; ++i) want.push_back(c.f(x[i], y[i]));
    SCOPED_TRACE(c.op);
    ExpectNear(RunPir(p, {3}, x), want, 0);
  }
  // x < 2 is (T F F); against x > 2 (F F T) for or and and, against x <= 2 (T T F) for xor.
  struct Logical {
    const char* op;
    const char* other;
    std::vector<double> want;
  };
  for (const Logical& l : {Logical{"pd_op.logical_or", "pd_op.greater_than", {1, 0, 1}},
                           Logical{"pd_op.logical_and", "pd_op.greater_than", {0, 0, 0}},
                           Logical{"pd_op.logical_xor", "pd_op.less_equal", {0, 1, 0}}}) {
    PirProgramWriter p;
    const PirValue in = p.Data("x", {-1});
    const PirValue two = p.Full({1}, 2.0);
    const PirValue lt = p.Op1("pd_op.less_than", {in, two}, b);
    const PirValue other = p.Op1(l.other, {in, two}, b);
    p.Fetch(p.Op1(l.op, {lt, other}, b), "out");
    SCOPED_TRACE(l.op);
    ExpectNear(RunPir(p, {3}, x), l.want, 0);
  }
}

TEST(PirMath, ComparisonsLogicalOpsAndWhere) {
  // where(x > y and not x == 2, x, y) element by element.
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1});
  const PirValue y = p.Param("y", {4}, {0, 5, 1, 3});
  const PirValue two = p.Full({1}, 2.0);
  const std::string b = pirj::Tensor("bool", {-1});
  const PirValue gt = p.Op1("pd_op.greater_than", {x, y}, b);
  const PirValue eq = p.Op1("pd_op.equal", {x, two}, b);
  const PirValue ne = p.Op1("pd_op.logical_not", {eq}, b);
  const PirValue both = p.Op1("pd_op.logical_and", {gt, ne}, b);
  p.Fetch(p.Op1("pd_op.where", {both, x, y}, F32Tensor({-1})), "out");
  p.Fetch(both, "mask");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {4}, {1, 2, 2, 9});
  predictor->Run();
  ExpectNear(PirOutput(*predictor, 0), {1, 5, 1, 9}, 0);
  ExpectNear(PirOutput(*predictor, 1), {1, 0, 0, 1}, 0);
}

TEST(PirMath, CumsumTopkAndPow) {
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1});
  const PirValue axis = p.Full({1}, 0, "int32");
  const PirValue sum = p.Op1("pd_op.cumsum", {x, axis}, F32Tensor({-1}),
                             {{"flatten", pirj::Bool(false)},
                              {"exclusive", pirj::Bool(false)},
                              {"reverse", pirj::Bool(true)}});
  const PirValue k = p.Full({1}, 2, "int32");
  const auto top = p.Op("pd_op.topk", {x, k}, {F32Tensor({2}), pirj::Tensor("i64", {2})},
                        {{"axis", pirj::I32(-1)},
                         {"largest", pirj::Bool(true)},
                         {"sorted", pirj::Bool(true)}});
  const PirValue sq = p.Op1("pd_op.pow", {x}, F32Tensor({-1}), {{"y", pirj::F32(3)}});
  p.Fetch(sum, "sum");
  p.Fetch(top[0], "top");
  p.Fetch(top[1], "index");
  p.Fetch(sq, "cube");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {4}, {1, 4, -2, 3});
  predictor->Run();
  ExpectNear(PirOutput(*predictor, 0), {6, 5, 1, 3}, 0);  // reversed running sums
  ExpectNear(PirOutput(*predictor, 1), {4, 3}, 0);
  ExpectNear(PirOutput(*predictor, 2), {1, 3}, 0);
  ExpectNear(PirOutput(*predictor, 3), {1, 64, -8, 27}, 1e-5);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
