// transpose / transpose2 and slice x86 kernels against the host kernels (the reference):
// exact (both copy). Every permutation of ranks 1..5 on odd sizes with 1-dims, negative
// axes, big tensors split over a 2-thread pool; slices of every axis with negative,
// clamped and full bounds, decrease_axis, several axes at once.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "lite/kernels/x86/copy_threads.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

using CopyOpsX86 = X86KernelTest;

// `desc` on X = `dims` random values -> Out (other outputs `desc` binds are not compared).
OpCase CopyCase(const cpp::OpDesc& desc, const std::string& in_param, const DDim& dims) {
  OpCase c(desc.Type());
  c.desc() = desc;
  c.Input(in_param, "x", dims, RandomVector(dims.production(), -1.f, 1.f, 7));
  c.Output("Out", "out");
  return c;
}

// Exact (both copy), on one thread and on a 2-thread pool.
void ExpectSameAsHost(const cpp::OpDesc& desc, const std::string& in_param, const DDim& dims) {
  const OpCase c = CopyCase(desc, in_param, dims);
  for (int threads : {1, 2}) {
    SCOPED_TRACE(StrCat("threads=", threads));
    ExpectX86MatchesHost(c, Tolerance{}, threads);
  }
}

cpp::OpDesc TransposeDesc(const std::string& type, const std::vector<int32_t>& axis) {
  cpp::OpDesc d(type);
  d.SetAttr<std::vector<int32_t>>("axis", axis);
  if (type == "transpose2") d.SetOutput("XShape", {"xshape"});
  return d;
}

TEST_F(CopyOpsX86, TransposeAreRegisteredWithTheCpuRequirement) {
  for (const char* op : {"transpose", "transpose2", "slice"}) ExpectX86KernelRequiresAvx2Fma(op);
}

TEST_F(CopyOpsX86, TransposeEveryPermutationMatchesHost) {
  const std::vector<std::vector<int64_t>> shapes = {
      {7}, {5, 3}, {1, 9}, {3, 1, 4}, {2, 5, 7}, {2, 3, 1, 5}, {3, 4, 5, 6}, {1, 2, 3, 5, 7},
      {2, 3, 2, 1, 5}, {17, 33}, {3, 19, 23},
  };
  for (const auto& shape : shapes) {
    std::vector<int32_t> axis(shape.size());
    std::iota(axis.begin(), axis.end(), 0);
    do {
      SCOPED_TRACE(StrCat("dims", shape, " axis", axis));
      ExpectSameAsHost(TransposeDesc("transpose2", axis), "X", DDim(shape));
    } while (std::next_permutation(axis.begin(), axis.end()));
  }
}

TEST_F(CopyOpsX86, TransposeCommonLayoutsAtSizeMatchHost) {
  ThreadPool pool(2);
  struct Case {
    std::vector<int64_t> dims;
    std::vector<int32_t> axis;
  };
  const std::vector<Case> cases = {
      {{1, 2, 58, 28, 28}, {0, 2, 1, 3, 4}},   // channel shuffle
      {{1, 2, 116, 56, 84}, {0, 2, 1, 3, 4}},  // the same, big enough to split
      {{1, 64, 57, 59}, {0, 2, 3, 1}},         // NCHW -> NHWC
      {{1, 64, 129, 131}, {0, 2, 3, 1}},       // the same, big enough to split
      {{1, 57, 59, 64}, {0, 3, 1, 2}},         // NHWC -> NCHW
      {{2, 3, 130, 129}, {0, 1, -1, -2}},      // last two swapped, negative axes
      {{1031, 1030}, {1, 0}},                  // big enough to split
  };
  for (const Case& c : cases) {
    for (const char* type : {"transpose", "transpose2"}) {
      SCOPED_TRACE(StrCat(type, " dims", c.dims, " axis", c.axis));
      ExpectSameAsHost(TransposeDesc(type, c.axis), "X", DDim(c.dims));
    }
  }
  KernelContext ctx;
  ctx.pool = &pool;
  for (int64_t numel : {1 * 2 * 116 * 56 * 84, 1 * 64 * 129 * 131, 1031 * 1030}) {
    EXPECT_EQ(kernels::x86::CopyThreads(ctx, 2 * 4 * numel, 1000), 2) << numel;
  }
}

cpp::OpDesc SliceDesc(const std::vector<int32_t>& axes, const std::vector<int64_t>& starts,
                      const std::vector<int64_t>& ends,
                      const std::vector<int32_t>& decrease = {}) {
  cpp::OpDesc d("slice");
  d.SetAttr<std::vector<int32_t>>("axes", axes);
  d.SetAttr<std::vector<int64_t>>("starts", starts);
  d.SetAttr<std::vector<int64_t>>("ends", ends);
  if (!decrease.empty()) d.SetAttr<std::vector<int32_t>>("decrease_axis", decrease);
  return d;
}

TEST_F(CopyOpsX86, SliceEveryAxisMatchesHost) {
  const DDim dims({3, 5, 7, 9});
  for (int axis = -4; axis < 4; ++axis) {
    const int64_t n = dims[axis < 0 ? axis + 4 : axis];
    const std::vector<std::pair<int64_t, int64_t>> bounds = {
        {0, n}, {1, n - 1}, {-2, n}, {0, 1}, {n - 1, 100}, {-100, 2}, {2, -1}};
    for (const auto& [s, e] : bounds) {
      SCOPED_TRACE(StrCat("axis ", axis, " [", s, ", ", e, ")"));
      ExpectSameAsHost(SliceDesc({axis}, {s}, {e}), "Input", dims);
    }
  }
}

TEST_F(CopyOpsX86, SliceSeveralAxesDecreaseAndBigRegionsMatchHost) {
  ThreadPool pool(2);
  ExpectSameAsHost(SliceDesc({1, 3}, {1, -4}, {4, 100}), "Input", DDim({3, 5, 7, 9}));
  ExpectSameAsHost(SliceDesc({0, 2}, {1, 0}, {2, 7}, {0}), "Input", DDim({3, 5, 7, 9}));
  ExpectSameAsHost(SliceDesc({2}, {3}, {4}, {2}), "Input", DDim({3, 5, 7, 9}));
  ExpectSameAsHost(SliceDesc({0, 1, 2}, {0, 1, 2}, {1, 2, 3}), "Input", DDim({2, 3, 4}));
  ExpectSameAsHost(SliceDesc({0}, {2}, {5}), "Input", DDim({7}));
  // Big enough to split (> 2 x kMinBytesPerThread moved): channels of feature maps, and
  // columns of a tall matrix.
  ExpectSameAsHost(SliceDesc({1}, {13}, {101}), "Input", DDim({4, 128, 65, 67}));
  ExpectSameAsHost(SliceDesc({1}, {3}, {-5}), "Input", DDim({5000, 257}));
  KernelContext ctx;
  ctx.pool = &pool;
  EXPECT_EQ(kernels::x86::CopyThreads(ctx, 2 * 4 * 4 * 88 * 65 * 67, 4 * 88), 2);
  EXPECT_EQ(kernels::x86::CopyThreads(ctx, 2 * 4 * 5000 * 249, 5000), 2);
}

TEST_F(CopyOpsX86, BadAttributesAreErrors) {
  ExpectErrorContaining(
      [] { KernelRun(CopyCase(TransposeDesc("transpose2", {0, 0, 1}), "X", DDim({2, 3, 4})), kX86Place).Run(); },
      "not a permutation");
  ExpectErrorContaining(
      [] { KernelRun(CopyCase(SliceDesc({5}, {0}, {1}), "Input", DDim({2, 3})), kX86Place).Run(); },
      "slice");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
