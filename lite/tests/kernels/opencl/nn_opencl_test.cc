// The OpenCL image kernels of pool2d, elementwise_*, batch_norm, scale, concat and softmax
// against the host kernels (the reference), in small programs optimized for
// {OpenCL float images, host} and {OpenCL half images, host}: odd channel counts, strides
// and paddings, broadcasting, batch 2. Float storage within 1e-4 (abs + rel), half storage
// within 2e-2 of the output's range. Every case asserts that the op ran on OpenCL; the
// worst errors seen per op are printed at the end.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "lite/backends/opencl/cl_runtime.h"
#include "lite/core/program.h"
#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const Place kHostFloat(TargetType::kHost, PrecisionType::kFloat);
const Place kClFloat(TargetType::kOpenCL, PrecisionType::kFloat, DataLayoutType::kImageDefault);
const Place kClHalf(TargetType::kOpenCL, PrecisionType::kFP16, DataLayoutType::kImageDefault);

// A fed input: its name, dims and the range of its random values.
struct Feed {
  std::string name;
  std::vector<int64_t> dims;
  float lo{-2.f}, hi{2.f};
};

// The worst errors seen per op type: fp32 max |diff|, fp16 max |diff| / range.
std::map<std::string, std::pair<float, float>>& WorstErrors() {
  static std::map<std::string, std::pair<float, float>> worst;
  return worst;
}

class NnOpenClTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    if (!opencl::ClRuntime::Available(&why)) GTEST_SKIP() << "no OpenCL device: " << why;
  }
  static void TearDownTestSuite() {
    for (const auto& [op, worst] : WorstErrors()) {
      std::cout << "[nn_opencl] " << op << ": fp32 max |diff| " << worst.first
                << ", fp16 max |diff| / range " << worst.second << "\n";
    }
  }
};

// A program feeding `feeds` (columns in order; the first is the Builder's "x"), its dims
// declared with an unknown batch.
Builder FeedProgram(const std::vector<Feed>& feeds) {
  const auto declared = [](std::vector<int64_t> dims) {
    dims[0] = -1;
    return dims;
  };
  Builder b(declared(feeds[0].dims));
  for (size_t i = 1; i < feeds.size(); ++i) {
    b.AddVar(feeds[i].name, cpp::VarKind::kLodTensor, declared(feeds[i].dims));
    b.Op("feed", {{"X", "feed"}}, {{"Out", feeds[i].name}})
        .SetAttr<int32_t>("col", static_cast<int32_t>(i));
  }
  return b;
}

// Fetch column 0 after running on `values`, one per feed.
std::vector<float> RunFeeds(Optimized* o, const std::vector<Feed>& feeds,
                            const std::vector<std::vector<float>>& values) {
  auto* list = o->exec->Var("feed")->GetMutable<TensorList>();
  list->resize(feeds.size());
  for (size_t i = 0; i < feeds.size(); ++i) {
    (*list)[i].Resize(DDim(feeds[i].dims));
    std::memcpy((*list)[i].mutable_data<float>(), values[i].data(), values[i].size() * 4);
  }
  o->runtime->Run();
  return ToVector(o->exec->FindVar("fetch")->Get<TensorList>().at(0));
}

// Max |got - want| over the scale of want (its range, or its largest magnitude where that
// is more): the half-storage criterion.
float RelativeToRange(const std::vector<float>& got, const std::vector<float>& want) {
  float lo = want[0], hi = want[0], largest = 0.f, worst = 0.f;
  for (size_t i = 0; i < want.size(); ++i) {
    lo = std::min(lo, want[i]);
    hi = std::max(hi, want[i]);
    largest = std::max(largest, std::fabs(want[i]));
    worst = std::max(worst, std::fabs(got[i] - want[i]));
  }
  return worst / std::max({hi - lo, largest, 1e-6f});
}

