#include <gtest/gtest.h>

#include <cmath>

#include "lite/core/tensor.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {

TEST(DDim, ProductionCountSliceFlatten) {
  DDim d({2, 3, 4, 5});
  EXPECT_EQ(d.production(), 120);
  EXPECT_EQ(d.count(1, 3), 12);
  EXPECT_EQ(d.Slice(1, 3), DDim({3, 4}));
  EXPECT_EQ(d.Flatten2D(2), DDim({6, 20}));
  EXPECT_EQ(DDim().production(), 1);  // 0-D tensor holds one element
  EXPECT_EQ(d.repr(), "[2, 3, 4, 5]");
}

TEST(DDim, ProductThatOverflowsIsAnErrorNamingTheDims) {
  const int64_t big = int64_t{1} << 40;  // 2^40 x 2^40 = 2^80 elements
  test::ExpectErrorContaining([&] { DDim({big, big, 1, 1}).production(); },
                              "dims [1099511627776, 1099511627776, 1, 1]");
  test::ExpectErrorContaining([&] { DDim({1, big, big}).count(1, 3); }, "64-bit count");
  // 2^31 x 2^31 = 2^62 still fits.
  EXPECT_EQ(DDim({int64_t{1} << 31, int64_t{1} << 31}).production(), int64_t{1} << 62);
}

TEST(Tensor, ResizeRefusesAnOverflowingShapeAndKeepsItsDims) {
  Tensor t;
  t.Resize({2, 3});
  const int64_t big = int64_t{1} << 40;
  test::ExpectErrorContaining([&] { t.Resize({big, big, 1, 1}); },
                              "dims [1099511627776, 1099511627776, 1, 1]");
  EXPECT_EQ(t.dims(), DDim({2, 3}));
  EXPECT_EQ(t.numel(), 6);
  EXPECT_NE(t.mutable_data<float>(), nullptr);
}

TEST(Tensor, AllocationBeyondTheMachineIsAnErrorNamingTheDims) {
  Tensor t;
  // 2^61 elements fit in numel, but 2^61 x 8 bytes is 2^64: the byte size overflows.
  t.Resize({int64_t{1} << 61});
  test::ExpectErrorContaining([&] { t.mutable_data<double>(); }, "overflows a byte size");
  // 2^60 floats (4 EiB) fit in a size, but in no machine.
  t.Resize({int64_t{1} << 30, int64_t{1} << 30});
  test::ExpectErrorContaining([&] { t.mutable_data<float>(); },
                              "cannot allocate 4611686018427387904 bytes for tensor "
                              "[1073741824, 1073741824]");
  t.Resize({-1, 3});
  test::ExpectErrorContaining([&] { t.mutable_data<float>(); }, "unresolved dims");
  t.Resize({4});  // the tensor is still usable
  float* data = t.mutable_data<float>();
  data[3] = 1.5f;
  EXPECT_EQ(t.data<float>()[3], 1.5f);
}

TEST(Scratch, SizeBeyondTheMachineNamesTheOpAndBytes) {
  AlignedVector<float> scratch;
  test::ExpectErrorContaining(
      [&] { ResizeScratch(&scratch, size_t{1} << 60, "conv2d", "im2col"); },
      "conv2d: cannot allocate 4611686018427387904 bytes of scratch (im2col)");
  test::ExpectErrorContaining(
      [&] { ResizeScratch(&scratch, SIZE_MAX / 2, "matmul", "transposed operands"); },
      "matmul: scratch (transposed operands)");
  ResizeScratch(&scratch, 16, "conv2d", "im2col");
  EXPECT_EQ(scratch.size(), 16u);
}

TEST(Tensor, TypedAllocationSetsPrecisionAndChecksReads) {
  Tensor t;
  t.Resize({2, 3});
  int64_t* p = t.mutable_data<int64_t>();
  p[5] = 42;
  EXPECT_EQ(t.precision(), PrecisionType::kInt64);
  EXPECT_EQ(t.memory_size(), 6 * sizeof(int64_t));
  EXPECT_EQ(t.data<int64_t>()[5], 42);
  EXPECT_THROW(t.data<float>(), PaddleLiteException);
}

// A kernel handed a tensor no op wrote, or one resized past what was written, gets an error
// instead of a null or short buffer.
TEST(Tensor, ReadsNeedMemoryForEveryElement) {
  Tensor never_written;
  never_written.Resize({2, 3});
  EXPECT_THROW(never_written.data<float>(), PaddleLiteException);
  EXPECT_THROW(never_written.raw_data(), PaddleLiteException);

  Tensor grown;
  grown.Resize({2, 3});
  grown.mutable_data<float>();
  grown.Resize({4, 3});
  EXPECT_THROW(grown.data<float>(), PaddleLiteException);
  grown.Resize({3, 2});  // the same count fits again
  EXPECT_NO_THROW(grown.data<float>());

  Tensor unresolved;
  unresolved.Resize({-1, 3});
  EXPECT_THROW(unresolved.data<float>(), PaddleLiteException);

  Tensor empty;
  empty.Resize({0, 3});
  EXPECT_NO_THROW(empty.data<float>());
}

TEST(Tensor, ShareViewsAndCopyDetaches) {
  Tensor a;
  a.Resize({4});
  float* pa = a.mutable_data<float>();
  for (int i = 0; i < 4; ++i) pa[i] = static_cast<float>(i);
  Tensor view;
  view.ShareDataWith(a);
  EXPECT_EQ(view.data<float>(), pa);
  Tensor copy;
  copy.CopyDataFrom(a);
  EXPECT_NE(copy.data<float>(), pa);
  EXPECT_EQ(copy.data<float>()[3], 3.f);
  // Writing through a view's mutable_data must not clobber the shared block.
  float* pv = view.mutable_data<float>();
  EXPECT_NE(pv, pa);
}

TEST(Tensor, OwnerKeepsItsBlockWhileViewed) {
  Tensor owner;
  owner.Resize({4});
  float* p = owner.mutable_data<float>();
  Tensor view;
  view.ShareDataWith(owner);
  // An app rewriting its input between runs keeps the same block, and the view sees it.
  EXPECT_EQ(owner.mutable_data<float>(), p);
  p[2] = 7.f;
  EXPECT_EQ(view.data<float>()[2], 7.f);
}

TEST(Tensor, ExternalMemoryIsNotFreedOrReused) {
  float external[3] = {1.f, 2.f, 3.f};
  Tensor t;
  t.Resize({3});
  t.ShareExternalMemory(external, sizeof(external), TargetType::kHost);
  t.set_precision(PrecisionType::kFloat);
  EXPECT_EQ(t.data<float>(), external);
  EXPECT_NE(t.mutable_data<float>(), external);
}

TEST(Float16, RoundTripsAndRounds) {
  for (float f : {0.f, 1.f, -2.5f, 65504.f, 6.1035156e-05f, 5.9604645e-08f}) {
    EXPECT_EQ(HalfToFloat(FloatToHalf(f)), f) << f;
  }
  EXPECT_EQ(FloatToHalf(1.f + 1.f / 4096).bits, FloatToHalf(1.f).bits);  // ties to even
  EXPECT_TRUE(std::isinf(HalfToFloat(FloatToHalf(1e6f))));
}

}  // namespace lite
}  // namespace paddle
