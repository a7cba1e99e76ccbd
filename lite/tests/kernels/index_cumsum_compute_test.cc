// one_hot_v2, lookup_table_v2 and cumsum: hand-worked cases, a naive cumsum over
// explicit lines, each attribute, index errors and malformed attributes.
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/data_movement_test_util.h"

namespace paddle {
namespace lite {
namespace test {

// ---------------------------------------------------------------- one_hot_v2
TEST(OneHotV2, HandWorked) {
  OpRunner r("one_hot_v2");
  SetTypedInput<int64_t>(&r, "X", "x", {2, 2}, {1, 0, 3, 1});
  r.SetOutput("Out", "out");
  r.desc().SetAttr<int32_t>("depth", 4);
  r.Run();
  EXPECT_EQ(r.Var("out")->dims(), DDim({2, 2, 4}));
  ExpectAllNear(ToVector(*r.Var("out")),
                {0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0}, 0.f);
}

TEST(OneHotV2, DepthTensorOutOfRangeAndDtype) {
  OpRunner r("one_hot_v2");
  SetTypedInput<int32_t>(&r, "X", "x", {3}, {2, 5, -1});
  SetTypedInput<int32_t>(&r, "depth_tensor", "depth", {1}, {3});
  r.SetOutput("Out", "out");
  r.desc().SetAttr<int32_t>("depth", 10);  // depth_tensor wins
  r.desc().SetAttr("allow_out_of_range", true);
  r.desc().SetAttr<int32_t>("dtype", 3);
  r.Run();
  EXPECT_EQ(r.Var("out")->dims(), DDim({3, 3}));
  EXPECT_EQ(TypedValues<int64_t>(*r.Var("out")),
            (std::vector<int64_t>{0, 0, 1, 0, 0, 0, 0, 0, 0}));

  r.desc().SetAttr("allow_out_of_range", false);
  EXPECT_PLITE_ERROR(r.Run(), "op 'one_hot_v2': index 5 is out of range [0, 3)");
}

TEST(OneHotV2, MalformedAttributes) {
  OpRunner r("one_hot_v2");
  SetTypedInput<int64_t>(&r, "X", "x", {1}, {0});
  r.SetOutput("Out", "out");
  EXPECT_PLITE_ERROR(AttachOnly(&r), "op 'one_hot_v2': attribute 'depth' = -1 must be positive");
  r.desc().SetAttr<int32_t>("depth", 2);
  r.desc().SetAttr<int32_t>("dtype", 4);
  EXPECT_PLITE_ERROR(AttachOnly(&r), "op 'one_hot_v2': attribute 'dtype' = 4");
  OpRunner f("one_hot_v2");
  f.SetInput("X", "x", {1}, {0.f});
  f.SetOutput("Out", "out");
  f.desc().SetAttr<int32_t>("depth", 2);
  EXPECT_PLITE_ERROR(f.InferShapeOnly(), "input 'X' must hold int32 or int64");
}

// ---------------------------------------------------------------- lookup_table_v2
namespace {
std::unique_ptr<OpRunner> LookupRunner(const std::vector<int64_t>& ids, const DDim& ids_dims) {
  auto r = std::make_unique<OpRunner>("lookup_table_v2");
  r->SetInput("W", "w", {4, 3}, Iota(12));  // row k = 3k, 3k+1, 3k+2
  SetTypedInput<int64_t>(r.get(), "Ids", "ids", ids_dims, ids);
  r->SetOutput("Out", "out");
  return r;
}
}  // namespace

TEST(LookupTableV2, RowsAndPadding) {
  auto r = LookupRunner({3, 0, 2, 3}, DDim({2, 2}));
  r->desc().SetAttr<int64_t>("padding_idx", 2);
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 2, 3}));
  ExpectAllNear(ToVector(*r->Var("out")), {9, 10, 11, 0, 1, 2, 0, 0, 0, 9, 10, 11}, 0.f);

  OpRunner i32("lookup_table_v2");  // int32 ids, no padding_idx (-1 default)
  i32.SetInput("W", "w", {2, 2}, {1, 2, 3, 4});
  SetTypedInput<int32_t>(&i32, "Ids", "ids", {3}, {1, 1, 0});
  i32.SetOutput("Out", "out");
  i32.Run();
  ExpectAllNear(ToVector(*i32.Var("out")), {3, 4, 3, 4, 1, 2}, 0.f);
}

TEST(LookupTableV2, BadIdsAndShapesAreErrors) {
  for (int64_t bad : {4, -1}) {
    auto r = LookupRunner({0, bad}, DDim({2}));
    EXPECT_PLITE_ERROR(r->Run(), "op 'lookup_table_v2': id " + std::to_string(bad) +
                                     " is out of range [0, 4)");
  }
  OpRunner w("lookup_table_v2");
  w.SetInput("W", "w", {12}, Iota(12));
  SetTypedInput<int64_t>(&w, "Ids", "ids", {1}, {0});
  w.SetOutput("Out", "out");
  EXPECT_PLITE_ERROR(w.InferShapeOnly(), "W must be 2-D [V, D], got [12]");
}

