// mul ARM kernel against the host kernel (the reference): x_num_col_dims / y_num_col_dims
// flattening, few rows (Gemv) and many (SGEMM) with odd K and N, threads, and a reused
// kernel whose row count moves between the two paths.
//
// Tolerance: both sum K products of |x|, |y| <= 1 in a different order:
// |arm - host| <= 4e-6 * K + 1e-5 * |host|. An indexing bug is off by O(0.1).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/arm/arm_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct MulCase {
  std::vector<int64_t> x, y;
  int x_num_col_dims{1}, y_num_col_dims{1};
};

OpCase MakeMul(const MulCase& p, uint32_t seed) {
  const DDim xd(p.x), yd(p.y);
  OpCase c("mul");
  c.Input("X", "x", xd, RandomVector(xd.production(), -1.f, 1.f, seed));
  c.Input("Y", "y", yd, RandomVector(yd.production(), -1.f, 1.f, seed + 1));
  c.Output("Out", "out");
  c.Attr<int32_t>("x_num_col_dims", p.x_num_col_dims);
  c.Attr<int32_t>("y_num_col_dims", p.y_num_col_dims);
  return c;
}

Tolerance MulTolerance(const MulCase& p) {
  const DDim xd(p.x);
  return {4e-6f * static_cast<float>(xd.count(p.x_num_col_dims, xd.size())), 1e-5f};
}

void CompareWithHost(const MulCase& p, uint32_t seed, int threads = 1) {
  SCOPED_TRACE(StrCat("x", p.x, " y", p.y, " x_num_col_dims=", p.x_num_col_dims,
                      " y_num_col_dims=", p.y_num_col_dims, " threads=", threads));
  ExpectArmMatchesHost(MakeMul(p, seed), MulTolerance(p), threads);
}

TEST(MulArm, RowsAndOddSizes) {
  uint32_t seed = 1;
  for (int64_t m : {1, 3, 4, 5, 9, 30}) {
    for (int64_t k : {1, 7, 40}) {
      for (int64_t n : {1, 5, 13, 37}) {
        CompareWithHost({{m, k}, {k, n}}, seed++);
      }
    }
  }
}

TEST(MulArm, FlatteningAtNumColDims) {
  uint32_t seed = 100;
  CompareWithHost({{2, 3, 4, 5}, {60, 7}}, seed++);           // NCHW feature map into a matrix
  CompareWithHost({{2, 3, 4, 5}, {20, 3}, 2, 1}, seed++);     // keep two leading dims
  CompareWithHost({{2, 3, 4, 5}, {4, 5, 3, 1}, 2, 2}, seed++);
  CompareWithHost({{3, 5}, {5, 2, 3}}, seed++);               // Y keeps its trailing dims
  CompareWithHost({{5, 1, 1}, {1, 3}}, seed++);
}

TEST(MulArm, LargerProductsOverThreads) {
  CompareWithHost({{2, 300}, {300, 500}}, 200, 2);   // Gemv, columns split
  CompareWithHost({{70, 130}, {130, 90}}, 201, 2);   // SGEMM
  CompareWithHost({{10, 4, 30}, {120, 40}}, 202, 3);
}

TEST(MulArm, RowCountChangesBetweenRuns) {
  const MulCase p{{1, 23}, {23, 19}};
  ExpectKernelFollowsInputShapes(MakeMul(p, 300), kArmPlace, "x",
                                 {DDim({1, 23}), DDim({9, 23}), DDim({4, 23}), DDim({33, 23})},
                                 -1.f, 1.f, 301, MulTolerance(p), 2);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