float MaxAbsDiff(const std::vector<float>& got, const std::vector<float>& want) {
  float worst = 0.f;
  for (size_t i = 0; i < want.size(); ++i) worst = std::max(worst, std::fabs(got[i] - want[i]));
  return worst;
}

// Runs the program of `b` (which fetches the output of the `op` ops) on the host, on float
// images and on half images, each `op` on OpenCL, and compares.
void ExpectMatchesHost(const Builder& b, const std::string& op, const std::vector<Feed>& feeds,
                       const Weights& weights = {}, bool fuse = false) {
  std::vector<std::vector<float>> values;
  uint32_t seed = 7;
  for (const Feed& f : feeds) {
    values.push_back(RandomVector(DDim(f.dims).production(), f.lo, f.hi, seed++));
  }
  auto host = Optimize(b.program(), {kHostFloat}, fuse, weights);
  const std::vector<float> want = RunFeeds(host.get(), feeds, values);
  auto& worst = WorstErrors()[op];
  for (const Place& place : {kClFloat, kClHalf}) {
    SCOPED_TRACE(place.DebugString());
    auto o = Optimize(b.program(), {place, kHostFloat}, fuse, weights);
    const std::vector<const cpp::OpDesc*> ops = o->Ops(op);
    ASSERT_FALSE(ops.empty());
    for (const cpp::OpDesc* d : ops) {
      ASSERT_NE(d->GetAttr<std::string>(kKernelKeyAttr).find(",opencl,"), std::string::npos)
          << d->GetAttr<std::string>(kKernelKeyAttr);
    }
    const std::vector<float> got = RunFeeds(o.get(), feeds, values);
    ASSERT_EQ(got.size(), want.size());
    if (place.precision == PrecisionType::kFloat) {
      ExpectAllNear(got, want, 1e-4f, 1e-4f);
      worst.first = std::max(worst.first, MaxAbsDiff(got, want));
    } else {
      const float rel = RelativeToRange(got, want);
      EXPECT_LE(rel, 2e-2f);
      worst.second = std::max(worst.second, rel);
    }
  }
}

// ---------------------------------------------------------------- pool2d

struct PoolCase {
  std::vector<int64_t> x;
  std::string type;
  std::vector<int> ksize, strides, paddings;
  bool exclusive{true}, ceil_mode{false}, global{false}, adaptive{false};
};

TEST_F(NnOpenClTest, Pool2dMatchesTheHostKernel) {
  // Few distinct shapes: PoCL compiles the casts around the op for each image size.
  const std::vector<PoolCase> cases = {
      {{2, 5, 9, 11}, "max", {3, 3}, {2, 2}, {1, 1}},
      {{2, 5, 9, 11}, "avg", {3, 3}, {2, 2}, {1, 1}},
      {{1, 6, 7, 9}, "avg", {2, 3}, {2, 1}, {0, 2, 1, 0}, false},
      {{1, 6, 7, 9}, "max", {2, 3}, {2, 1}, {0, 2, 1, 0}},
      // ceil_mode adds a last row of windows that reach past the bottom padding.
      {{1, 6, 7, 9}, "avg", {2, 3}, {2, 1}, {0, 2, 1, 0}, true, true},
      {{1, 6, 7, 9}, "avg", {2, 3}, {2, 1}, {0, 2, 1, 0}, false, true},
      {{1, 6, 7, 9}, "max", {2, 3}, {2, 1}, {0, 2, 1, 0}, true, true},
      {{2, 5, 9, 11}, "avg", {2, 2}, {2, 2}, {2, 2}},  // windows entirely in the padding
      {{2, 5, 9, 11}, "avg", {1, 1}, {1, 1}, {0, 0}, true, false, true},
      {{2, 5, 9, 11}, "max", {1, 1}, {1, 1}, {0, 0}, true, false, true},
      {{2, 5, 9, 11}, "avg", {3, 4}, {1, 1}, {0, 0}, true, false, false, true},
      {{2, 5, 9, 11}, "max", {3, 4}, {1, 1}, {0, 0}, true, false, false, true},
  };
  for (const PoolCase& c : cases) {
    SCOPED_TRACE(StrCat(c.type, " X", DDim(c.x), " ksize ", c.ksize, " strides ", c.strides,
                        " paddings ", c.paddings, " exclusive ", c.exclusive, " ceil ", c.ceil_mode,
                        " global ", c.global, " adaptive ", c.adaptive));
    const std::vector<Feed> feeds = {{"x", c.x}};
    Builder b = FeedProgram(feeds);
    cpp::OpDesc& op = b.Op("pool2d", {{"X", "x"}}, {{"Out", "y"}});
    op.SetAttr<std::string>("pooling_type", c.type);
    op.SetAttr<std::vector<int32_t>>("ksize", c.ksize);
    op.SetAttr<std::vector<int32_t>>("strides", c.strides);
    op.SetAttr<std::vector<int32_t>>("paddings", c.paddings);
    op.SetAttr<bool>("exclusive", c.exclusive);
    op.SetAttr<bool>("ceil_mode", c.ceil_mode);
    op.SetAttr<bool>("global_pooling", c.global);
    op.SetAttr<bool>("adaptive", c.adaptive);
    b.Fetch("y", 0);
    ExpectMatchesHost(b, "pool2d", feeds);
  }
}

