// transpose / transpose2: all 24 permutations of a 4-D input (incl. identity) and odd
// shapes against a naive reference; the model's [N, M, C] -> [N, C, M]; bad permutations.
#include <algorithm>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
// out[o] for every output multi-index o equals x at the index with in[perm[k]] = o[k].
std::vector<float> NaiveTranspose(const std::vector<float>& x, const std::vector<int64_t>& dims,
                                  const std::vector<int>& perm) {
  const size_t rank = dims.size();
  std::vector<int64_t> out_dims(rank);
  for (size_t k = 0; k < rank; ++k) out_dims[k] = dims[perm[k]];
  const std::vector<int64_t> in_st = Strides(dims);
  const std::vector<int64_t> out_st = Strides(out_dims);
  std::vector<float> out(x.size());
  for (int64_t o = 0; o < static_cast<int64_t>(x.size()); ++o) {
    int64_t in_offset = 0;
    for (size_t k = 0; k < rank; ++k) {
      const int64_t coord = (o / out_st[k]) % out_dims[k];
      in_offset += coord * in_st[perm[k]];
    }
    out[o] = x[in_offset];
  }
  return out;
}

std::unique_ptr<OpRunner> TransposeRunner(const std::string& type,
                                          const std::vector<int64_t>& dims,
                                          const std::vector<float>& x,
                                          const std::vector<int>& perm) {
  auto r = std::make_unique<OpRunner>(type);
  r->SetInput("X", "x", DDim(dims), x);
  r->SetOutput("Out", "out");
  if (type == "transpose2") r->SetOutput("XShape", "xshape");
  r->desc().SetAttr("axis", perm);
  return r;
}

void CheckAllPermutations(const std::string& type, const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  const std::vector<float> x = RandomVector(n, -1.f, 1.f, 11);
  std::vector<int> perm(dims.size());
  for (size_t i = 0; i < perm.size(); ++i) perm[i] = static_cast<int>(i);
  int count = 0;
  do {
    auto r = TransposeRunner(type, dims, x, perm);
    r->Run();
    std::vector<int64_t> out_dims;
    for (int p : perm) out_dims.push_back(dims[p]);
    EXPECT_EQ(r->Var("out")->dims(), DDim(out_dims));
    ExpectAllNear(ToVector(*r->Var("out")), NaiveTranspose(x, dims, perm), 0.f);
    ++count;
  } while (std::next_permutation(perm.begin(), perm.end()));
  EXPECT_EQ(count, 24);
}
}  // namespace

TEST(Transpose, HandChecked2D) {
  auto r = TransposeRunner("transpose", {2, 3}, Iota(6), {1, 0});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({3, 2}));
  ExpectAllNear(ToVector(*r->Var("out")), {0, 3, 1, 4, 2, 5}, 0.f);
}

TEST(Transpose, Every4DPermutation) {
  CheckAllPermutations("transpose2", {2, 3, 4, 5});
  CheckAllPermutations("transpose", {3, 1, 5, 7});  // odd sizes and a unit dim
}

TEST(Transpose, ScoresLayoutOfTheDetector) {
  // yolo_box Scores [N, boxes, classes] -> [N, classes, boxes] before NMS.
  const std::vector<int64_t> dims = {2, 75, 13};
  const std::vector<float> x = RandomVector(2 * 75 * 13, 0.f, 1.f, 5);
  auto r = TransposeRunner("transpose2", dims, x, {0, 2, 1});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 13, 75}));
  ExpectAllNear(ToVector(*r->Var("out")), NaiveTranspose(x, dims, {0, 2, 1}), 0.f);
}

TEST(Transpose, NegativeAxesCountFromTheEnd) {
  auto r = TransposeRunner("transpose2", {2, 3, 4}, Iota(24), {0, -1, -2});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 4, 3}));
  ExpectAllNear(ToVector(*r->Var("out")), NaiveTranspose(Iota(24), {2, 3, 4}, {0, 2, 1}), 0.f);
}

TEST(Transpose, RepeatedAxisIsRejectedAtLoad) {
  auto r = TransposeRunner("transpose2", {2, 3, 4}, Iota(24), {0, 1, 1});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "is not a permutation: dim 1 appears twice");
}

TEST(Transpose, AxisOutOfRangeIsRejectedAtLoad) {
  auto r = TransposeRunner("transpose", {2, 3, 4}, Iota(24), {0, 1, 3});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "is not a permutation: 3 is out of range");
}

TEST(Transpose, PermutationOfAnotherRankIsAnError) {
  auto r = TransposeRunner("transpose2", {2, 3, 4}, Iota(24), {1, 0});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "has 2 entries but X [2, 3, 4] has rank 3");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
