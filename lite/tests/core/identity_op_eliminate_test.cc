// identity_op_eliminate_pass on small built programs: which dropout and scale ops go, which
// stay (and why), that fetched and fed names survive, and that every optimized program (host
// or x86 kernels, after a .nb round trip) computes a plain loop's values and the values of
// the same program with the fusion passes off.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const DDim kDims({2, 3, 4, 5});

// feed 'x' [-1, 3, 4, 5] -> ops added by the test -> fetch(es).
class NetBuilder : public Builder {
 public:
  NetBuilder() : Builder({-1, 3, 4, 5}) {}
  void Relu(const std::string& x, const std::string& out) { Op("relu", {{"X", x}}, {{"Out", out}}); }
  void Sigmoid(const std::string& x, const std::string& out) {
    Op("sigmoid", {{"X", x}}, {{"Out", out}});
  }
  void Add(const std::string& x, const std::string& y, const std::string& out) {
    Op("elementwise_add", {{"X", x}, {"Y", y}}, {{"Out", out}}).SetAttr<int32_t>("axis", -1);
  }
  // A Paddle 2.x dropout (is_test BOOLEAN) with its Mask output.
  cpp::OpDesc& Dropout(const std::string& x, const std::string& out, const std::string& impl,
                       float prob) {
    cpp::OpDesc& op = Op("dropout", {{"X", x}}, {{"Out", out}, {"Mask", out + "_mask"}});
    op.SetAttr<std::string>("dropout_implementation", impl);
    op.SetAttr<float>("dropout_prob", prob);
    op.SetAttr<bool>("is_test", true);
    return op;
  }
  cpp::OpDesc& Scale(const std::string& x, const std::string& out, float scale, float bias,
                     bool bias_after_scale = true) {
    cpp::OpDesc& op = Op("scale", {{"X", x}}, {{"Out", out}});
    op.SetAttr<float>("scale", scale);
    op.SetAttr<float>("bias", bias);
    op.SetAttr<bool>("bias_after_scale", bias_after_scale);
    return op;
  }
};

// Fetch columns 0 .. fetches-1 after running on `x` (kDims).
std::vector<std::vector<float>> RunAll(Optimized* o, const std::vector<float>& x, int fetches) {
  std::vector<std::vector<float>> out;
  for (int col = 0; col < fetches; ++col) out.push_back(o->Run(kDims, x, col));
  return out;
}

// Plain loops, independent of the kernels.
using Fn = float (*)(float);
float Relu(float v) { return v > 0.f ? v : 0.f; }
float Sigmoid(float v) { return 1.f / (1.f + std::exp(-v)); }
std::vector<float> Map(const std::vector<float>& x, Fn f) {
  std::vector<float> y(x.size());
  for (size_t i = 0; i < x.size(); ++i) y[i] = f(x[i]);
  return y;
}
std::vector<float> Sum(const std::vector<float>& a, const std::vector<float>& b) {
  std::vector<float> y(a.size());
  for (size_t i = 0; i < a.size(); ++i) y[i] = a[i] + b[i];
  return y;
}
std::vector<float> Times(const std::vector<float>& a, float s) {
  std::vector<float> y(a.size());
  for (size_t i = 0; i < a.size(); ++i) y[i] = a[i] * s;
  return y;
}

struct Expected {
  std::vector<std::string> ops;                // the optimized program's op types (host)
  std::vector<std::vector<float>> outputs;     // per fetch col, from the plain loops
};

