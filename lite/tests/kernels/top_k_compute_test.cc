// top_k and top_k_v2 against a stable sort of each line written here; hand-worked cases,
// every axis, largest/smallest, the K input, integer inputs, NaN and load-time errors.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct TopKResult {
  DDim dims;
  std::vector<float> values;
  std::vector<int64_t> indices;
};

struct TopKArgs {
  int k = 1;
  int axis = -1;
  bool largest = true;
  bool sorted = true;
  const std::vector<int64_t>* k_tensor = nullptr;  // int64 K input when set
};

TopKResult RunTopK(const std::string& type, const std::vector<int64_t>& dims,
                   const std::vector<float>& x, const TopKArgs& a) {
  OpRunner runner(type);
  runner.SetInput("X", "x", DDim(dims), x);
  Tensor* out = runner.SetOutput("Out", "out");
  Tensor* indices = runner.SetOutput("Indices", "indices");
  runner.desc().SetAttr<int32_t>("k", a.k);
  if (type == "top_k_v2") {
    runner.desc().SetAttr<int32_t>("axis", a.axis);
    runner.desc().SetAttr<bool>("largest", a.largest);
    runner.desc().SetAttr<bool>("sorted", a.sorted);
  }
  if (a.k_tensor) SetTypedInput<int64_t>(&runner, "K", "k", DDim({1}), *a.k_tensor);
  runner.Run();
  EXPECT_EQ(indices->precision(), PrecisionType::kInt64);
  EXPECT_EQ(indices->dims(), out->dims());
  return {out->dims(), ToVector(*out), TypedValues<int64_t>(*indices)};
}

// The reference: each line's (value, index) pairs stably sorted by value, the first k
// kept, written back at the output coordinates.
TopKResult Reference(const std::vector<int64_t>& dims, const std::vector<float>& x, int k,
                     int axis, bool largest) {
  std::vector<int64_t> out_dims = dims;
  out_dims[axis] = k;
  const auto in_strides = Strides(dims), out_strides = Strides(out_dims);
  int64_t out_count = 1;
  for (int64_t d : out_dims) out_count *= d;
  TopKResult r{DDim(out_dims), std::vector<float>(out_count), std::vector<int64_t>(out_count)};
  for (size_t i = 0; i < x.size(); ++i) {
    if ((static_cast<int64_t>(i) / in_strides[axis]) % dims[axis] != 0) continue;  // line start
    std::vector<std::pair<float, int64_t>> line;
    for (int64_t j = 0; j < dims[axis]; ++j) line.push_back({x[i + j * in_strides[axis]], j});
    std::stable_sort(line.begin(), line.end(), [&](const auto& a, const auto& b) {
      return largest ? a.first > b.first : a.first < b.first;
    });
    // output offset of the line start: same coordinates, the axis at 0
    int64_t o = 0;
    for (size_t d = 0; d < dims.size(); ++d) {
      o += ((static_cast<int64_t>(i) / in_strides[d]) % dims[d]) * out_strides[d];
    }
    for (int j = 0; j < k; ++j) {
      r.values[o + j * out_strides[axis]] = line[j].first;
      r.indices[o + j * out_strides[axis]] = line[j].second;
    }
  }
  return r;
}

TEST(TopK, HandWorked) {
  // [[3, 1, 4, 1], [5, 9, 2, 6]]
  const std::vector<float> x = {3, 1, 4, 1, 5, 9, 2, 6};
  TopKArgs a;
  a.k = 2;
  auto r = RunTopK("top_k", {2, 4}, x, a);
  EXPECT_EQ(r.dims, DDim({2, 2}));
  ExpectAllNear(r.values, {4, 3, 9, 6}, 0.f);
  EXPECT_EQ(r.indices, (std::vector<int64_t>{2, 0, 1, 3}));
  a.largest = false;
  a.k = 3;
  r = RunTopK("top_k_v2", {2, 4}, x, a);  // ties 1/1: lower index first
  ExpectAllNear(r.values, {1, 1, 3, 2, 5, 6}, 0.f);
  EXPECT_EQ(r.indices, (std::vector<int64_t>{1, 3, 0, 2, 0, 3}));
  a = TopKArgs();
  a.axis = 0;
  r = RunTopK("top_k_v2", {2, 4}, x, a);
  EXPECT_EQ(r.dims, DDim({1, 4}));
  ExpectAllNear(r.values, {5, 9, 4, 6}, 0.f);
  EXPECT_EQ(r.indices, (std::vector<int64_t>{1, 1, 0, 1}));
}

TEST(TopK, EveryAxisAndDirectionAgainstReference) {
  const std::vector<int64_t> dims = {3, 5, 1, 7};
  auto x = RandomVector(105, -2.f, 2.f, 23);
  for (size_t i = 0; i < x.size(); i += 4) x[i] = 0.5f;  // plant ties
  for (int axis = -4; axis < 4; ++axis) {
    const int a = axis < 0 ? axis + 4 : axis;
    for (bool largest : {true, false}) {
      for (int k : {1, static_cast<int>(dims[a])}) {
        SCOPED_TRACE("axis " + std::to_string(axis) + " k " + std::to_string(k) +
                     (largest ? " largest" : " smallest"));
        TopKArgs args;
        args.k = k;
        args.axis = axis;
        args.largest = largest;
        args.sorted = (axis % 2) == 0;  // sorted = false gives the same (sorted) results
        const TopKResult got = RunTopK("top_k_v2", dims, x, args);
        const TopKResult want = Reference(dims, x, k, a, largest);
        EXPECT_EQ(got.dims, want.dims);
        ExpectAllNear(got.values, want.values, 0.f);
        EXPECT_EQ(got.indices, want.indices);
      }
    }
  }
}

