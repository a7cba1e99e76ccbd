// flatten / flatten2 (axis) and flatten_contiguous_range (start_axis, stop_axis): dims by
// hand, data unchanged, bad axes rejected.
#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
DDim Flattened(const std::string& type, const DDim& in,
               const std::vector<std::pair<std::string, int>>& attrs) {
  OpRunner r(type);
  r.SetInput("X", "x", in, Iota(in.production()));
  r.SetOutput("Out", "out");
  if (type != "flatten") r.SetOutput("XShape", "xshape");
  for (const auto& a : attrs) r.desc().SetAttr<int32_t>(a.first, a.second);
  r.Run();
  ExpectAllNear(ToVector(*r.Var("out")), Iota(in.production()), 0.f);
  return r.Var("out")->dims();
}

std::unique_ptr<OpRunner> FlattenRunner(const std::string& type, const DDim& in) {
  auto r = std::make_unique<OpRunner>(type);
  r->SetInput("X", "x", in, Iota(in.production()));
  r->SetOutput("Out", "out");
  return r;
}
}  // namespace

TEST(Flatten, AxisSplitsDimsIntoTwo) {
  for (const std::string type : {"flatten", "flatten2"}) {
    EXPECT_EQ(Flattened(type, {2, 3, 4, 5}, {{"axis", 1}}), DDim({2, 60})) << type;
    EXPECT_EQ(Flattened(type, {2, 3, 4, 5}, {{"axis", 0}}), DDim({1, 120})) << type;
    EXPECT_EQ(Flattened(type, {2, 3, 4, 5}, {{"axis", 2}}), DDim({6, 20})) << type;
    EXPECT_EQ(Flattened(type, {2, 3, 4, 5}, {{"axis", 4}}), DDim({120, 1})) << type;
    // squeezenet: pool output [N, C, 1, 1] -> [N, C]
    EXPECT_EQ(Flattened(type, {1, 7, 1, 1}, {{"axis", 1}}), DDim({1, 7})) << type;
  }
}

TEST(Flatten, ContiguousRangeMergesStartToStop) {
  const std::string t = "flatten_contiguous_range";
  EXPECT_EQ(Flattened(t, {2, 3, 4, 5}, {{"start_axis", 1}, {"stop_axis", 2}}), DDim({2, 12, 5}));
  EXPECT_EQ(Flattened(t, {2, 3, 4, 5}, {{"start_axis", 1}, {"stop_axis", -1}}), DDim({2, 60}));
  EXPECT_EQ(Flattened(t, {2, 3, 4, 5}, {{"start_axis", -3}, {"stop_axis", -2}}),
            DDim({2, 12, 5}));
  EXPECT_EQ(Flattened(t, {2, 3, 4, 5}, {{"start_axis", 0}, {"stop_axis", -1}}), DDim({120}));
  EXPECT_EQ(Flattened(t, {2, 3, 4, 5}, {{"start_axis", 2}, {"stop_axis", 2}}),
            DDim({2, 3, 4, 5}));
}

TEST(Flatten, AxisBeyondRankIsAnError) {
  auto r = FlattenRunner("flatten2", {2, 3});
  r->desc().SetAttr<int32_t>("axis", 3);
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "attribute 'axis' 3 is out of range [0, 2]");
}

TEST(Flatten, NegativeAxisIsRejectedAtLoad) {
  auto r = FlattenRunner("flatten", {2, 3});
  r->desc().SetAttr<int32_t>("axis", -1);
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "attribute 'axis' must be >= 0");
}

TEST(Flatten, ContiguousRangeStartAfterStopIsAnError) {
  auto r = FlattenRunner("flatten_contiguous_range", {2, 3, 4});
  r->desc().SetAttr<int32_t>("start_axis", 2);
  r->desc().SetAttr<int32_t>("stop_axis", 1);
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "start_axis 2 comes after stop_axis 1");
}

TEST(Flatten, ContiguousRangeAxisOutOfRangeIsAnError) {
  auto r = FlattenRunner("flatten_contiguous_range", {2, 3, 4});
  r->desc().SetAttr<int32_t>("start_axis", 0);
  r->desc().SetAttr<int32_t>("stop_axis", 3);
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "stop_axis 3 is out of range");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
