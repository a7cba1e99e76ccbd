// stack / unstack, expand_v2, tile, flip and split's integer kernels: hand-worked small
// cases, naive multi-index references, tensor-given shapes, other dtypes, and attribute
// errors at load.
#include <string>
#include <vector>

#include "lite/tests/kernels/data_movement_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
// Runs a one-input op on X = 0, 1, 2, ... shaped `dims`, output "Out".
std::unique_ptr<OpRunner> IotaRunner(const std::string& type, const std::vector<int64_t>& dims) {
  auto r = std::make_unique<OpRunner>(type);
  r->SetInput("X", "x", DDim(dims), Iota(Count(dims)));
  r->SetOutput("Out", "out");
  return r;
}
}  // namespace

// ---------------------------------------------------------------- stack / unstack
TEST(Stack, HandWorkedOnEachAxis) {
  // a = [[0 1 2]], b = [[10 11 12]] (dims [1, 3]).
  for (int axis : {0, 1, 2, -1, -3}) {
    SCOPED_TRACE(axis);
    OpRunner r("stack");
    r.SetInput("X", "a", {1, 3}, {0, 1, 2});
    r.SetInput("X", "b", {1, 3}, {10, 11, 12});
    r.SetOutput("Y", "y");
    r.desc().SetAttr<int32_t>("axis", axis);
    r.Run();
    const int a = axis < 0 ? axis + 3 : axis;
    const std::vector<DDim> dims = {DDim({2, 1, 3}), DDim({1, 2, 3}), DDim({1, 3, 2})};
    EXPECT_EQ(r.Var("y")->dims(), dims[a]);
    const std::vector<float> joined = {0, 1, 2, 10, 11, 12};
    const std::vector<float> interleaved = {0, 10, 1, 11, 2, 12};
    ExpectAllNear(ToVector(*r.Var("y")), a == 2 ? interleaved : joined, 0.f);
  }
}

TEST(Stack, OddShapeAgainstNaiveIndexing) {
  const std::vector<int64_t> dims = {3, 1, 5};
  for (int axis = 0; axis <= 3; ++axis) {
    OpRunner r("stack");
    std::vector<std::vector<float>> xs;
    for (int i = 0; i < 3; ++i) {
      xs.push_back(RandomVector(15, -1, 1, 7 + i));
      r.SetInput("X", "x" + std::to_string(i), DDim(dims), xs.back());
    }
    r.SetOutput("Y", "y");
    r.desc().SetAttr<int32_t>("axis", axis);
    r.Run();
    std::vector<int64_t> od = dims;
    od.insert(od.begin() + axis, 3);
    ASSERT_EQ(r.Var("y")->dims(), DDim(od));
    std::vector<float> expect(Count(od));
    for (int64_t o = 0; o < Count(od); ++o) {
      std::vector<int64_t> idx = Unflatten(o, od);
      const int64_t which = idx[axis];
      idx.erase(idx.begin() + axis);
      expect[o] = xs[which][Flatten(idx, dims)];
    }
    ExpectAllNear(ToVector(*r.Var("y")), expect, 0.f);
  }
}

TEST(Stack, Int64AndMismatchedInputs) {
  OpRunner r("stack");
  SetTypedInput<int64_t>(&r, "X", "a", {2}, {1, 2});
  SetTypedInput<int64_t>(&r, "X", "b", {2}, {3, 4});
  r.SetOutput("Y", "y");
  r.Run(kInt64Place);
  EXPECT_EQ(TypedValues<int64_t>(*r.Var("y")), (std::vector<int64_t>{1, 2, 3, 4}));

  OpRunner bad("stack");
  bad.SetInput("X", "a", {2}, {1, 2});
  bad.SetInput("X", "b", {3}, {1, 2, 3});
  bad.SetOutput("Y", "y");
  EXPECT_PLITE_ERROR(bad.InferShapeOnly(), "op 'stack': input X[1] [3] differs from X[0] [2]");
  OpRunner axis("stack");
  axis.SetInput("X", "a", {2}, {1, 2});
  axis.SetOutput("Y", "y");
  axis.desc().SetAttr<int32_t>("axis", 2);
  EXPECT_PLITE_ERROR(axis.InferShapeOnly(), "op 'stack': attribute 'axis' 2 is out of range");
}