// Optimizes `b` with the fusion passes on (host and, where the CPU allows, x86 places; plus a
// .nb round trip) and off. Every run must match `expected` (and the unfused run); the
// input and output names must be those of the unoptimized program. Returns the fused host
// program for further checks.
std::unique_ptr<Optimized> Check(const NetBuilder& b, const std::vector<float>& x,
                                 const Expected& expected, const Weights& weights = {}) {
  const int fetches = static_cast<int>(expected.outputs.size());
  auto unfused = Optimize(b.program(), kHostOnly, false, weights);
  const auto reference = RunAll(unfused.get(), x, fetches);
  for (int col = 0; col < fetches; ++col) ExpectAllNear(reference[col], expected.outputs[col], 1e-6f);

  auto fused = Optimize(b.program(), kHostOnly, true, weights);
  EXPECT_EQ(fused->OpTypes(), expected.ops);
  EXPECT_EQ(fused->IoNames("feed"), unfused->IoNames("feed"));
  EXPECT_EQ(fused->IoNames("fetch"), unfused->IoNames("fetch"));
  // Host kernels: the same kernels run on the same values, so the results are equal. The
  // x86 activations may round differently from the host ones.
  const auto host = RunAll(fused.get(), x, fetches);
  const auto nb = RunAll(NbRoundTrip(*fused).get(), x, fetches);
  for (int col = 0; col < fetches; ++col) {
    EXPECT_EQ(host[col], reference[col]) << "col " << col;
    EXPECT_EQ(nb[col], reference[col]) << "col " << col << " after a .nb round trip";
  }
  if (X86KernelsRunHere()) {
    auto x86 = Optimize(b.program(), kX86Host, true, weights);
    EXPECT_EQ(x86->IoNames("fetch"), unfused->IoNames("fetch"));
    const auto got = RunAll(x86.get(), x, fetches);
    for (int col = 0; col < fetches; ++col) {
      SCOPED_TRACE(StrCat("x86 places, col ", col));
      ExpectAllNear(got[col], reference[col], 1e-6f, 1e-6f);
    }
  }
  return fused;
}

std::vector<float> Input() { return RandomVector(kDims.production(), -2.f, 2.f, 7); }

const std::vector<std::string> kFeedReluSigmoidFetch = {"feed", "relu", "sigmoid", "fetch"};

}  // namespace

TEST(IdentityOpEliminate, UpscaleInTrainDropoutGoes) {
  for (float prob : {0.f, 0.3f, 1.f}) {
    SCOPED_TRACE(StrCat("dropout_prob ", prob));
    NetBuilder b;
    b.Relu("x", "a");
    b.Dropout("a", "b", "upscale_in_train", prob);
    b.Sigmoid("b", "c");
    b.Fetch("c", 0);
    const auto x = Input();
    auto fused = Check(b, x, {kFeedReluSigmoidFetch, {Map(Map(x, Relu), Sigmoid)}});
    EXPECT_EQ(fused->Ops("sigmoid")[0]->Input("X"), std::vector<std::string>{"a"});
  }
}

TEST(IdentityOpEliminate, IsTestAsIntOrBoolOrAbsent) {
  // Fluid 1.x exports store is_test as INT; the attribute may also be missing.
  for (int form = 0; form < 3; ++form) {
    SCOPED_TRACE(StrCat("is_test form ", form));
    NetBuilder b;
    b.Relu("x", "a");
    cpp::OpDesc& d = b.Dropout("a", "b", "upscale_in_train", 0.5f);
    if (form == 0) d.SetAttr<int32_t>("is_test", 1);
    if (form == 1) d.DeleteAttr("is_test");
    if (form == 2) d.DeleteAttr("dropout_implementation");  // downgrade_in_infer, p 0.5
    b.Sigmoid("b", "c");
    b.Fetch("c", 0);
    const auto x = Input();
    const float s = form == 2 ? 0.5f : 1.f;
    Check(b, x,
          {form == 2 ? std::vector<std::string>{"feed", "relu", "scale", "sigmoid", "fetch"}
                     : kFeedReluSigmoidFetch,
           {Map(Times(Map(x, Relu), s), Sigmoid)}});
  }
}

TEST(IdentityOpEliminate, DowngradeInInferBecomesScaleOrGoesAtZero) {
  const auto x = Input();
  {
    NetBuilder b;
    b.Relu("x", "a");
    b.Dropout("a", "b", "downgrade_in_infer", 0.25f);
    b.Sigmoid("b", "c");
    b.Fetch("c", 0);
    auto fused = Check(b, x, {{"feed", "relu", "scale", "sigmoid", "fetch"},
                              {Map(Times(Map(x, Relu), 0.75f), Sigmoid)}});
    const cpp::OpDesc* scale = fused->Ops("scale")[0];
    EXPECT_EQ(scale->GetAttr<float>("scale"), 0.75f);
    EXPECT_EQ(scale->GetAttr<float>("bias"), 0.f);
    EXPECT_EQ(scale->Input("X"), std::vector<std::string>{"a"});
    EXPECT_EQ(scale->Output("Out"), std::vector<std::string>{"b"});
    EXPECT_FALSE(scale->HasOutput("Mask"));
  }
  {
    NetBuilder b;
    b.Relu("x", "a");
    b.Dropout("a", "b", "downgrade_in_infer", 0.f);
    b.Sigmoid("b", "c");
    b.Fetch("c", 0);
    Check(b, x, {kFeedReluSigmoidFetch, {Map(Map(x, Relu), Sigmoid)}});
  }
}

