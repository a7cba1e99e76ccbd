// fill_constant, fill_constant_batch_size_like, fill_any_like, assign_value and range:
// values and dims worked by hand, each dtype, the shape/value inputs and their precedence,
// malformed attributes rejected at load.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/data_movement_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
std::unique_ptr<OpRunner> FillRunner(const std::vector<int64_t>& shape, int dtype) {
  auto r = std::make_unique<OpRunner>("fill_constant");
  r->SetOutput("Out", "out");
  r->desc().SetAttr("shape", shape);
  r->desc().SetAttr<int32_t>("dtype", dtype);
  return r;
}
}  // namespace

// ---------------------------------------------------------------- fill_constant
TEST(FillConstant, ValueInEachDtype) {
  auto f = FillRunner({2, 3}, 5);
  f->desc().SetAttr("value", 1.5f);
  f->Run();
  EXPECT_EQ(f->Var("out")->dims(), DDim({2, 3}));
  ExpectAllNear(ToVector(*f->Var("out")), std::vector<float>(6, 1.5f), 0.f);

  auto i32 = FillRunner({3}, 2);
  i32->desc().SetAttr("value", -2.7f);  // truncates toward zero
  i32->Run();
  EXPECT_EQ(TypedValues<int32_t>(*i32->Var("out")), (std::vector<int32_t>{-2, -2, -2}));

  auto b = FillRunner({2}, 0);
  b->desc().SetAttr("value", 1.f);
  b->Run();
  EXPECT_EQ(TypedValues<bool>(*b->Var("out")), (std::vector<bool>{true, true}));

  auto empty = FillRunner({}, 5);  // no shape: a 0-D tensor of one value
  empty->desc().SetAttr("value", 4.f);
  empty->Run();
  ExpectAllNear(ToVector(*empty->Var("out")), {4.f}, 0.f);
}

TEST(FillConstant, StrValueWinsAndKeepsInt64Exact) {
  auto r = FillRunner({2}, 3);
  r->desc().SetAttr("value", 1.f);
  r->desc().SetAttr("str_value", std::string("9007199254740993"));  // 2^53 + 1
  r->Run();
  EXPECT_EQ(TypedValues<int64_t>(*r->Var("out")),
            (std::vector<int64_t>{9007199254740993LL, 9007199254740993LL}));
  auto inf = FillRunner({1}, 5);
  inf->desc().SetAttr("str_value", std::string("-inf"));
  inf->Run();
  EXPECT_EQ(ToVector(*inf->Var("out"))[0], -std::numeric_limits<float>::infinity());
  auto real = FillRunner({1}, 6);
  real->desc().SetAttr("str_value", std::string("0.1"));
  real->Run();
  EXPECT_EQ(TypedValues<double>(*real->Var("out"))[0], 0.1);
}

TEST(FillConstant, ShapeAndValueInputsInPrecedence) {
  auto r = FillRunner({9, 9}, 5);
  r->desc().SetAttr("value", 1.f);
  SetTypedInput<int32_t>(r.get(), "ShapeTensorList", "s0", {1}, {2});
  SetTypedInput<int64_t>(r.get(), "ShapeTensorList", "s1", {1}, {1});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 1}));
  SetTypedInput<int64_t>(r.get(), "ShapeTensor", "shape", {3}, {1, 2, 2});
  SetTypedInput<int32_t>(r.get(), "ValueTensor", "value", {1}, {7});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({1, 2, 2}));
  ExpectAllNear(ToVector(*r->Var("out")), std::vector<float>(4, 7.f), 0.f);
}

TEST(FillConstant, MalformedAttributesAndInputs) {
  auto dtype = FillRunner({1}, 4);  // fp16 is not written by the host kernel
  EXPECT_PLITE_ERROR(AttachOnly(dtype.get()),
                     "op 'fill_constant': attribute 'dtype' = 4 is not a supported data type");
  auto other = FillRunner({1}, 17);
  EXPECT_PLITE_ERROR(AttachOnly(other.get()), "attribute 'dtype' = 17");
  auto str = FillRunner({1}, 5);
  str->desc().SetAttr("str_value", std::string("1.5x"));
  EXPECT_PLITE_ERROR(AttachOnly(str.get()),
                     "op 'fill_constant': attribute 'str_value' = \"1.5x\" is not a number");
  auto neg = FillRunner({2, -1}, 5);
  EXPECT_PLITE_ERROR(neg->InferShapeOnly(), "shape [2, -1] from attribute 'shape' has a negative");
  auto value = FillRunner({1}, 5);
  SetTypedInput<float>(value.get(), "ValueTensor", "v", {2}, {1, 2});
  EXPECT_PLITE_ERROR(value->InferShapeOnly(), "ValueTensor must hold one value");
}