// ---------------------------------------------------------------- cumsum
namespace {
// Running sums along `axis` by walking each line explicitly.
std::vector<float> NaiveCumsum(const std::vector<float>& x, const std::vector<int64_t>& dims,
                               int axis, bool exclusive, bool reverse) {
  std::vector<float> out(x.size());
  for (int64_t i = 0; i < Count(dims); ++i) {
    std::vector<int64_t> idx = Unflatten(i, dims);
    float sum = 0;
    for (int64_t k = 0; k < dims[axis]; ++k) {
      const bool before = reverse ? k > idx[axis] : k < idx[axis];
      std::vector<int64_t> at = idx;
      at[axis] = k;
      if (before || (!exclusive && k == idx[axis])) sum += x[Flatten(at, dims)];
    }
    out[i] = sum;
  }
  return out;
}
}  // namespace

TEST(Cumsum, HandWorked) {
  // [[0 1 2], [3 4 5]]
  OpRunner r("cumsum");
  r.SetInput("X", "x", {2, 3}, Iota(6));
  r.SetOutput("Out", "out");
  r.Run();  // axis -1 by default
  ExpectAllNear(ToVector(*r.Var("out")), {0, 1, 3, 3, 7, 12}, 0.f);
  r.desc().SetAttr<int32_t>("axis", 0);
  r.desc().SetAttr("exclusive", true);
  r.Run();
  ExpectAllNear(ToVector(*r.Var("out")), {0, 0, 0, 0, 1, 2}, 0.f);
  r.desc().SetAttr("flatten", true);
  r.desc().SetAttr("exclusive", false);
  r.desc().SetAttr("reverse", true);
  r.Run();
  EXPECT_EQ(r.Var("out")->dims(), DDim({6}));
  ExpectAllNear(ToVector(*r.Var("out")), {15, 15, 14, 12, 9, 5}, 0.f);
}

TEST(Cumsum, EveryAxisAndFlagAgainstNaive) {
  const std::vector<int64_t> dims = {3, 4, 5};
  const std::vector<float> x = RandomVector(60, -1, 1, 11);
  for (int axis = -3; axis < 3; ++axis) {
    for (int flags = 0; flags < 4; ++flags) {
      const bool exclusive = flags & 1, reverse = flags & 2;
      SCOPED_TRACE(StrCat("axis ", axis, " exclusive ", exclusive, " reverse ", reverse));
      OpRunner r("cumsum");
      r.SetInput("X", "x", DDim(dims), x);
      r.SetOutput("Out", "out");
      r.desc().SetAttr<int32_t>("axis", axis);
      r.desc().SetAttr("exclusive", exclusive);
      r.desc().SetAttr("reverse", reverse);
      r.Run();
      ExpectAllNear(ToVector(*r.Var("out")),
                    NaiveCumsum(x, dims, axis < 0 ? axis + 3 : axis, exclusive, reverse), 1e-5f);
    }
  }
}

TEST(Cumsum, IntegerDataAndAxisError) {
  OpRunner r("cumsum");
  SetTypedInput<int64_t>(&r, "X", "x", {4}, {1, 2, 3, 1LL << 40});
  r.SetOutput("Out", "out");
  r.Run(kInt64Place);
  EXPECT_EQ(TypedValues<int64_t>(*r.Var("out")),
            (std::vector<int64_t>{1, 3, 6, 6 + (1LL << 40)}));
  OpRunner wrap("cumsum");  // integer sums wrap around like two's complement hardware
  SetTypedInput<int32_t>(&wrap, "X", "x", {2}, {std::numeric_limits<int32_t>::max(), 1});
  wrap.SetOutput("Out", "out");
  wrap.Run(kInt32Place);
  EXPECT_EQ(TypedValues<int32_t>(*wrap.Var("out"))[1], std::numeric_limits<int32_t>::min());
  OpRunner i("cumsum");
  SetTypedInput<int32_t>(&i, "X", "x", {3}, {1, -2, 3});
  i.SetOutput("Out", "out");
  i.desc().SetAttr("reverse", true);
  i.Run(kInt32Place);
  EXPECT_EQ(TypedValues<int32_t>(*i.Var("out")), (std::vector<int32_t>{2, 1, 3}));

  OpRunner bad("cumsum");
  bad.SetInput("X", "x", {2, 3}, Iota(6));
  bad.SetOutput("Out", "out");
  bad.desc().SetAttr<int32_t>("axis", 2);
  EXPECT_PLITE_ERROR(bad.InferShapeOnly(), "op 'cumsum': attribute 'axis' 2 is out of range");
  OpRunner b("cumsum");
  SetTypedInput<bool>(&b, "X", "x", {2}, {true, true});
  b.SetOutput("Out", "out");
  EXPECT_PLITE_ERROR(b.Run(kBoolPlace), "op 'cumsum': X of type");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