TEST(Unstack, UndoesStack) {
  // X [2, 3, 2] = 0..11 unstacked on axis 1: Y[i][a][b] = X[a][i][b].
  for (int axis : {1, -2}) {
    OpRunner r("unstack");
    r.SetInput("X", "x", {2, 3, 2}, Iota(12));
    for (int i = 0; i < 3; ++i) r.SetOutput("Y", "y" + std::to_string(i));
    r.desc().SetAttr<int32_t>("axis", axis);
    r.desc().SetAttr<int32_t>("num", 3);
    r.Run();
    EXPECT_EQ(r.Var("y0")->dims(), DDim({2, 2}));
    ExpectAllNear(ToVector(*r.Var("y0")), {0, 1, 6, 7}, 0.f);
    ExpectAllNear(ToVector(*r.Var("y1")), {2, 3, 8, 9}, 0.f);
    ExpectAllNear(ToVector(*r.Var("y2")), {4, 5, 10, 11}, 0.f);
  }
}

TEST(Unstack, BoolDataAndNumErrors) {
  OpRunner r("unstack");
  SetTypedInput<bool>(&r, "X", "x", {2}, {true, false});
  r.SetOutput("Y", "a");
  r.SetOutput("Y", "b");
  r.desc().SetAttr<int32_t>("num", 2);
  r.Run(kBoolPlace);
  EXPECT_EQ(r.Var("a")->dims(), DDim(std::vector<int64_t>{}));
  EXPECT_EQ(TypedValues<bool>(*r.Var("b")), std::vector<bool>{false});

  OpRunner load("unstack");
  load.SetInput("X", "x", {2}, {1, 2});
  load.SetOutput("Y", "a");
  load.desc().SetAttr<int32_t>("num", 2);
  EXPECT_PLITE_ERROR(AttachOnly(&load), "op 'unstack': attribute 'num' = 2 but there are 1");
  OpRunner dim("unstack");
  dim.SetInput("X", "x", {3}, {1, 2, 3});
  dim.SetOutput("Y", "a");
  dim.SetOutput("Y", "b");
  dim.desc().SetAttr<int32_t>("num", 2);
  EXPECT_PLITE_ERROR(dim.InferShapeOnly(), "attribute 'num' = 2 but X [3] has 3 entries");
}

// ---------------------------------------------------------------- expand_v2
TEST(ExpandV2, HandWorked) {
  // X [2, 1] = [[0], [1]] expanded to [2, 2, 3] with a -1 keeping dim 2.
  auto r = IotaRunner("expand_v2", {2, 1});
  r->desc().SetAttr("shape", std::vector<int>{2, -1, 3});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 2, 3}));
  ExpectAllNear(ToVector(*r->Var("out")), {0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1}, 0.f);
}

TEST(ExpandV2, ShapeInputsInPrecedence) {
  // Shape wins over expand_shapes_tensor, which wins over the attribute.
  auto r = IotaRunner("expand_v2", {3});
  r->desc().SetAttr("shape", std::vector<int>{1, 3});
  SetTypedInput<int32_t>(r.get(), "expand_shapes_tensor", "s0", {1}, {2});
  SetTypedInput<int64_t>(r.get(), "expand_shapes_tensor", "s1", {1}, {-1});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 3}));
  ExpectAllNear(ToVector(*r->Var("out")), {0, 1, 2, 0, 1, 2}, 0.f);
  Tensor* shape = SetTypedInput<int64_t>(r.get(), "Shape", "shape", {3}, {2, 1, 3});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 1, 3}));
  shape->mutable_data<int64_t>()[1] = 2;  // read again at every run
  r->op()->InferShape();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 2, 3}));
}

TEST(ExpandV2, Int32Data) {
  OpRunner r("expand_v2");
  SetTypedInput<int32_t>(&r, "X", "x", {1, 2}, {7, -8});
  r.SetOutput("Out", "out");
  r.desc().SetAttr("shape", std::vector<int>{3, 2});
  r.Run(kInt32Place);
  EXPECT_EQ(TypedValues<int32_t>(*r.Var("out")), (std::vector<int32_t>{7, -8, 7, -8, 7, -8}));
}

TEST(ExpandV2, BadShapesAreErrors) {
  auto zero = IotaRunner("expand_v2", {2});
  zero->desc().SetAttr("shape", std::vector<int>{0, 2});
  EXPECT_PLITE_ERROR(AttachOnly(zero.get()), "op 'expand_v2': attribute 'shape' [0, 2]");
  auto mismatch = IotaRunner("expand_v2", {2});
  mismatch->desc().SetAttr("shape", std::vector<int>{3});
  EXPECT_PLITE_ERROR(mismatch->InferShapeOnly(), "dim 0 is 2, neither 1 nor 3");
  auto lead = IotaRunner("expand_v2", {2});
  lead->desc().SetAttr("shape", std::vector<int>{-1, 2});
  EXPECT_PLITE_ERROR(lead->InferShapeOnly(), "has -1 at dim 0, a new leading dim");
  auto shorter = IotaRunner("expand_v2", {2, 2});
  shorter->desc().SetAttr("shape", std::vector<int>{2});
  EXPECT_PLITE_ERROR(shorter->InferShapeOnly(), "has fewer dims than X");
}