// ---------------------------------------------------------------- elementwise

struct ElementwiseCase {
  std::string op;
  std::vector<int64_t> x, y;
  int axis{-1};
  bool y_is_weight{false};
  float lo{-2.f}, hi{2.f};  // of Y (X: [-2, 2], or [0.2, 2] for pow)
  std::string act{};        // an activation after the op, fused into it
};

TEST_F(NnOpenClTest, ElementwiseMatchesTheHostKernel) {
  // Mostly one output shape (C = 5): PoCL compiles the casts for each image size.
  const std::vector<ElementwiseCase> cases = {
      {"elementwise_add", {2, 5, 3, 4}, {2, 5, 3, 4}},
      {"elementwise_sub", {2, 5, 3, 4}, {5}, 1, true},  // per channel
      {"elementwise_mul", {2, 5, 3, 4}, {1, 5, 1, 1}},
      {"elementwise_div", {2, 5, 3, 4}, {1}, -1, true, 0.5f, 2.f},  // a scalar
      {"elementwise_add", {2, 5, 3, 4}, {3, 4}},                    // trailing dims
      {"elementwise_mul", {2, 1, 3, 1}, {5, 1, 4}},                 // both broadcast
      {"elementwise_sub", {4}, {2, 5, 3, 4}},                       // X of lower rank
      {"elementwise_div", {2, 5, 3}, {5, 1}, 1, false, 0.5f, 2.f},  // Y's trailing 1 dropped
      {"elementwise_add", {3, 17}, {17}},
      {"elementwise_max", {2, 5, 3, 4}, {5, 1, 1}, 1},
      {"elementwise_min", {2, 5, 3, 4}, {2, 5, 3, 4}},
      {"elementwise_pow", {2, 5, 3, 4}, {3, 4}, -1, false, -1.5f, 1.5f},
      {"elementwise_add", {2, 5, 3, 4}, {2, 5, 3, 4}, -1, false, -2.f, 2.f, "relu"},
      {"elementwise_sub", {2, 5, 3, 4}, {5}, 1, true, -2.f, 2.f, "sigmoid"},
      {"elementwise_mul", {2, 5, 3, 4}, {2, 1, 3, 4}, -1, false, -2.f, 2.f, "leaky_relu"},
  };
  for (const ElementwiseCase& c : cases) {
    SCOPED_TRACE(StrCat(c.op, " X", DDim(c.x), " Y", DDim(c.y), " axis ", c.axis,
                        c.y_is_weight ? " (weight)" : "", " ", c.act));
    std::vector<Feed> feeds = {{"x", c.x}};
    if (c.op == "elementwise_pow") feeds[0].lo = 0.2f;
    Weights weights;
    if (!c.y_is_weight) feeds.push_back({"y", c.y, c.lo, c.hi});
    Builder b = FeedProgram(feeds);
    if (c.y_is_weight) {
      b.AddVar("y", cpp::VarKind::kLodTensor, c.y, true);
      weights["y"] = {DDim(c.y), RandomVector(DDim(c.y).production(), c.lo, c.hi, 99)};
    }
    b.Op(c.op, {{"X", "x"}, {"Y", "y"}}, {{"Out", "z"}}).SetAttr<int32_t>("axis", c.axis);
    if (!c.act.empty()) {
      b.Op(c.act, {{"X", "z"}}, {{"Out", "a"}});
      b.Fetch("a", 0);
      // The activation is fused (the elementwise op runs it).
      auto fused = Optimize(b.program(), {kClFloat, kHostFloat}, true, weights);
      ASSERT_EQ(fused->FindOp(c.act), nullptr);
      ASSERT_EQ(fused->FindOp(c.op)->GetAttr<std::string>("act_type"), c.act);
    } else {
      b.Fetch("z", 0);
    }
    ExpectMatchesHost(b, c.op, feeds, weights, !c.act.empty());
  }
}

