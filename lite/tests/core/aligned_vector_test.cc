// AlignedVector (lite/utils/aligned_vector.h): storage on a 64-byte boundary whatever the
// size, after growth and in copies; the contents behave as a std::vector's.
#include "lite/utils/aligned_vector.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace paddle {
namespace lite {
namespace {

bool Aligned(const void* p) { return reinterpret_cast<uintptr_t>(p) % kVectorAlignment == 0; }

TEST(AlignedVector, StorageStartsOnA64ByteBoundary) {
  for (size_t n : {1, 3, 15, 16, 17, 1000, 100000}) {
    AlignedVector<float> v(n, 1.5f);
    EXPECT_TRUE(Aligned(v.data())) << n;
    v.resize(3 * n + 1, 2.f);  // reallocates
    EXPECT_TRUE(Aligned(v.data())) << n;
    EXPECT_EQ(v.front(), 1.5f);
    EXPECT_EQ(v.back(), 2.f);
    const AlignedVector<float> copy = v;
    EXPECT_TRUE(Aligned(copy.data())) << n;
    EXPECT_EQ(copy, v);
  }
  AlignedVector<double> d(5);
  EXPECT_TRUE(Aligned(d.data()));
}

}  // namespace
}  // namespace lite
}  // namespace paddle
