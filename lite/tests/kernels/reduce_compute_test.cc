// reduce_sum/mean/max/min/prod against a naive reference that, for each output element,
// scans every input element whose kept coordinates match; hand-worked cases, dim lists
// (negative, empty, reduce_all), keep_dim, int32/int64 kernels and load-time errors.
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct ReduceArgs {
  std::vector<int> dim;
  bool keep_dim = false;
  bool reduce_all = false;
  bool set_dim = true;  // false: leave `dim` out (Paddle's default is [0])
};

void SetReduceAttrs(OpRunner* runner, const ReduceArgs& a) {
  if (a.set_dim) runner->desc().SetAttr<std::vector<int32_t>>("dim", a.dim);
  runner->desc().SetAttr<bool>("keep_dim", a.keep_dim);
  runner->desc().SetAttr<bool>("reduce_all", a.reduce_all);
}

Tensor* RunReduce(OpRunner* runner, const std::vector<int64_t>& dims,
                  const std::vector<float>& x, const ReduceArgs& a) {
  runner->SetInput("X", "x", DDim(dims), x);
  Tensor* out = runner->SetOutput("Out", "out");
  SetReduceAttrs(runner, a);
  runner->Run();
  return out;
}

// The reference: output coordinates are the input's with reduced dims at 0 (keep_dim
// shape); each output folds the input elements that agree with it on every kept dim.
std::vector<double> Reference(const std::vector<int64_t>& dims, const std::vector<float>& x,
                              const std::vector<bool>& reduced, const std::string& type) {
  const std::vector<int64_t> strides = Strides(dims);
  std::vector<double> result;
  for (size_t o = 0; o < x.size(); ++o) {
    bool is_output = true;  // coordinates of a representative: 0 on every reduced dim
    for (size_t d = 0; d < dims.size(); ++d) {
      if (reduced[d] && (static_cast<int64_t>(o) / strides[d]) % dims[d] != 0) is_output = false;
    }
    if (!is_output) continue;
    std::vector<double> vals;
    for (size_t i = 0; i < x.size(); ++i) {
      bool same = true;
      for (size_t d = 0; d < dims.size(); ++d) {
        const int64_t ci = (static_cast<int64_t>(i) / strides[d]) % dims[d];
        const int64_t co = (static_cast<int64_t>(o) / strides[d]) % dims[d];
        if (!reduced[d] && ci != co) same = false;
      }
      if (same) vals.push_back(x[i]);
    }
    double r = type == "reduce_prod" ? 1 : 0;
    if (type == "reduce_max" || type == "reduce_min") r = vals[0];
    for (double v : vals) {
      if (type == "reduce_sum" || type == "reduce_mean") r += v;
      if (type == "reduce_prod") r *= v;
      if (type == "reduce_max") r = std::max(r, v);
      if (type == "reduce_min") r = std::min(r, v);
    }
    if (type == "reduce_mean") r /= static_cast<double>(vals.size());
    result.push_back(r);
  }
  return result;
}

const std::vector<std::string> kTypes = {"reduce_sum", "reduce_mean", "reduce_max",
                                         "reduce_min", "reduce_prod"};

TEST(Reduce, HandWorked) {
  // [[1, 2, 3], [4, 5, 6]]
  const std::vector<float> x = {1, 2, 3, 4, 5, 6};
  const auto run = [&](const std::string& type, const ReduceArgs& a) {
    OpRunner runner(type);
    Tensor* out = RunReduce(&runner, {2, 3}, x, a);
    return std::make_pair(out->dims(), ToVector(*out));
  };
  auto r = run("reduce_sum", {{1}});
  EXPECT_EQ(r.first, DDim({2}));
  ExpectAllNear(r.second, {6, 15}, 0.f);
  r = run("reduce_sum", {{0}, true});
  EXPECT_EQ(r.first, DDim({1, 3}));
  ExpectAllNear(r.second, {5, 7, 9}, 0.f);
  r = run("reduce_mean", {{-1}});
  ExpectAllNear(r.second, {2, 5}, 0.f);
  r = run("reduce_max", {{-2}});
  ExpectAllNear(r.second, {4, 5, 6}, 0.f);
  r = run("reduce_min", {{1}, true});
  EXPECT_EQ(r.first, DDim({2, 1}));
  ExpectAllNear(r.second, {1, 4}, 0.f);
  r = run("reduce_prod", {{0, 1}});
  EXPECT_EQ(r.first, DDim({1}));
  ExpectAllNear(r.second, {720}, 0.f);
  // empty dim list, reduce_all and an absent `dim` (Paddle's default [0])
  r = run("reduce_sum", {{}});
  EXPECT_EQ(r.first, DDim({1}));
  ExpectAllNear(r.second, {21}, 0.f);
  r = run("reduce_mean", {{1}, true, true});
  EXPECT_EQ(r.first, DDim({1, 1}));
  ExpectAllNear(r.second, {3.5f}, 0.f);
  ReduceArgs no_dim;
  no_dim.set_dim = false;
  r = run("reduce_max", no_dim);
  ExpectAllNear(r.second, {4, 5, 6}, 0.f);
}

