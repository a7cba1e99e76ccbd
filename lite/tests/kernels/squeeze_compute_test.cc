// squeeze / squeeze2 and unsqueeze / unsqueeze2: dims worked by hand, unsqueeze against a
// separate routine (Paddle's marker-shifting description of the insertion), the axes
// inputs and their precedence, data and precision unchanged, range errors.
#include <string>
#include <vector>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
std::unique_ptr<OpRunner> ShapeOpRunner(const std::string& type, const DDim& in,
                                        const std::vector<int>& axes) {
  auto r = std::make_unique<OpRunner>(type);
  r->SetInput("X", "x", in, Iota(in.production()));
  r->SetOutput("Out", "out");
  if (type.back() == '2') r->SetOutput("XShape", "xshape");
  r->desc().SetAttr("axes", axes);
  return r;
}

// Runs the op and checks the data is the input's, element for element.
DDim OutDims(const std::string& type, const DDim& in, const std::vector<int>& axes) {
  auto r = ShapeOpRunner(type, in, axes);
  r->Run();
  ExpectAllNear(ToVector(*r->Var("out")), Iota(in.production()), 0.f);
  return r->Var("out")->dims();
}

// Unsqueeze as Paddle describes it: mark new dims with 1 in an output of rank in + axes,
// shifting earlier marks right past each insertion point, then fill the unmarked slots
// with the input dims in order.
std::vector<int64_t> MarkerUnsqueeze(const std::vector<int64_t>& in, const std::vector<int>& axes) {
  const int out_rank = static_cast<int>(in.size() + axes.size());
  std::vector<int64_t> out(out_rank, 0);
  int cur = static_cast<int>(in.size());
  for (int axis : axes) {
    const int at = axis < 0 ? axis + cur + 1 : axis;
    if (at < 0 || at > cur) {
      ADD_FAILURE() << "axis " << axis << " out of range";
      return {};
    }
    for (int i = cur; i >= at; --i) {
      if (out[i] == 1) {
        out[i + 1] = 1;
        out[i] = 0;
      }
    }
    out[at] = 1;
    ++cur;
  }
  for (int o = 0, i = 0; o < out_rank; ++o) {
    if (out[o] == 0) out[o] = in[i++];
  }
  return out;
}
}  // namespace

TEST(Squeeze, ListedSizeOneDimsGo) {
  for (const std::string type : {"squeeze", "squeeze2"}) {
    SCOPED_TRACE(type);
    EXPECT_EQ(OutDims(type, {1, 3, 1, 5}, {}), DDim({3, 5}));
    EXPECT_EQ(OutDims(type, {1, 3, 1, 5}, {0}), DDim({3, 1, 5}));
    EXPECT_EQ(OutDims(type, {1, 3, 1, 5}, {-2}), DDim({1, 3, 5}));
    EXPECT_EQ(OutDims(type, {1, 3, 1, 5}, {0, 2}), DDim({3, 5}));
    EXPECT_EQ(OutDims(type, {1, 3, 1, 5}, {2, -2}), DDim({1, 3, 5}));  // one dim, twice
    // PP-OCR's recognizer head: [N, C, 1, W] squeezed at 2.
    EXPECT_EQ(OutDims(type, {2, 8, 1, 25}, {2}), DDim({2, 8, 25}));
  }
}

TEST(Squeeze, ListedDimsThatAreNotOneStay) {
  EXPECT_EQ(OutDims("squeeze2", {1, 3, 1, 5}, {1}), DDim({1, 3, 1, 5}));
  EXPECT_EQ(OutDims("squeeze2", {1, 3, 1, 5}, {1, 2, -1}), DDim({1, 3, 5}));
}

TEST(Squeeze, AllOnesBecomeZeroD) {
  auto r = ShapeOpRunner("squeeze2", {1, 1}, {});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim(std::vector<int64_t>{}));
  ExpectAllNear(ToVector(*r->Var("out")), {0.f}, 0.f);
}

TEST(Squeeze, KeepsIntegerAndBoolData) {
  OpRunner r("squeeze2");
  SetTypedInput<int64_t>(&r, "X", "x", {1, 3}, {7, -8, 9});
  r.SetOutput("Out", "out");
  r.desc().SetAttr("axes", std::vector<int>{0});
  r.Run(Place(TargetType::kHost, PrecisionType::kInt64));
  EXPECT_EQ(r.Var("out")->dims(), DDim({3}));
  EXPECT_EQ(TypedValues<int64_t>(*r.Var("out")), (std::vector<int64_t>{7, -8, 9}));

  OpRunner b("squeeze2");
  SetTypedInput<bool>(&b, "X", "x", {2, 1}, {true, false});
  b.SetOutput("Out", "out");
  b.Run(Place(TargetType::kHost, PrecisionType::kBool));
  EXPECT_EQ(b.Var("out")->dims(), DDim({2}));
  EXPECT_EQ(b.Var("out")->precision(), PrecisionType::kBool);
  EXPECT_EQ(TypedValues<bool>(*b.Var("out")), (std::vector<bool>{true, false}));
}

TEST(Squeeze, LoDStaysWhenTheLeadingDimDoes) {
  auto r = ShapeOpRunner("squeeze2", {3, 1, 2}, {1});
  r->Var("x")->set_lod({{0, 1, 3}});
  r->Run();
  EXPECT_EQ(r->Var("out")->lod(), LoD({{0, 1, 3}}));
}

