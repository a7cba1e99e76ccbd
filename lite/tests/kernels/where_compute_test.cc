// where: hand-worked selection, numpy broadcasting of Condition, X and Y against a naive
// reference, int32/int64 values and shape errors.
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

TEST(Where, HandWorked) {
  OpRunner runner("where");
  SetTypedInput<bool>(&runner, "Condition", "c", DDim({2, 3}),
                      {true, false, true, false, false, true});
  runner.SetInput("X", "x", DDim({2, 3}), {1, 2, 3, 4, 5, 6});
  runner.SetInput("Y", "y", DDim({2, 3}), {-1, -2, -3, -4, -5, -6});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.Run();
  EXPECT_EQ(out->dims(), DDim({2, 3}));
  ExpectAllNear(ToVector(*out), {1, -2, 3, -4, -5, 6}, 0.f);
}

// Condition [3, 1], X [1, 4], Y [4] -> [3, 4]: condition per row, X and Y per column.
TEST(Where, BroadcastsAgainstReference) {
  struct Case {
    std::vector<int64_t> c, x, y, out;
  };
  const std::vector<Case> cases = {
      {{3, 1}, {1, 4}, {4}, {3, 4}},
      {{2, 3, 5}, {5}, {1}, {2, 3, 5}},
      {{5}, {2, 1, 5}, {3, 1}, {2, 3, 5}},
      {{1}, {2, 3}, {2, 3}, {2, 3}},
  };
  uint32_t seed = 9;
  for (const Case& c : cases) {
    SCOPED_TRACE(StrCat(c.c) + StrCat(c.x) + StrCat(c.y));
    int64_t cn = 1, xn = 1, yn = 1, on = 1;
    for (int64_t v : c.c) cn *= v;
    for (int64_t v : c.x) xn *= v;
    for (int64_t v : c.y) yn *= v;
    for (int64_t v : c.out) on *= v;
    std::vector<bool> cond;
    for (float v : RandomVector(cn, 0.f, 1.f, seed++)) cond.push_back(v < 0.5f);
    const auto x = RandomVector(xn, 0.f, 1.f, seed++);
    const auto y = RandomVector(yn, -1.f, 0.f, seed++);
    OpRunner runner("where");
    SetTypedInput<bool>(&runner, "Condition", "c", DDim(c.c), cond);
    runner.SetInput("X", "x", DDim(c.x), x);
    runner.SetInput("Y", "y", DDim(c.y), y);
    Tensor* out = runner.SetOutput("Out", "out");
    runner.Run();
    EXPECT_EQ(out->dims(), DDim(c.out));
    // Reference: each operand indexed by the output's trailing coordinates, 1-dims at 0.
    const auto index_of = [&](const std::vector<int64_t>& dims, int64_t flat) {
      const size_t lead = c.out.size() - dims.size();
      const auto os = Strides(c.out), s = Strides(dims);
      int64_t at = 0;
      for (size_t d = 0; d < dims.size(); ++d) {
        const int64_t coord = (flat / os[d + lead]) % c.out[d + lead];
        if (dims[d] != 1) at += coord * s[d];
      }
      return at;
    };
    std::vector<float> want;
    for (int64_t i = 0; i < on; ++i) {
      want.push_back(cond[index_of(c.c, i)] ? x[index_of(c.x, i)] : y[index_of(c.y, i)]);
    }
    ExpectAllNear(ToVector(*out), want, 0.f);
  }
}

template <typename T>
void ExpectIntegerWhere(PrecisionType precision) {
  OpRunner runner("where");
  SetTypedInput<bool>(&runner, "Condition", "c", DDim({3}), {false, true, false});
  SetTypedInput<T>(&runner, "X", "x", DDim({3}), {1, 2, 3});
  SetTypedInput<T>(&runner, "Y", "y", DDim({3}), {7, 8, std::numeric_limits<T>::max()});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.Run(Place(TargetType::kHost, precision, DataLayoutType::kNCHW));
  EXPECT_EQ(TypedValues<T>(*out), (std::vector<T>{7, 2, std::numeric_limits<T>::max()}));
}

TEST(Where, IntegerValues) {
  ExpectIntegerWhere<int32_t>(PrecisionType::kInt32);
  ExpectIntegerWhere<int64_t>(PrecisionType::kInt64);
}

TEST(WhereErrors, ShapesThatDoNotBroadcast) {
  OpRunner runner("where");
  SetTypedInput<bool>(&runner, "Condition", "c", DDim({2, 3}), std::vector<bool>(6, true));
  runner.SetInput("X", "x", DDim({2, 3}), std::vector<float>(6, 1.f));
  runner.SetInput("Y", "y", DDim({2}), {1.f, 2.f});
  runner.SetOutput("Out", "out");
  EXPECT_PLITE_ERROR(runner.InferShapeOnly(),
                     "op 'where': Condition[2, 3], X[2, 3], Y[2] cannot be broadcast");
  OpRunner missing("where");
  missing.SetInput("X", "x", DDim({1}), {1.f});
  missing.SetInput("Y", "y", DDim({1}), {1.f});
  missing.SetOutput("Out", "out");
  EXPECT_PLITE_ERROR(missing.InferShapeOnly(), "Condition");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