TEST(Reduce, EveryDimSubsetAgainstReference) {
  const std::vector<int64_t> dims = {2, 3, 1, 5};
  const auto x = RandomVector(30, 0.5f, 1.5f, 17);  // near 1, so products stay tame
  uint32_t subsets = 1u << dims.size();
  for (const std::string& type : kTypes) {
    for (uint32_t mask = 1; mask < subsets; ++mask) {
      for (bool keep : {false, true}) {
        ReduceArgs a;
        a.keep_dim = keep;
        std::vector<bool> reduced(dims.size());
        std::vector<int64_t> want_dims;
        for (size_t d = 0; d < dims.size(); ++d) {
          reduced[d] = (mask >> d) & 1;
          // name every other axis by its negative alias
          if (reduced[d]) a.dim.push_back(d % 2 ? static_cast<int>(d) - 4 : static_cast<int>(d));
          if (!reduced[d]) want_dims.push_back(dims[d]);
          if (reduced[d] && keep) want_dims.push_back(1);
        }
        if (want_dims.empty()) want_dims.push_back(1);
        SCOPED_TRACE(type + " mask " + std::to_string(mask) + (keep ? " keep" : ""));
        OpRunner runner(type);
        Tensor* out = RunReduce(&runner, dims, x, a);
        EXPECT_EQ(out->dims(), DDim(want_dims));
        std::vector<float> want;
        for (double v : Reference(dims, x, reduced, type)) want.push_back(static_cast<float>(v));
        ExpectAllNear(ToVector(*out), want, 1e-6f, 1e-6f);
      }
    }
  }
}

template <typename T>
void ExpectIntegerReduce(PrecisionType precision) {
  const Place place(TargetType::kHost, precision, DataLayoutType::kNCHW);
  const auto run = [&](const std::string& type, const std::vector<T>& x, int dim) {
    OpRunner runner(type);
    SetTypedInput<T>(&runner, "X", "x", DDim({2, 3}), x);
    Tensor* out = runner.SetOutput("Out", "out");
    SetReduceAttrs(&runner, {{dim}});
    runner.Run(place);
    EXPECT_EQ(out->precision(), precision);
    return TypedValues<T>(*out);
  };
  const std::vector<T> x = {3, -7, 2, 10, 0, -5};
  EXPECT_EQ(run("reduce_sum", x, 1), (std::vector<T>{-2, 5}));
  EXPECT_EQ(run("reduce_max", x, 0), (std::vector<T>{10, 0, 2}));
  EXPECT_EQ(run("reduce_min", x, 0), (std::vector<T>{3, -7, -5}));
  EXPECT_EQ(run("reduce_prod", x, 1), (std::vector<T>{-42, 0}));
  const T max = std::numeric_limits<T>::max();
  EXPECT_EQ(run("reduce_sum", {max, 1, 0, 0, 0, 0}, 1)[0], std::numeric_limits<T>::min());
}

TEST(Reduce, IntegerKernels) {
  ExpectIntegerReduce<int32_t>(PrecisionType::kInt32);
  ExpectIntegerReduce<int64_t>(PrecisionType::kInt64);
}

TEST(Reduce, EmptyReductions) {
  OpRunner sum("reduce_sum");
  Tensor* out = RunReduce(&sum, {2, 0}, {}, {{1}});
  ExpectAllNear(ToVector(*out), {0, 0}, 0.f);
  OpRunner prod("reduce_prod");
  out = RunReduce(&prod, {2, 0}, {}, {{1}});
  ExpectAllNear(ToVector(*out), {1, 1}, 0.f);
  OpRunner max("reduce_max");
  EXPECT_PLITE_ERROR(RunReduce(&max, {2, 0}, {}, {{1}}), "op 'reduce_max': the reduced dims");
}

TEST(ReduceErrors, AtLoad) {
  const auto expect = [](const std::string& type, const std::function<void(cpp::OpDesc*)>& set,
                         const std::string& needle) {
    SCOPED_TRACE(needle);
    OpRunner runner(type);
    runner.SetInput("X", "x", DDim({2, 3}), {1, 2, 3, 4, 5, 6});
    runner.SetOutput("Out", "out");
    set(&runner.desc());
    EXPECT_PLITE_ERROR(runner.InferShapeOnly(), needle);
  };
  expect("reduce_sum", [](cpp::OpDesc* d) { d->SetAttr<std::vector<int32_t>>("dim", {2}); },
         "op 'reduce_sum': attribute 'dim' holds 2, out of range");
  expect("reduce_mean", [](cpp::OpDesc* d) { d->SetAttr<std::vector<int32_t>>("dim", {-3}); },
         "op 'reduce_mean': attribute 'dim' holds -3");
  expect("reduce_max", [](cpp::OpDesc* d) { d->SetAttr<std::vector<int32_t>>("dim", {1, -1}); },
         "op 'reduce_max': attribute 'dim' names axis 1 twice");
  expect("reduce_min", [](cpp::OpDesc* d) { d->SetAttr<int32_t>("out_dtype", 6); },
         "op 'reduce_min': attribute 'out_dtype' = 6 is not supported");
  expect("reduce_prod", [](cpp::OpDesc* d) { d->SetAttr<int32_t>("in_dtype", 0); },
         "op 'reduce_prod': attribute 'in_dtype' = 0");
  expect("reduce_sum", [](cpp::OpDesc* d) { d->SetAttr<std::string>("keep_dim", "yes"); },
         "keep_dim");
}

TEST(ReduceErrors, DtypeOtherThanXsIsRefused) {
  OpRunner runner("reduce_sum");
  runner.SetInput("X", "x", DDim({2}), {1, 2});
  runner.SetOutput("Out", "out");
  runner.desc().SetAttr<int32_t>("out_dtype", 3);
  EXPECT_PLITE_ERROR(runner.Run(), "op 'reduce_sum': dtype 3 differs from X's");
  OpRunner same("reduce_sum");  // naming X's own type is fine
  same.SetInput("X", "x", DDim({2}), {1, 2});
  Tensor* out = same.SetOutput("Out", "out");
  same.desc().SetAttr<int32_t>("out_dtype", 5);
  same.Run();
  ExpectAllNear(ToVector(*out), {3}, 0.f);  // `dim` defaults to [0]
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
