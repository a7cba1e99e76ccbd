// StrCat prints each value as an std::ostream does (the reference: an ostringstream here).
#include "lite/utils/string.h"

#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "lite/core/ddim.h"

namespace paddle {
namespace lite {
namespace {

template <typename T>
std::string Streamed(const T& value) {
  std::ostringstream os;
  os << value;
  return os.str();
}

enum Plain { kZero, kOne, kSeven = 7 };

TEST(StrCat, NumbersPrintAsAnOstreamPrintsThem) {
  for (double v :
       {0.0, -0.0, 1.0, 0.1, -2.5, 1e-5, 123456.0, 1234567.0, 3.14159265358979, 1e300,
        std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}) {
    EXPECT_EQ(StrCat(v), Streamed(v)) << v;
    EXPECT_EQ(StrCat(static_cast<float>(v)), Streamed(static_cast<float>(v))) << v;
  }
  EXPECT_EQ(StrCat(std::numeric_limits<double>::quiet_NaN()),
            Streamed(std::numeric_limits<double>::quiet_NaN()));
  for (long long v : {0LL, -1LL, 42LL, LLONG_MIN, LLONG_MAX}) EXPECT_EQ(StrCat(v), Streamed(v));
  EXPECT_EQ(StrCat(ULLONG_MAX), Streamed(ULLONG_MAX));
  EXPECT_EQ(StrCat(int64_t{-9}, size_t{9}, int16_t{-3}, uint8_t{65}), "-99-3A");
  EXPECT_EQ(StrCat(true, false), Streamed(true) + Streamed(false));
  EXPECT_EQ(StrCat(kSeven, kZero), "70");
}

TEST(StrCat, TextVectorsAndStreamableTypes) {
  const std::string s = "str";
  const char* c = "chars";
  EXPECT_EQ(StrCat("a", s, 'x', c, ""), "astrxchars");
  EXPECT_EQ(StrCat(std::vector<int>{1, -2, 3}), "[1, -2, 3]");
  EXPECT_EQ(StrCat(std::vector<std::string>{"a", "b"}), "[a, b]");
  EXPECT_EQ(StrCat(std::vector<float>{}), "[]");
  EXPECT_EQ(StrCat(std::vector<double>{0.5, 1e-7}),
            "[" + Streamed(0.5) + ", " + Streamed(1e-7) + "]");
  const DDim dims(std::vector<int64_t>{2, 3});
  EXPECT_EQ(StrCat("dims ", dims), "dims " + Streamed(dims));
  EXPECT_EQ(StrCat(), "");
}

}  // namespace
}  // namespace lite
}  // namespace paddle