TEST(TopK, KInputOverridesAttribute) {
  const std::vector<float> x = {0, 7, 3, 5, 1};
  const std::vector<int64_t> k = {3};
  TopKArgs a;
  a.k = 1;
  a.k_tensor = &k;
  const auto r = RunTopK("top_k", {5}, x, a);
  EXPECT_EQ(r.dims, DDim({3}));
  ExpectAllNear(r.values, {7, 5, 3}, 0.f);
  EXPECT_EQ(r.indices, (std::vector<int64_t>{1, 3, 2}));

  OpRunner runner("top_k_v2");  // int32 K, and a K that changes between runs
  runner.SetInput("X", "x", DDim({5}), x);
  Tensor* kt = SetTypedInput<int32_t>(&runner, "K", "k", DDim({1}), {2});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.SetOutput("Indices", "indices");
  runner.Run();
  ExpectAllNear(ToVector(*out), {7, 5}, 0.f);
  kt->mutable_data<int32_t>()[0] = 4;
  runner.Run();
  ExpectAllNear(ToVector(*out), {7, 5, 3, 1}, 0.f);
}

TEST(TopK, NanCountsAsLargest) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  TopKArgs a;
  a.k = 2;
  auto r = RunTopK("top_k_v2", {4}, {1, nan, 3, 2}, a);
  EXPECT_TRUE(std::isnan(r.values[0]));
  EXPECT_EQ(r.values[1], 3.f);
  EXPECT_EQ(r.indices, (std::vector<int64_t>{1, 2}));
  a.largest = false;
  r = RunTopK("top_k_v2", {4}, {1, nan, 3, 2}, a);
  ExpectAllNear(r.values, {1, 2}, 0.f);
}

template <typename T>
void ExpectIntegerTopK(PrecisionType precision) {
  OpRunner runner("top_k_v2");
  const T big = std::numeric_limits<T>::max();
  SetTypedInput<T>(&runner, "X", "x", DDim({2, 3}), {big, T(big - 1), 5, -1, -8, -1});
  Tensor* out = runner.SetOutput("Out", "out");
  Tensor* indices = runner.SetOutput("Indices", "indices");
  runner.desc().SetAttr<int32_t>("k", 2);
  runner.desc().SetAttr<bool>("largest", false);
  runner.Run(Place(TargetType::kHost, precision, DataLayoutType::kNCHW));
  EXPECT_EQ(out->precision(), precision);
  EXPECT_EQ(TypedValues<T>(*out), (std::vector<T>{5, T(big - 1), -8, -1}));
  EXPECT_EQ(TypedValues<int64_t>(*indices), (std::vector<int64_t>{2, 1, 1, 0}));
}

TEST(TopK, IntegerInputs) {
  ExpectIntegerTopK<int32_t>(PrecisionType::kInt32);
  ExpectIntegerTopK<int64_t>(PrecisionType::kInt64);
}

TEST(TopKErrors, AtLoadAndRun) {
  const auto make = [](OpRunner* r, int k, int axis) {
    r->SetInput("X", "x", DDim({2, 3}), {1, 2, 3, 4, 5, 6});
    r->SetOutput("Out", "out");
    r->SetOutput("Indices", "indices");
    r->desc().SetAttr<int32_t>("k", k);
    r->desc().SetAttr<int32_t>("axis", axis);
  };
  {
    OpRunner r("top_k_v2");
    make(&r, 0, -1);
    EXPECT_PLITE_ERROR(r.InferShapeOnly(), "op 'top_k_v2': attribute 'k' = 0");
  }
  {
    OpRunner r("top_k_v2");
    make(&r, 4, -1);
    EXPECT_PLITE_ERROR(r.InferShapeOnly(), "op 'top_k_v2': k = 4 must lie in [1, 3]");
  }
  {
    OpRunner r("top_k_v2");
    make(&r, 1, 2);
    EXPECT_PLITE_ERROR(r.InferShapeOnly(), "op 'top_k_v2': axis 2 is out of range");
  }
  {
    OpRunner r("top_k_v2");
    make(&r, 1, -1);
    r.desc().SetAttr<std::string>("largest", "yes");
    EXPECT_PLITE_ERROR(r.InferShapeOnly(), "largest");
  }
  {
    OpRunner r("top_k");
    make(&r, 1, -1);
    SetTypedInput<int64_t>(&r, "K", "k", DDim({2}), {1, 2});
    EXPECT_PLITE_ERROR(r.InferShapeOnly(), "op 'top_k': input K must hold one value");
  }
  {
    OpRunner r("top_k");
    make(&r, 1, -1);
    r.SetInput("K", "k", DDim({1}), {2.f});
    EXPECT_PLITE_ERROR(r.InferShapeOnly(), "op 'top_k': input 'K' must hold int32 or int64");
  }
  {
    OpRunner r("top_k");
    make(&r, 1, -1);
    SetTypedInput<int32_t>(&r, "K", "k", DDim({1}), {9});
    EXPECT_PLITE_ERROR(r.InferShapeOnly(), "op 'top_k': k = 9 must lie in [1, 3]");
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