// ---------------------------------------------------------------- tile
TEST(Tile, HandWorked) {
  // [[0 1 2]] tiled [2, 2] -> [[0 1 2 0 1 2], [0 1 2 0 1 2]].
  auto r = IotaRunner("tile", {1, 3});
  r->desc().SetAttr("repeat_times", std::vector<int>{2, 2});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 6}));
  ExpectAllNear(ToVector(*r->Var("out")), {0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}, 0.f);
  // Fewer repeats than dims pad the repeats with 1s; more pad X's dims.
  auto few = IotaRunner("tile", {2, 2});
  few->desc().SetAttr("repeat_times", std::vector<int>{2});
  few->Run();
  EXPECT_EQ(few->Var("out")->dims(), DDim({2, 4}));
  ExpectAllNear(ToVector(*few->Var("out")), {0, 1, 0, 1, 2, 3, 2, 3}, 0.f);
  auto more = IotaRunner("tile", {2});
  more->desc().SetAttr("repeat_times", std::vector<int>{2, 1});
  more->Run();
  EXPECT_EQ(more->Var("out")->dims(), DDim({2, 2}));
  ExpectAllNear(ToVector(*more->Var("out")), {0, 1, 0, 1}, 0.f);
}

TEST(Tile, OddShapeAgainstBlockCopies) {
  // Naive: tile one dim at a time, copying whole blocks (innermost dim first).
  std::vector<int64_t> dims = {3, 2, 5};
  const std::vector<int> reps = {2, 3, 1};
  std::vector<float> expect = Iota(30);
  for (int d = 2; d >= 0; --d) {
    const int64_t block = Count(std::vector<int64_t>(dims.begin() + d, dims.end()));
    std::vector<float> next;
    for (size_t start = 0; start < expect.size(); start += block) {
      for (int k = 0; k < reps[d]; ++k) {
        next.insert(next.end(), expect.begin() + start, expect.begin() + start + block);
      }
    }
    expect = next;
    dims[d] *= reps[d];
  }
  auto r = IotaRunner("tile", {3, 2, 5});
  SetTypedInput<int32_t>(r.get(), "RepeatTimes", "reps", {3}, {2, 3, 1});
  r->desc().SetAttr("repeat_times", std::vector<int>{9, 9, 9});  // the tensor wins
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim(dims));
  ExpectAllNear(ToVector(*r->Var("out")), expect, 0.f);
}

TEST(Tile, TensorListInt64DataAndErrors) {
  OpRunner r("tile");
  SetTypedInput<int64_t>(&r, "X", "x", {2}, {5, 6});
  SetTypedInput<int32_t>(&r, "repeat_times_tensor", "r0", {1}, {2});
  r.SetOutput("Out", "out");
  r.Run(kInt64Place);
  EXPECT_EQ(TypedValues<int64_t>(*r.Var("out")), (std::vector<int64_t>{5, 6, 5, 6}));

  auto attr = IotaRunner("tile", {2});
  attr->desc().SetAttr("repeat_times", std::vector<int>{0});
  EXPECT_PLITE_ERROR(AttachOnly(attr.get()),
                     "op 'tile': attribute 'repeat_times' [0] must hold positive values");
  auto huge = IotaRunner("tile", {2});
  SetTypedInput<int64_t>(huge.get(), "RepeatTimes", "reps", {1}, {1LL << 62});
  EXPECT_PLITE_ERROR(huge->InferShapeOnly(), "repeated 4611686018427387904 times overflows");
  auto tensor = IotaRunner("tile", {2});
  SetTypedInput<int32_t>(tensor.get(), "RepeatTimes", "reps", {1}, {-1});
  EXPECT_PLITE_ERROR(tensor->InferShapeOnly(), "repeat_times [-1] must hold positive values");
}