// Operands of rank 5 do not fit an image: the CPU kernel runs them.
TEST_F(NnOpenClTest, ElementwiseOfRankFiveRunsOnTheCpu) {
  Builder b({1, 2, 3, 4, 5});
  b.AddVar("y", cpp::VarKind::kLodTensor, {1, 2, 3, 4, 5}, true);
  b.Op("elementwise_add", {{"X", "x"}, {"Y", "y"}}, {{"Out", "z"}});
  b.Fetch("z", 0);
  const Weights weights = {{"y", {DDim({1, 2, 3, 4, 5}), RandomVector(120, -1.f, 1.f, 4)}}};
  auto o = Optimize(b.program(), {kClFloat, kHostFloat}, false, weights);
  EXPECT_NE(o->FindOp("elementwise_add")->GetAttr<std::string>(kKernelKeyAttr).find(",host,"),
            std::string::npos);
  const std::vector<float> x = RandomVector(120, -1.f, 1.f, 5);
  EXPECT_EQ(o->Run(DDim({1, 2, 3, 4, 5}), x),
            Optimize(b.program(), {kHostFloat}, false, weights)->Run(DDim({1, 2, 3, 4, 5}), x));
}

// ---------------------------------------------------------------- batch_norm, scale

TEST_F(NnOpenClTest, BatchNormMatchesTheHostKernel) {
  // Channels are dim 1: the image's C for 4-D X, its H for [N, C, L], its W for [N, C].
  const std::vector<std::vector<int64_t>> shapes = {{2, 5, 3, 4}, {2, 8, 3, 4}, {2, 5, 3}, {3, 17}};
  for (const auto& shape : shapes) {
    SCOPED_TRACE(StrCat("X", DDim(shape)));
    const std::vector<Feed> feeds = {{"x", shape, -3.f, 3.f}};
    Builder b = FeedProgram(feeds);
    const int64_t c = shape[1];
    Weights weights;
    const std::pair<const char*, std::pair<float, float>> args[] = {{"Scale", {0.5f, 2.f}},
                                                                    {"Bias", {-1.f, 1.f}},
                                                                    {"Mean", {-1.f, 1.f}},
                                                                    {"Variance", {0.1f, 2.f}}};
    std::map<std::string, std::string> inputs = {{"X", "x"}};
    uint32_t seed = 40;
    for (const auto& [arg, range] : args) {
      const std::string var = StrCat("bn_", arg);
      b.AddVar(var, cpp::VarKind::kLodTensor, {c}, true);
      weights[var] = {DDim({c}), RandomVector(c, range.first, range.second, ++seed)};
      inputs[arg] = var;
    }
    b.Op("batch_norm", inputs,
         {{"Y", "y"},
          {"MeanOut", "bn_Mean"},  // in place, as Paddle exports it
          {"VarianceOut", "bn_Variance"},
          {"SavedMean", "saved_mean"},
          {"SavedVariance", "saved_variance"}})
        .SetAttr<float>("epsilon", 1e-3f);
    b.Fetch("y", 0);
    ExpectMatchesHost(b, "batch_norm", feeds, weights);
  }
}