TEST(Squeeze, AxisOutOfRangeIsAnError) {
  for (int axis : {4, -5}) {
    auto r = ShapeOpRunner("squeeze2", {1, 3, 1, 5}, {axis});
    EXPECT_PLITE_ERROR(r->InferShapeOnly(),
                       StrCat("op 'squeeze2': axis ", axis, " of attribute 'axes'"));
  }
}

TEST(Unsqueeze, InsertsOnesInOrder) {
  for (const std::string type : {"unsqueeze", "unsqueeze2"}) {
    SCOPED_TRACE(type);
    EXPECT_EQ(OutDims(type, {3, 5}, {0}), DDim({1, 3, 5}));
    EXPECT_EQ(OutDims(type, {3, 5}, {1}), DDim({3, 1, 5}));
    EXPECT_EQ(OutDims(type, {3, 5}, {2}), DDim({3, 5, 1}));
    EXPECT_EQ(OutDims(type, {3, 5}, {-1}), DDim({3, 5, 1}));
    EXPECT_EQ(OutDims(type, {3, 5}, {-3}), DDim({1, 3, 5}));
    // The second axis counts in the dims the first one made.
    EXPECT_EQ(OutDims(type, {3, 5}, {0, 2}), DDim({1, 3, 1, 5}));
    EXPECT_EQ(OutDims(type, {3, 4, 5}, {0, 4}), DDim({1, 3, 4, 5, 1}));
    EXPECT_EQ(OutDims(type, {3, 5}, {-1, -1}), DDim({3, 5, 1, 1}));
    EXPECT_EQ(OutDims(type, {3, 5}, {}), DDim({3, 5}));
    EXPECT_EQ(OutDims(type, {}, {0}), DDim({1}));
  }
}

TEST(Unsqueeze, MatchesTheMarkerDescription) {
  const std::vector<int64_t> in = {2, 3, 4};
  const std::vector<std::vector<int>> axes_lists = {
      {0, 0}, {3, 0}, {1, 1, 1}, {-1, 0, -2}, {3, 2}, {2, -5}, {-4, 4}, {0, 1, 2, 3}};
  for (const auto& axes : axes_lists) {
    SCOPED_TRACE(StrCat("axes ", axes));
    EXPECT_EQ(OutDims("unsqueeze2", DDim(in), axes), DDim(MarkerUnsqueeze(in, axes)));
  }
}

TEST(Unsqueeze, AxesTensorWinsOverListAndAttribute) {
  auto r = ShapeOpRunner("unsqueeze2", {3, 5}, {0});
  SetTypedInput<int32_t>(r.get(), "AxesTensorList", "a0", {1}, {1});
  SetTypedInput<int64_t>(r.get(), "AxesTensor", "axes", {2}, {2, -1});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({3, 5, 1, 1}));
}

TEST(Unsqueeze, AxesTensorListWinsOverAttribute) {
  auto r = ShapeOpRunner("unsqueeze2", {3, 5}, {0});
  SetTypedInput<int32_t>(r.get(), "AxesTensorList", "a0", {1}, {1});
  SetTypedInput<int64_t>(r.get(), "AxesTensorList", "a1", {1}, {-1});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({3, 1, 5, 1}));
  ExpectAllNear(ToVector(*r->Var("out")), Iota(15), 0.f);
}

TEST(Unsqueeze, AxesTensorValuesAreReadAtEveryRun) {
  auto r = ShapeOpRunner("unsqueeze2", {3, 5}, {});
  Tensor* axes = SetTypedInput<int32_t>(r.get(), "AxesTensor", "axes", {1}, {0});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({1, 3, 5}));
  axes->mutable_data<int32_t>()[0] = 2;
  r->op()->InferShape();
  EXPECT_EQ(r->Var("out")->dims(), DDim({3, 5, 1}));
}

TEST(Unsqueeze, KeepsIntegerData) {
  OpRunner r("unsqueeze2");
  SetTypedInput<int32_t>(&r, "X", "x", {3}, {4, 5, -6});
  r.SetOutput("Out", "out");
  r.desc().SetAttr("axes", std::vector<int>{0});
  r.Run(Place(TargetType::kHost, PrecisionType::kInt32));
  EXPECT_EQ(r.Var("out")->dims(), DDim({1, 3}));
  EXPECT_EQ(TypedValues<int32_t>(*r.Var("out")), (std::vector<int32_t>{4, 5, -6}));
}

TEST(Unsqueeze, AxisOutOfRangeIsAnError) {
  for (int axis : {3, -4}) {
    auto r = ShapeOpRunner("unsqueeze2", {3, 5}, {axis});
    EXPECT_PLITE_ERROR(r->InferShapeOnly(), StrCat("op 'unsqueeze2': axis ", axis,
                                                   " of axes [", axis, "] is out of range [-3, 2]"));
  }
  // Each axis is checked against the rank reached so far.
  auto r = ShapeOpRunner("unsqueeze2", {3, 5}, {0, 4});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "axis 4 of axes [0, 4] is out of range [-4, 3]");
}

TEST(Unsqueeze, FloatAxesTensorIsAnError) {
  auto r = ShapeOpRunner("unsqueeze2", {3, 5}, {});
  r->SetInput("AxesTensor", "axes", {1}, {0.f});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "'AxesTensor' must hold int32 or int64 values");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