// ---------------------------------------------------------------- flip
TEST(Flip, HandWorked) {
  // [[0 1 2], [3 4 5]]
  auto rows = IotaRunner("flip", {2, 3});
  rows->desc().SetAttr("axis", std::vector<int>{0});
  rows->Run();
  ExpectAllNear(ToVector(*rows->Var("out")), {3, 4, 5, 0, 1, 2}, 0.f);
  auto both = IotaRunner("flip", {2, 3});
  both->desc().SetAttr("axis", std::vector<int>{-1, 0});
  both->Run();
  ExpectAllNear(ToVector(*both->Var("out")), {5, 4, 3, 2, 1, 0}, 0.f);
  auto none = IotaRunner("flip", {2, 3});
  none->desc().SetAttr("axis", std::vector<int>{});
  none->Run();
  ExpectAllNear(ToVector(*none->Var("out")), Iota(6), 0.f);
}

TEST(Flip, OddShapeAgainstNaiveIndexing) {
  const std::vector<int64_t> dims = {3, 1, 4, 5};
  auto r = IotaRunner("flip", dims);
  r->desc().SetAttr("axis", std::vector<int>{0, -2, 3});
  r->Run();
  std::vector<float> expect(60);
  for (int64_t o = 0; o < 60; ++o) {
    std::vector<int64_t> idx = Unflatten(o, dims);
    for (int d : {0, 2, 3}) idx[d] = dims[d] - 1 - idx[d];
    expect[o] = static_cast<float>(Flatten(idx, dims));
  }
  ExpectAllNear(ToVector(*r->Var("out")), expect, 0.f);
}

TEST(Flip, Int64DataAndAxisErrors) {
  OpRunner r("flip");
  SetTypedInput<int64_t>(&r, "X", "x", {3}, {1, 2, 3});
  r.SetOutput("Out", "out");
  r.desc().SetAttr("axis", std::vector<int>{0});
  r.Run(kInt64Place);
  EXPECT_EQ(TypedValues<int64_t>(*r.Var("out")), (std::vector<int64_t>{3, 2, 1}));

  auto twice = IotaRunner("flip", {2, 3});
  twice->desc().SetAttr("axis", std::vector<int>{1, -1});
  EXPECT_PLITE_ERROR(twice->InferShapeOnly(), "op 'flip': attribute 'axis' [1, -1] lists dim 1 twice");
  auto range = IotaRunner("flip", {2, 3});
  range->desc().SetAttr("axis", std::vector<int>{2});
  EXPECT_PLITE_ERROR(range->InferShapeOnly(), "attribute 'axis' value 2 is out of range");
  auto missing = IotaRunner("flip", {2, 3});
  EXPECT_PLITE_ERROR(AttachOnly(missing.get()), "op 'flip': attribute 'axis' is missing");
}

// ---------------------------------------------------------------- split (integer data, load checks)
TEST(Split, Int64DataWithInferredSection) {
  OpRunner r("split");
  SetTypedInput<int64_t>(&r, "X", "x", {5}, {10, 11, 12, 13, 14});
  r.SetOutput("Out", "a");
  r.SetOutput("Out", "b");
  r.desc().SetAttr("sections", std::vector<int>{-1, 2});
  r.desc().SetAttr<int32_t>("axis", -1);
  r.Run(kInt64Place);
  EXPECT_EQ(TypedValues<int64_t>(*r.Var("a")), (std::vector<int64_t>{10, 11, 12}));
  EXPECT_EQ(TypedValues<int64_t>(*r.Var("b")), (std::vector<int64_t>{13, 14}));
}

TEST(Split, Int32DataByAxisTensor) {
  OpRunner r("split");
  SetTypedInput<int32_t>(&r, "X", "x", {2, 2}, {1, 2, 3, 4});
  SetTypedInput<int64_t>(&r, "AxisTensor", "axis", {1}, {1});
  r.SetOutput("Out", "a");
  r.SetOutput("Out", "b");
  r.desc().SetAttr<int32_t>("num", 2);
  r.Run(kInt32Place);
  EXPECT_EQ(TypedValues<int32_t>(*r.Var("a")), (std::vector<int32_t>{1, 3}));
  EXPECT_EQ(TypedValues<int32_t>(*r.Var("b")), (std::vector<int32_t>{2, 4}));
}

TEST(Split, SectionAttributeErrorsAtLoad) {
  const std::vector<std::pair<std::vector<int>, std::string>> cases = {
      {{1, 2, 3}, "3 sections (attribute 'sections' or SectionsTensorList) for 2 outputs"},
      {{-1, -1}, "has more than one -1"},
      {{-2, 3}, "has the size -2"}};
  for (const auto& c : cases) {
    OpRunner r("split");
    r.SetInput("X", "x", {5}, Iota(5));
    r.SetOutput("Out", "a");
    r.SetOutput("Out", "b");
    r.desc().SetAttr("sections", c.first);
    EXPECT_PLITE_ERROR(AttachOnly(&r), c.second);
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