TEST(IdentityOpEliminate, ScaleByOneWithoutBiasGoes) {
  const auto x = Input();
  for (bool after : {true, false}) {
    SCOPED_TRACE(StrCat("bias_after_scale ", after));
    NetBuilder b;
    b.Relu("x", "a");
    b.Scale("a", "b", 1.f, 0.f, after);
    b.Sigmoid("b", "c");
    b.Fetch("c", 0);
    Check(b, x, {kFeedReluSigmoidFetch, {Map(Map(x, Relu), Sigmoid)}});
  }
  {  // scale and bias absent: the defaults 1 and 0
    NetBuilder b;
    b.Relu("x", "a");
    b.Op("scale", {{"X", "a"}}, {{"Out", "b"}});
    b.Sigmoid("b", "c");
    b.Fetch("c", 0);
    Check(b, x, {kFeedReluSigmoidFetch, {Map(Map(x, Relu), Sigmoid)}});
  }
}

TEST(IdentityOpEliminate, OtherScalesStay) {
  const auto x = Input();
  const auto r = Map(x, Relu);
  struct Case {
    float scale, bias;
    bool after;
    std::vector<float> expected;
  };
  const std::vector<Case> cases = {
      {2.f, 0.f, true, Times(r, 2.f)},
      {1.f, 0.5f, true, Sum(r, std::vector<float>(r.size(), 0.5f))},
      {1.f, 0.5f, false, Sum(r, std::vector<float>(r.size(), 0.5f))},
      {-1.f, 0.f, true, Times(r, -1.f)},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(StrCat("scale ", c.scale, " bias ", c.bias));
    NetBuilder b;
    b.Relu("x", "a");
    b.Scale("a", "b", c.scale, c.bias, c.after);
    b.Sigmoid("b", "y");
    b.Fetch("y", 0);
    Check(b, x, {{"feed", "relu", "scale", "sigmoid", "fetch"}, {Map(c.expected, Sigmoid)}});
  }
  {  // scale 1 in the attribute, but a ScaleTensor input (3) overrides it
    NetBuilder b;
    b.AddVar("s", cpp::VarKind::kLodTensor, {1}, true);
    b.Relu("x", "a");
    b.Scale("a", "b", 1.f, 0.f);
    b.Sigmoid("b", "y");
    b.Fetch("y", 0);
    cpp::ProgramDesc p = b.program();
    for (auto& op : p.blocks[0].ops) {
      if (op.Type() == "scale") op.SetInput("ScaleTensor", {"s"});
    }
    Weights w = {{"s", {DDim({1}), {3.f}}}};
    auto unfused = Optimize(p, kHostOnly, false, w);
    auto fused = Optimize(p, kHostOnly, true, w);
    EXPECT_EQ(fused->OpTypes(), (std::vector<std::string>{"feed", "relu", "scale", "sigmoid", "fetch"}));
    const auto expected = Map(Times(r, 3.f), Sigmoid);
    ExpectAllNear(RunAll(fused.get(), x, 1)[0], expected, 1e-6f);
    ExpectAllNear(RunAll(unfused.get(), x, 1)[0], expected, 1e-6f);
  }
}

TEST(IdentityOpEliminate, FetchedOutputKeepsItsName) {
  // As Paddle's save_inference_model ends a graph: softmax-like op -> scale(1, 0) -> fetch.
  const std::string out = "save_infer_model/scale_0.tmp_0";
  const auto x = Input();
  NetBuilder b;
  b.Relu("x", "a");
  b.Sigmoid("a", "b");
  b.Scale("b", out, 1.f, 0.f);
  b.Fetch(out, 0);
  auto fused = Check(b, x, {kFeedReluSigmoidFetch, {Map(Map(x, Relu), Sigmoid)}});
  EXPECT_EQ(fused->Ops("sigmoid")[0]->Output("Out"), std::vector<std::string>{out});
  EXPECT_EQ(fused->IoNames("fetch"), std::vector<std::string>{out});
  for (const auto& v : fused->program.blocks[0].vars) EXPECT_NE(v.name, "b");
}

