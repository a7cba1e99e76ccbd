// gather and pad3d: hand-worked cases, a naive reference for pad3d that pads one dim at a
// time with list operations per line, index/attribute errors.
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/data_movement_test_util.h"

namespace paddle {
namespace lite {
namespace test {

// ---------------------------------------------------------------- gather
namespace {
std::unique_ptr<OpRunner> GatherRunner(const std::vector<int64_t>& dims,
                                       const std::vector<int64_t>& index, int axis) {
  auto r = std::make_unique<OpRunner>("gather");
  r->SetInput("X", "x", DDim(dims), Iota(Count(dims)));
  SetTypedInput<int64_t>(r.get(), "Index", "index", {static_cast<int64_t>(index.size())}, index);
  r->SetOutput("Out", "out");
  r->desc().SetAttr<int32_t>("axis", axis);
  return r;
}
}  // namespace

TEST(Gather, RowsAndColumns) {
  // X [3, 2] = [[0 1], [2 3], [4 5]].
  auto rows = GatherRunner({3, 2}, {2, 0, 2}, 0);
  rows->Run();
  EXPECT_EQ(rows->Var("out")->dims(), DDim({3, 2}));
  ExpectAllNear(ToVector(*rows->Var("out")), {4, 5, 0, 1, 4, 5}, 0.f);
  auto cols = GatherRunner({3, 2}, {1}, -1);
  cols->Run();
  EXPECT_EQ(cols->Var("out")->dims(), DDim({3, 1}));
  ExpectAllNear(ToVector(*cols->Var("out")), {1, 3, 5}, 0.f);
}

TEST(Gather, MiddleAxisFromAxisTensorWithInt32Index) {
  // X [2, 3, 2]; picking entries 2, 1 of axis 1: out[a][j][b] = X[a][idx[j]][b].
  OpRunner r("gather");
  r.SetInput("X", "x", {2, 3, 2}, Iota(12));
  SetTypedInput<int32_t>(&r, "Index", "index", {2, 1}, {2, 1});  // [N, 1] is accepted
  SetTypedInput<int32_t>(&r, "Axis", "axis", {1}, {1});
  r.SetOutput("Out", "out");
  r.Run();
  EXPECT_EQ(r.Var("out")->dims(), DDim({2, 2, 2}));
  ExpectAllNear(ToVector(*r.Var("out")), {4, 5, 2, 3, 10, 11, 8, 9}, 0.f);
}

TEST(Gather, ScalarIndexDropsTheAxisAndIntegerData) {
  OpRunner r("gather");
  SetTypedInput<int64_t>(&r, "X", "x", {3, 2}, {1, 2, 3, 4, 5, 6});
  SetTypedInput<int64_t>(&r, "Index", "index", DDim(std::vector<int64_t>{}), {1});
  r.SetOutput("Out", "out");
  r.Run(kInt64Place);
  EXPECT_EQ(r.Var("out")->dims(), DDim({2}));
  EXPECT_EQ(TypedValues<int64_t>(*r.Var("out")), (std::vector<int64_t>{3, 4}));
}

TEST(Gather, BadIndexIsAnError) {
  for (int64_t bad : {3, -1}) {
    auto r = GatherRunner({3, 2}, {0, bad}, 0);
    EXPECT_PLITE_ERROR(r->Run(), "op 'gather': index " + std::to_string(bad) +
                                     " is out of range [0, 3) of axis 0");
  }
  auto rank = std::make_unique<OpRunner>("gather");
  rank->SetInput("X", "x", {3}, Iota(3));
  SetTypedInput<int64_t>(rank.get(), "Index", "index", {1, 2}, {0, 1});
  rank->SetOutput("Out", "out");
  EXPECT_PLITE_ERROR(rank->InferShapeOnly(), "Index must be 1-D (or [N, 1]), got [1, 2]");
  auto floats = std::make_unique<OpRunner>("gather");
  floats->SetInput("X", "x", {3}, Iota(3));
  floats->SetInput("Index", "index", {1}, {0});
  floats->SetOutput("Out", "out");
  EXPECT_PLITE_ERROR(floats->InferShapeOnly(), "'Index' must hold int32 or int64");
  auto axis = GatherRunner({3, 2}, {0}, 2);
  EXPECT_PLITE_ERROR(axis->InferShapeOnly(), "op 'gather': axis 2 is out of range");
}

// ---------------------------------------------------------------- pad3d
namespace {
std::vector<float> PadLine(const std::vector<float>& l, int64_t lo, int64_t hi,
                           const std::string& mode, float value) {
  const int64_t n = static_cast<int64_t>(l.size());
  std::vector<float> out;
  for (int64_t k = lo; k >= 1; --k) {  // front pad, farthest first
    if (mode == "constant") out.push_back(value);
    if (mode == "reflect") out.push_back(l[k]);
    if (mode == "replicate") out.push_back(l[0]);
    if (mode == "circular") out.push_back(l[n - k]);
  }
  out.insert(out.end(), l.begin(), l.end());
  for (int64_t k = 1; k <= hi; ++k) {
    if (mode == "constant") out.push_back(value);
    if (mode == "reflect") out.push_back(l[n - 1 - k]);
    if (mode == "replicate") out.push_back(l[n - 1]);
    if (mode == "circular") out.push_back(l[k - 1]);
  }
  return out;
}

// Pads dim d of x (dims) line by line.
std::vector<float> PadDim(const std::vector<float>& x, std::vector<int64_t>* dims, int d,
                          int64_t lo, int64_t hi, const std::string& mode, float value) {
  std::vector<int64_t> od = *dims;
  od[d] += lo + hi;
  std::vector<float> out(Count(od));
  const int64_t n = (*dims)[d];
  for (int64_t i = 0; i < Count(*dims); ++i) {
    std::vector<int64_t> idx = Unflatten(i, *dims);
    if (idx[d] != 0) continue;  // one visit per line
    std::vector<float> line;
    for (int64_t k = 0; k < n; ++k) {
      idx[d] = k;
      line.push_back(x[Flatten(idx, *dims)]);
    }
    const std::vector<float> padded = PadLine(line, lo, hi, mode, value);
    for (int64_t k = 0; k < od[d]; ++k) {
      idx[d] = k;
      out[Flatten(idx, od)] = padded[k];
    }
  }
  *dims = od;
  return out;
}

std::vector<float> NaivePad3d(std::vector<float> x, std::vector<int64_t> dims,
                              const std::vector<int>& p, const std::string& mode, float value,
                              bool channel_last) {
  const int w = channel_last ? 3 : 4;
  x = PadDim(x, &dims, w, p[0], p[1], mode, value);
  x = PadDim(x, &dims, w - 1, p[2], p[3], mode, value);
  return PadDim(x, &dims, w - 2, p[4], p[5], mode, value);
}

std::unique_ptr<OpRunner> PadRunner(const std::vector<int64_t>& dims, const std::vector<int>& p,
                                    const std::string& mode) {
  auto r = std::make_unique<OpRunner>("pad3d");
  r->SetInput("X", "x", DDim(dims), RandomVector(Count(dims), -1, 1, 3));
  r->SetOutput("Out", "out");
  r->desc().SetAttr("paddings", p);
  r->desc().SetAttr("mode", mode);
  return r;
}
}  // namespace

TEST(Pad3d, HandWorkedOnW) {
  // One line [0 1 2] padded 2 left, 1 right.
  const std::vector<std::pair<std::string, std::vector<float>>> cases = {
      {"constant", {9, 9, 0, 1, 2, 9}},
      {"reflect", {2, 1, 0, 1, 2, 1}},
      {"replicate", {0, 0, 0, 1, 2, 2}},
      {"circular", {1, 2, 0, 1, 2, 0}}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.first);
    OpRunner r("pad3d");
    r.SetInput("X", "x", {1, 1, 1, 1, 3}, {0, 1, 2});
    r.SetOutput("Out", "out");
    r.desc().SetAttr("paddings", std::vector<int>{2, 1, 0, 0, 0, 0});
    r.desc().SetAttr("mode", c.first);
    r.desc().SetAttr("value", 9.f);
    r.Run();
    EXPECT_EQ(r.Var("out")->dims(), DDim({1, 1, 1, 1, 6}));
    ExpectAllNear(ToVector(*r.Var("out")), c.second, 0.f);
  }
}

TEST(Pad3d, EveryModeAndLayoutAgainstNaive) {
  const std::vector<int> p = {1, 2, 2, 0, 1, 1};
  for (const std::string mode : {"constant", "reflect", "replicate", "circular"}) {
    for (bool last : {false, true}) {
      SCOPED_TRACE(mode + (last ? " NDHWC" : " NCDHW"));
      const std::vector<int64_t> dims = last ? std::vector<int64_t>{2, 2, 3, 3, 3}
                                             : std::vector<int64_t>{2, 3, 2, 3, 3};
      auto r = PadRunner(dims, p, mode);
      r->desc().SetAttr("value", 0.5f);
      r->desc().SetAttr("data_format", std::string(last ? "NDHWC" : "NCDHW"));
      r->Run();
      const std::vector<float> x = RandomVector(Count(dims), -1, 1, 3);
      ExpectAllNear(ToVector(*r->Var("out")), NaivePad3d(x, dims, p, mode, 0.5f, last), 0.f);
    }
  }
}

TEST(Pad3d, PaddingsTensorWinsAndIntegerData) {
  OpRunner r("pad3d");
  SetTypedInput<int64_t>(&r, "X", "x", {1, 1, 1, 1, 2}, {4, 5});
  SetTypedInput<int32_t>(&r, "Paddings", "p", {6}, {0, 1, 0, 0, 1, 0});
  r.SetOutput("Out", "out");
  r.desc().SetAttr("paddings", std::vector<int>{5, 5, 5, 5, 5, 5});
  r.desc().SetAttr("mode", std::string("replicate"));
  r.Run(kInt64Place);
  EXPECT_EQ(r.Var("out")->dims(), DDim({1, 1, 2, 1, 3}));
  EXPECT_EQ(TypedValues<int64_t>(*r.Var("out")), (std::vector<int64_t>{4, 5, 5, 4, 5, 5}));

  OpRunner c("pad3d");  // an integer X truncates and saturates the constant
  SetTypedInput<int32_t>(&c, "X", "x", {1, 1, 1, 1, 1}, {4});
  c.SetOutput("Out", "out");
  c.desc().SetAttr("paddings", std::vector<int>{1, 1, 0, 0, 0, 0});
  c.desc().SetAttr("value", 1e20f);
  c.Run(kInt32Place);
  EXPECT_EQ(TypedValues<int32_t>(*c.Var("out")),
            (std::vector<int32_t>{std::numeric_limits<int32_t>::max(), 4,
                                  std::numeric_limits<int32_t>::max()}));
}

TEST(Pad3d, BadAttributesAndInputs) {
  auto mode = PadRunner({1, 1, 1, 1, 2}, {0, 0, 0, 0, 0, 0}, "edge");
  EXPECT_PLITE_ERROR(AttachOnly(mode.get()), "op 'pad3d': attribute 'mode' = \"edge\"");
  auto format = PadRunner({1, 1, 1, 1, 2}, {0, 0, 0, 0, 0, 0}, "constant");
  format->desc().SetAttr("data_format", std::string("NCHW"));
  EXPECT_PLITE_ERROR(AttachOnly(format.get()), "attribute 'data_format' = \"NCHW\"");
  auto count = PadRunner({1, 1, 1, 1, 2}, {1, 1}, "constant");
  EXPECT_PLITE_ERROR(AttachOnly(count.get()), "attribute 'paddings' [1, 1] must hold 6 values");
  auto negative = PadRunner({1, 1, 1, 1, 2}, {0, -1, 0, 0, 0, 0}, "constant");
  EXPECT_PLITE_ERROR(AttachOnly(negative.get()), "has a negative padding");
  auto reflect = PadRunner({1, 1, 1, 1, 2}, {2, 0, 0, 0, 0, 0}, "reflect");
  EXPECT_PLITE_ERROR(reflect->InferShapeOnly(), "reflect paddings 2, 0 on W must be smaller");
  auto rank = PadRunner({1, 1, 2}, {0, 0, 0, 0, 0, 0}, "constant");
  EXPECT_PLITE_ERROR(rank->InferShapeOnly(), "op 'pad3d': X must be 5-D");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
