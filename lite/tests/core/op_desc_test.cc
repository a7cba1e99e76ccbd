#include <gtest/gtest.h>

#include "lite/core/program_desc.h"

namespace paddle {
namespace lite {

TEST(OpDesc, AttributeKindsThatMeanTheSameAreAccepted) {
  cpp::OpDesc op("dropout");
  op.SetAttr<int32_t>("is_test", 1);  // Fluid 1.x writes INT
  op.SetAttr<bool>("flag", true);
  op.SetAttr<int64_t>("big", 7);
  op.SetAttr<std::vector<int64_t>>("shape", {1, -1});
  op.SetAttr<double>("eps", 0.5);
  EXPECT_TRUE(op.GetAttr<bool>("is_test"));
  EXPECT_EQ(op.GetAttr<int32_t>("flag"), 1);
  EXPECT_EQ(op.GetAttr<int32_t>("big"), 7);
  EXPECT_EQ(op.GetAttr<std::vector<int32_t>>("shape"), (std::vector<int32_t>{1, -1}));
  EXPECT_FLOAT_EQ(op.GetAttr<float>("eps"), 0.5f);
  EXPECT_EQ(op.GetAttrOr<float>("missing", 2.f), 2.f);
}

TEST(OpDesc, WrongOrMissingAttributeNamesOpAndAttribute) {
  cpp::OpDesc op("conv2d");
  op.SetAttr<std::string>("padding_algorithm", "SAME");
  try {
    op.GetAttr<std::vector<int32_t>>("padding_algorithm");
    FAIL();
  } catch (const PaddleLiteException& e) {
    EXPECT_STREQ(e.what(),
                 "op 'conv2d': attribute 'padding_algorithm' has type STRING, expected INTS");
  }
  try {
    op.GetAttr<int32_t>("groups");
    FAIL();
  } catch (const PaddleLiteException& e) {
    EXPECT_STREQ(e.what(), "op 'conv2d': missing attribute 'groups'");
  }
  op.SetAttr<int64_t>("huge", int64_t{1} << 40);
  EXPECT_THROW(op.GetAttr<int32_t>("huge"), PaddleLiteException);
}

TEST(OpDesc, ArgumentsAndAbsentParameters) {
  cpp::OpDesc op("concat");
  op.SetInput("X", {"a", "b"});
  op.SetOutput("Out", {"c"});
  EXPECT_TRUE(op.HasInput("X"));
  EXPECT_FALSE(op.HasInput("AxisTensor"));
  EXPECT_TRUE(op.Input("AxisTensor").empty());
  EXPECT_EQ(op.InputArgumentNames(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(op.OutputArgumentNames(), (std::vector<std::string>{"c"}));
}

}  // namespace lite
}  // namespace paddle