TEST(IdentityOpEliminate, FetchedOutputWhoseInputOthersReadToo) {
  // b is read by the scale (fetched as y) and by an add; the add must read y's value.
  const auto x = Input();
  NetBuilder b;
  b.Relu("x", "a");
  b.Sigmoid("a", "b");
  b.Dropout("b", "y", "upscale_in_train", 0.1f);
  b.Add("b", "a", "z");
  b.Fetch("y", 0);
  b.Fetch("z", 1);
  const auto s = Map(Map(x, Relu), Sigmoid);
  auto fused = Check(b, x, {{"feed", "relu", "sigmoid", "elementwise_add", "fetch", "fetch"},
                            {s, Sum(s, Map(x, Relu))}});
  EXPECT_EQ(fused->Ops("elementwise_add")[0]->Input("X"), std::vector<std::string>{"y"});
}

TEST(IdentityOpEliminate, FeedAndFetchNamesThatMustBothStayKeepTheOp) {
  const auto x = Input();
  {  // feed -> scale(1, 0) -> fetch: x and y are both user-visible
    NetBuilder b;
    b.Scale("x", "y", 1.f, 0.f);
    b.Fetch("y", 0);
    Check(b, x, {{"feed", "scale", "fetch"}, {x}});
  }
  {  // a and b both fetched
    NetBuilder b;
    b.Relu("x", "a");
    b.Dropout("a", "y", "upscale_in_train", 0.5f);
    b.Fetch("a", 0);
    b.Fetch("y", 1);
    Check(b, x, {{"feed", "relu", "dropout", "fetch", "fetch"}, {Map(x, Relu), Map(x, Relu)}});
  }
  {  // the feed var read by the removed op's readers directly
    NetBuilder b;
    b.Scale("x", "a", 1.f, 0.f);
    b.Relu("a", "y");
    b.Fetch("y", 0);
    auto fused = Check(b, x, {{"feed", "relu", "fetch"}, {Map(x, Relu)}});
    EXPECT_EQ(fused->Ops("relu")[0]->Input("X"), std::vector<std::string>{"x"});
  }
}

TEST(IdentityOpEliminate, MaskReadElsewhereKeepsTheDropout) {
  for (const char* impl : {"upscale_in_train", "downgrade_in_infer"}) {
    SCOPED_TRACE(impl);
    NetBuilder b;
    b.Relu("x", "a");
    b.Dropout("a", "b", impl, 0.5f);
    b.Sigmoid("b", "c");
    b.Fetch("c", 0);
    b.Fetch("b_mask", 1);
    // The Mask's contents are unspecified at inference, so only the graph is checked.
    auto fused = Optimize(b.program(), kHostOnly, true);
    EXPECT_EQ(fused->OpTypes(),
              (std::vector<std::string>{"feed", "relu", "dropout", "sigmoid", "fetch", "fetch"}));
  }
}

TEST(IdentityOpEliminate, OutputWithSeveralReaders) {
  const auto x = Input();
  NetBuilder b;
  b.Relu("x", "a");
  b.Dropout("a", "b", "upscale_in_train", 0.5f);
  b.Sigmoid("b", "c");
  b.Add("b", "b", "d");  // reads b through two params
  b.Add("a", "b", "e");  // reads the input and the output
  b.Add("c", "d", "f");
  b.Add("f", "e", "g");
  b.Fetch("g", 0);
  const auto r = Map(x, Relu);
  const auto expected = Sum(Sum(Map(r, Sigmoid), Sum(r, r)), Sum(r, r));
  auto fused = Check(b, x, {{"feed", "relu", "sigmoid", "elementwise_add", "elementwise_add",
                             "elementwise_add", "elementwise_add", "fetch"},
                            {expected}});
  for (const cpp::OpDesc* add : fused->Ops("elementwise_add")) {
    EXPECT_NE(add->Input("X")[0], "b");
    EXPECT_NE(add->Input("Y")[0], "b");
  }
}