TEST_F(NnOpenClTest, ScaleMatchesTheHostKernel) {
  struct Case {
    std::vector<int64_t> x;
    float scale, bias;
    bool bias_after_scale;
  };
  const std::vector<Case> cases = {{{2, 5, 3, 4}, 1.7f, -0.4f, true},
                                   {{2, 5, 3, 4}, -0.6f, 0.9f, false},
                                   {{17}, 3.f, 2.f, true}};
  for (const Case& c : cases) {
    SCOPED_TRACE(StrCat("X", DDim(c.x), " bias_after_scale ", c.bias_after_scale));
    const std::vector<Feed> feeds = {{"x", c.x}};
    Builder b = FeedProgram(feeds);
    cpp::OpDesc& op = b.Op("scale", {{"X", "x"}}, {{"Out", "y"}});
    op.SetAttr<float>("scale", c.scale);
    op.SetAttr<float>("bias", c.bias);
    op.SetAttr<bool>("bias_after_scale", c.bias_after_scale);
    b.Fetch("y", 0);
    ExpectMatchesHost(b, "scale", feeds);
  }
  // ScaleTensor (a host tensor) overrides the attribute.
  const std::vector<Feed> feeds = {{"x", {2, 5, 3, 4}}};
  Builder b = FeedProgram(feeds);
  b.AddVar("s", cpp::VarKind::kLodTensor, {1}, true);
  b.Op("scale", {{"X", "x"}, {"ScaleTensor", "s"}}, {{"Out", "y"}}).SetAttr<float>("bias", 0.5f);
  b.Fetch("y", 0);
  ExpectMatchesHost(b, "scale", feeds, {{"s", {DDim({1}), {-2.5f}}}});
}

// ---------------------------------------------------------------- concat, softmax

TEST_F(NnOpenClTest, ConcatMatchesTheHostKernel) {
  struct Case {
    std::vector<std::vector<int64_t>> inputs;
    int axis;
  };
  const std::vector<Case> cases = {
      // Channels: inputs sharing texels, and 6 inputs for one texel and a half (2 launches).
      {{{2, 3, 3, 4}, {2, 5, 3, 4}, {2, 1, 3, 4}, {2, 5, 3, 4}, {2, 3, 3, 4}}, 1},
      {{{2, 1, 3, 4}, {2, 1, 3, 4}, {2, 1, 3, 4}, {2, 1, 3, 4}, {2, 1, 3, 4}, {2, 1, 3, 4}}, 1},
      {{{2, 8, 3, 4}, {2, 8, 3, 4}, {2, 5, 3, 4}}, -3},  // texels aligned but the last
      {{{2, 5, 3, 4}}, 1},
      {{{2, 5, 3, 4}, {1, 5, 3, 4}, {2, 5, 3, 4}}, 0},
      {{{2, 5, 3, 4}, {2, 5, 1, 4}, {2, 5, 3, 4}}, 2},
      {{{2, 5, 3, 4}, {2, 5, 3, 1}, {2, 5, 3, 4}}, 3},
      {{{3, 17}, {3, 4}, {3, 17}}, -1},  // [N, K] on W
      {{{2, 5, 3}, {1, 5, 3}}, 0},       // rank 3, axis 0: the image's C
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(
        StrCat("axis ", c.axis, " first input ", DDim(c.inputs[0]), " of ", c.inputs.size()));
    std::vector<Feed> feeds;
    std::vector<std::string> names;
    for (size_t i = 0; i < c.inputs.size(); ++i) {
      names.push_back(i ? StrCat("x", i) : "x");
      feeds.push_back({names.back(), c.inputs[i]});
    }
    Builder b = FeedProgram(feeds);
    cpp::OpDesc& op = b.Op("concat", {{"X", "x"}}, {{"Out", "y"}});
    op.SetInput("X", names);
    op.SetAttr<int32_t>("axis", c.axis);
    b.Fetch("y", 0);
    ExpectMatchesHost(b, "concat", feeds);
  }
}