// ---------------------------------------------------------------- fill_constant_batch_size_like
TEST(FillConstantBatchSizeLike, TakesTheBatchDim) {
  OpRunner r("fill_constant_batch_size_like");
  r.SetInput("Input", "in", {5, 4}, Iota(20));
  r.SetOutput("Out", "out");
  r.desc().SetAttr("shape", std::vector<int>{-1, 3, 2});
  r.desc().SetAttr<int32_t>("input_dim_idx", 1);
  r.desc().SetAttr<int32_t>("output_dim_idx", 2);
  r.desc().SetAttr<int32_t>("dtype", 3);
  r.desc().SetAttr("value", 6.f);
  // shape[output_dim_idx] is replaced; a -1 elsewhere stays an error.
  EXPECT_PLITE_ERROR(r.InferShapeOnly(), "has a negative dim");
  r.desc().SetAttr("shape", std::vector<int>{2, 3, -1});
  r.Run();
  EXPECT_EQ(r.Var("out")->dims(), DDim({2, 3, 4}));
  EXPECT_EQ(TypedValues<int64_t>(*r.Var("out")), std::vector<int64_t>(24, 6));
}

TEST(FillConstantBatchSizeLike, SequenceCountFromLoDAndErrors) {
  OpRunner r("fill_constant_batch_size_like");
  r.SetInput("Input", "in", {5, 1}, Iota(5));
  r.Var("in")->set_lod({{0, 2, 5}});  // two sequences
  r.SetOutput("Out", "out");
  r.desc().SetAttr("shape", std::vector<int>{-1, 3});
  r.Run();
  EXPECT_EQ(r.Var("out")->dims(), DDim({2, 3}));
  ExpectAllNear(ToVector(*r.Var("out")), std::vector<float>(6, 0.f), 0.f);

  r.desc().SetAttr<int32_t>("output_dim_idx", 2);
  EXPECT_PLITE_ERROR(AttachOnly(&r), "attribute 'output_dim_idx' = 2 is out of range");
  r.desc().SetAttr<int32_t>("output_dim_idx", 0);
  r.desc().SetAttr<int32_t>("input_dim_idx", 2);
  EXPECT_PLITE_ERROR(r.InferShapeOnly(), "attribute 'input_dim_idx' = 2 is out of range");
}

// ---------------------------------------------------------------- fill_any_like
TEST(FillAnyLike, FollowsXOrDtype) {
  OpRunner same("fill_any_like");
  SetTypedInput<int32_t>(&same, "X", "x", {2, 2}, {1, 2, 3, 4});
  same.SetOutput("Out", "out");
  same.desc().SetAttr("value", 3.f);
  same.desc().SetAttr<int32_t>("dtype", -1);
  same.Run(kInt32Place);
  EXPECT_EQ(same.Var("out")->dims(), DDim({2, 2}));
  EXPECT_EQ(TypedValues<int32_t>(*same.Var("out")), std::vector<int32_t>(4, 3));

  OpRunner f("fill_any_like");
  SetTypedInput<int64_t>(&f, "X", "x", {3}, {1, 2, 3});
  f.SetOutput("Out", "out");
  f.desc().SetAttr("value", 0.25f);
  f.desc().SetAttr<int32_t>("dtype", 5);
  f.Run();
  ExpectAllNear(ToVector(*f.Var("out")), {0.25f, 0.25f, 0.25f}, 0.f);

  f.desc().SetAttr<int32_t>("dtype", 99);
  EXPECT_PLITE_ERROR(AttachOnly(&f), "op 'fill_any_like': attribute 'dtype' = 99");
}

// ---------------------------------------------------------------- assign_value
TEST(AssignValue, EachDtypeReadsItsOwnAttribute) {
  OpRunner f("assign_value");
  f.SetOutput("Out", "out");
  f.desc().SetAttr("shape", std::vector<int>{2, 2});
  f.desc().SetAttr<int32_t>("dtype", 5);
  f.desc().SetAttr("fp32_values", std::vector<float>{1.5f, -2, 3, 4});
  f.desc().SetAttr("int32_values", std::vector<int>{9});  // another dtype's, ignored
  f.Run();
  EXPECT_EQ(f.Var("out")->dims(), DDim({2, 2}));
  ExpectAllNear(ToVector(*f.Var("out")), {1.5f, -2, 3, 4}, 0.f);

  OpRunner i64("assign_value");
  i64.SetOutput("Out", "out");
  i64.desc().SetAttr("shape", std::vector<int>{3});
  i64.desc().SetAttr<int32_t>("dtype", 3);
  i64.desc().SetAttr("int64_values", std::vector<int64_t>{1LL << 40, -1, 0});
  i64.Run();
  EXPECT_EQ(TypedValues<int64_t>(*i64.Var("out")), (std::vector<int64_t>{1LL << 40, -1, 0}));

  OpRunner i32("assign_value");
  i32.SetOutput("Out", "out");
  i32.desc().SetAttr("shape", std::vector<int>{1});
  i32.desc().SetAttr<int32_t>("dtype", 2);
  i32.desc().SetAttr("int32_values", std::vector<int>{-7});
  i32.Run();
  EXPECT_EQ(TypedValues<int32_t>(*i32.Var("out")), std::vector<int32_t>{-7});

  OpRunner b("assign_value");  // bool_values is an INTS attribute in Paddle
  b.SetOutput("Out", "out");
  b.desc().SetAttr("shape", std::vector<int>{3});
  b.desc().SetAttr<int32_t>("dtype", 0);
  b.desc().SetAttr("bool_values", std::vector<int>{1, 0, 1});
  b.Run();
  EXPECT_EQ(TypedValues<bool>(*b.Var("out")), (std::vector<bool>{true, false, true}));
}