TEST(IdentityOpEliminate, ChainsCollapse) {
  const auto x = Input();
  {  // relu -> scale -> dropout -> scale -> fetch: relu writes the fetched name
    NetBuilder b;
    b.Relu("x", "a");
    b.Scale("a", "b", 1.f, 0.f);
    b.Dropout("b", "c", "upscale_in_train", 0.2f);
    b.Scale("c", "y", 1.f, 0.f, false);
    b.Fetch("y", 0);
    auto fused = Check(b, x, {{"feed", "relu", "fetch"}, {Map(x, Relu)}});
    EXPECT_EQ(fused->Ops("relu")[0]->Output("Out"), std::vector<std::string>{"y"});
  }
  {  // an identity chain in the middle, the scaling dropout kept as scale
    NetBuilder b;
    b.Relu("x", "a");
    b.Dropout("a", "b", "upscale_in_train", 0.2f);
    b.Dropout("b", "c", "downgrade_in_infer", 0.5f);
    b.Scale("c", "d", 1.f, 0.f);
    b.Sigmoid("d", "y");
    b.Fetch("y", 0);
    Check(b, x, {{"feed", "relu", "scale", "sigmoid", "fetch"},
                 {Map(Times(Map(x, Relu), 0.5f), Sigmoid)}});
  }
  {  // from the feed straight to the fetch: one op must stay to keep both names
    NetBuilder b;
    b.Scale("x", "a", 1.f, 0.f);
    b.Dropout("a", "b", "upscale_in_train", 0.2f);
    b.Scale("b", "y", 1.f, 0.f);
    b.Fetch("y", 0);
    auto fused = Check(b, x, {{"feed", "scale", "fetch"}, {x}});
    EXPECT_EQ(fused->Ops("scale")[0]->Input("X"), std::vector<std::string>{"x"});
    EXPECT_EQ(fused->Ops("scale")[0]->Output("Out"), std::vector<std::string>{"y"});
  }
}

TEST(IdentityOpEliminate, NamesWrittenTwiceKeepTheOp) {
  const auto x = Input();
  {  // b = a; a is then rewritten, and the add must still see the old a through b
    NetBuilder b;
    b.Relu("x", "a");
    b.Scale("a", "b", 1.f, 0.f);
    b.Sigmoid("b", "a");
    b.Add("a", "b", "y");
    b.Fetch("y", 0);
    const auto r = Map(x, Relu);
    Check(b, x, {{"feed", "relu", "scale", "sigmoid", "elementwise_add", "fetch"},
                 {Sum(Map(r, Sigmoid), r)}});
  }
  {  // in place
    NetBuilder b;
    b.Relu("x", "a");
    b.Scale("a", "a", 1.f, 0.f);
    b.Fetch("a", 0);
    Check(b, x, {{"feed", "relu", "scale", "fetch"}, {Map(x, Relu)}});
  }
}

TEST(IdentityOpEliminate, PersistableInputKeepsTheOp) {
  const auto x = Input();
  NetBuilder b;
  b.AddVar("w", cpp::VarKind::kLodTensor, {3, 4, 5}, true);
  b.Scale("w", "b", 1.f, 0.f);
  b.Add("x", "b", "y");
  b.Fetch("y", 0);
  const auto w = RandomVector(kDims.production() / 2, -1.f, 1.f, 3);
  std::vector<float> w2 = w;
  w2.insert(w2.end(), w.begin(), w.end());  // broadcast over the batch of 2
  Check(b, x, {{"feed", "scale", "elementwise_add", "fetch"}, {Sum(x, w2)}},
        {{"w", {DDim({3, 4, 5}), w}}});
}

TEST(IdentityOpEliminate, OffWithTheFusionPasses) {
  NetBuilder b;
  b.Relu("x", "a");
  b.Dropout("a", "b", "upscale_in_train", 0.5f);
  b.Scale("b", "y", 1.f, 0.f);
  b.Fetch("y", 0);
  auto unfused = Optimize(b.program(), kHostOnly, false);
  EXPECT_EQ(unfused->OpTypes(), (std::vector<std::string>{"feed", "relu", "dropout", "scale", "fetch"}));
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