TEST_F(NnOpenClTest, SoftmaxMatchesTheHostKernel) {
  struct Case {
    std::vector<int64_t> x;
    int axis;
  };
  const std::vector<Case> cases = {{{2, 5, 3, 4}, -1}, {{2, 5, 3, 4}, 0}, {{2, 5, 3, 4}, 1},
                                   {{2, 8, 3, 4}, 1},  {{2, 5, 3, 4}, 2}, {{3, 17}, -1},
                                   {{3, 17}, 0},       {{2, 5, 3}, 1},    {{2, 5, 3}, -1}};
  for (const Case& c : cases) {
    SCOPED_TRACE(StrCat("X", DDim(c.x), " axis ", c.axis));
    const std::vector<Feed> feeds = {{"x", c.x, -5.f, 5.f}};
    Builder b = FeedProgram(feeds);
    b.Op("softmax", {{"X", "x"}}, {{"Out", "y"}}).SetAttr<int32_t>("axis", c.axis);
    b.Fetch("y", 0);
    ExpectMatchesHost(b, "softmax", feeds);
  }
}

// The kernels read each other's images: pool -> batch_norm -> scale -> add -> softmax runs
// on OpenCL with casts only at the ends.
TEST_F(NnOpenClTest, AChainOfKernelsStaysInImages) {
  const std::vector<Feed> feeds = {{"x", {2, 5, 9, 11}}};
  Builder b = FeedProgram(feeds);
  cpp::OpDesc& pool = b.Op("pool2d", {{"X", "x"}}, {{"Out", "p"}});
  pool.SetAttr<std::string>("pooling_type", "max");
  pool.SetAttr<std::vector<int32_t>>("ksize", {2, 2});
  pool.SetAttr<std::vector<int32_t>>("strides", {2, 2});
  Weights weights;
  std::map<std::string, std::string> inputs = {{"X", "p"}};
  for (const char* arg : {"Scale", "Bias", "Mean", "Variance"}) {
    b.AddVar(arg, cpp::VarKind::kLodTensor, {5}, true);
    weights[arg] = {DDim({5}), RandomVector(5, 0.5f, 1.5f, 3)};
    inputs[arg] = arg;
  }
  b.Op("batch_norm", inputs, {{"Y", "bn"}});
  b.Op("scale", {{"X", "bn"}}, {{"Out", "s"}}).SetAttr<float>("scale", 0.5f);
  b.Op("elementwise_add", {{"X", "s"}, {"Y", "p"}}, {{"Out", "e"}});
  b.Op("softmax", {{"X", "e"}}, {{"Out", "y"}}).SetAttr<int32_t>("axis", 1);
  b.Fetch("y", 0);
  auto o = Optimize(b.program(), {kClFloat, kHostFloat}, false, weights);
  std::vector<std::string> types = o->OpTypes();
  EXPECT_EQ(types,
            (std::vector<std::string>{"feed", "io_copy", "layout", "pool2d", "batch_norm", "scale",
                                      "elementwise_add", "softmax", "layout", "io_copy", "fetch"}));
  ExpectMatchesHost(b, "softmax", feeds, weights);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