TEST(AssignValue, MalformedAttributesAreLoadErrors) {
  OpRunner r("assign_value");
  r.SetOutput("Out", "out");
  r.desc().SetAttr("shape", std::vector<int>{2, 2});
  r.desc().SetAttr<int32_t>("dtype", 5);
  r.desc().SetAttr("fp32_values", std::vector<float>{1, 2, 3});
  EXPECT_PLITE_ERROR(AttachOnly(&r),
                     "op 'assign_value': attribute 'fp32_values' has 3 values for shape [2, 2]");
  r.desc().SetAttr<int32_t>("dtype", 21);
  EXPECT_PLITE_ERROR(AttachOnly(&r), "op 'assign_value': attribute 'dtype' = 21");
}

// ---------------------------------------------------------------- range
TEST(Range, HandWorkedInEachType) {
  OpRunner f("range");
  SetTypedInput<float>(&f, "Start", "s", {1}, {1.f});
  SetTypedInput<float>(&f, "End", "e", {1}, {2.f});
  SetTypedInput<float>(&f, "Step", "st", {1}, {0.3f});
  f.SetOutput("Out", "out");
  f.Run();
  EXPECT_EQ(f.Var("out")->dims(), DDim({4}));  // ceil(1 / 0.3) = 4
  ExpectAllNear(ToVector(*f.Var("out")), {1.f, 1.3f, 1.6f, 1.9f}, 1e-6f);

  OpRunner down("range");
  SetTypedInput<int64_t>(&down, "Start", "s", {1}, {5});
  SetTypedInput<int64_t>(&down, "End", "e", {1}, {-2});
  SetTypedInput<int64_t>(&down, "Step", "st", {1}, {-3});
  down.SetOutput("Out", "out");
  down.Run(kInt64Place);
  EXPECT_EQ(TypedValues<int64_t>(*down.Var("out")), (std::vector<int64_t>{5, 2, -1}));

  OpRunner empty("range");
  SetTypedInput<int32_t>(&empty, "Start", "s", {1}, {3});
  SetTypedInput<int32_t>(&empty, "End", "e", {1}, {3});
  SetTypedInput<int32_t>(&empty, "Step", "st", {1}, {1});
  empty.SetOutput("Out", "out");
  empty.Run(kInt32Place);
  EXPECT_EQ(empty.Var("out")->dims(), DDim({0}));
}

TEST(Range, BadStepsAndTypesAreErrors) {
  auto run = [](int32_t start, int32_t end, int32_t step) {
    OpRunner r("range");
    SetTypedInput<int32_t>(&r, "Start", "s", {1}, {start});
    SetTypedInput<int32_t>(&r, "End", "e", {1}, {end});
    SetTypedInput<int32_t>(&r, "Step", "st", {1}, {step});
    r.SetOutput("Out", "out");
    r.InferShapeOnly();
  };
  EXPECT_PLITE_ERROR(run(0, 5, 0), "op 'range': Step must not be 0");
  EXPECT_PLITE_ERROR(run(0, 5, -1), "Step -1 points away from End 5");
  auto run64 = [](int64_t start, int64_t end, int64_t step) {
    OpRunner r("range");
    SetTypedInput<int64_t>(&r, "Start", "s", {1}, {start});
    SetTypedInput<int64_t>(&r, "End", "e", {1}, {end});
    SetTypedInput<int64_t>(&r, "Step", "st", {1}, {step});
    r.SetOutput("Out", "out");
    r.InferShapeOnly();
    return r.Var("out")->dims()[0];
  };
  // Spans beyond int64 are measured without overflow and refused.
  EXPECT_PLITE_ERROR(run64(std::numeric_limits<int64_t>::min(), 1, 1),
                     "give a length beyond int64");
  EXPECT_EQ(run64(std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min(),
                  std::numeric_limits<int64_t>::min()),
            2);
  OpRunner tiny("range");
  SetTypedInput<float>(&tiny, "Start", "s", {1}, {0.f});
  SetTypedInput<float>(&tiny, "End", "e", {1}, {1e30f});
  SetTypedInput<float>(&tiny, "Step", "st", {1}, {1e-30f});
  tiny.SetOutput("Out", "out");
  EXPECT_PLITE_ERROR(tiny.InferShapeOnly(), "give no finite length");
  OpRunner mixed("range");
  SetTypedInput<int32_t>(&mixed, "Start", "s", {1}, {0});
  SetTypedInput<int64_t>(&mixed, "End", "e", {1}, {5});
  SetTypedInput<int32_t>(&mixed, "Step", "st", {1}, {1});
  mixed.SetOutput("Out", "out");
  EXPECT_PLITE_ERROR(mixed.InferShapeOnly(), "Start, End and Step must share one type");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
