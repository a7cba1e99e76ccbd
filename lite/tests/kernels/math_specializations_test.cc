// What the kernels' registrations say they run of the backend math's specializations
// (MathSpecializations rules, lite/utils/tailored_math.h), per op: the names opt records
// for a tailored build. Expected names written out by hand from each rule's cases.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "lite/core/kernel_op_view.h"
#include "lite/kernels/blocked/conv_rules.h"
#include "lite/kernels/host/direct_depthwise_conv.h"

namespace paddle {
namespace lite {
namespace {

// An op with a filter weight of `filter_dims` (none: the filter is not a weight) and attrs.
class FakeConv : public KernelOpView {
 public:
  explicit FakeConv(std::vector<int64_t> filter_dims) {
    desc_.SetType("conv2d");
    desc_.SetInput("Filter", {"w"});
    desc_.SetOutput("Output", {"out"});
    if (!filter_dims.empty()) {
      filter_.Resize(DDim(filter_dims));
      has_filter_ = true;
    }
  }
  FakeConv& Ints(const std::string& name, std::vector<int> value) {
    desc_.SetAttr(name, value);
    return *this;
  }
  FakeConv& Str(const std::string& name, const std::string& value) {
    desc_.SetAttr(name, value);
    return *this;
  }
  const cpp::OpDesc& desc() const override { return desc_; }
  const Tensor* Weight(const std::string& var) const override {
    return var == "w" && has_filter_ ? &filter_ : nullptr;
  }
  const cpp::VarDesc* FindVarDesc(const std::string&) const override { return nullptr; }
  size_t Rank(const std::string&) const override { return 4; }

 private:
  cpp::OpDesc desc_;
  Tensor filter_;
  bool has_filter_{false};
};

template <typename Rule>
std::vector<std::string> Names(Rule rule, const KernelOpView& op) {
  std::vector<std::string> names;
  rule(op, &names);
  return names;
}

using Strings = std::vector<std::string>;

TEST(MathSpecializations, BlockedConvolutionTiles) {
  using kernels::blocked::ConvMathSpecializations;
  const auto x86 = ConvMathSpecializations<true, true>;  // blocked input, Winograd
  const auto arm = ConvMathSpecializations<true>;
  const auto image = ConvMathSpecializations<false>;
  EXPECT_EQ(Names(x86, FakeConv({64, 32, 1, 1}).Ints("strides", {1, 1})),
            Strings{"nchwc_conv_pointwise"});
  EXPECT_EQ(Names(x86, FakeConv({64, 32, 1, 1}).Ints("paddings", {1, 1})),
            Strings{"nchwc_conv_blocked"});
  EXPECT_EQ(
      Names(x86,
            FakeConv({64, 32, 1, 1}).Ints("paddings", {1, 1}).Str("padding_algorithm", "SAME")),
      Strings{"nchwc_conv_pointwise"});
  EXPECT_EQ(Names(x86, FakeConv({64, 32, 1, 1}).Ints("strides", {2, 2})),
            Strings{"nchwc_conv_blocked"});
  EXPECT_EQ(Names(x86, FakeConv({64, 32, 3, 3}).Ints("strides", {1, 1})),
            (Strings{"nchwc_conv_blocked", "nchwc_conv_pointwise"}));
  EXPECT_EQ(Names(arm, FakeConv({64, 32, 3, 3}).Ints("strides", {1, 1})),
            Strings{"nchwc_conv_blocked"});
  EXPECT_EQ(Names(x86, FakeConv({64, 32, 3, 3}).Ints("strides", {2, 2})),
            Strings{"nchwc_conv_blocked"});
  EXPECT_EQ(Names(image, FakeConv({32, 3, 3, 3})), Strings{"nchwc_conv_image"});
  EXPECT_EQ(Names(x86, FakeConv({})), (Strings{"nchwc_conv_pointwise", "nchwc_conv_blocked"}));
}

TEST(MathSpecializations, BlockedDepthwiseTiles) {
  const auto rule = kernels::blocked::DepthwiseMathSpecializations;
  EXPECT_EQ(Names(rule, FakeConv({32, 1, 5, 5}).Ints("strides", {1, 1})),
            Strings{"nchwc_depthwise_k5_s1"});
  EXPECT_EQ(Names(rule, FakeConv({32, 1, 3, 3}).Ints("strides", {2, 2})),
            Strings{"nchwc_depthwise_k3_s2"});
  // Pixel-at-a-time shapes run no tiles.
  EXPECT_EQ(Names(rule, FakeConv({32, 1, 3, 3}).Ints("strides", {2, 1})), Strings{});
  EXPECT_EQ(Names(rule, FakeConv({32, 1, 7, 7})), Strings{});
  EXPECT_EQ(Names(rule, FakeConv({32, 1, 3, 3}).Ints("dilations", {2, 2})), Strings{});
  EXPECT_EQ(Names(rule, FakeConv({})).size(), 4u);
}

TEST(MathSpecializations, DirectDepthwisePlanes) {
  const auto rule = kernels::host::DirectDepthwiseSpecializations;
  EXPECT_EQ(Names(rule, FakeConv({32, 1, 3, 3}).Ints("strides", {2, 1})),
            Strings{"depthwise_plane_k3_s2x1"});
  EXPECT_EQ(Names(rule, FakeConv({32, 1, 5, 5}).Ints("strides", {2, 2})),
            Strings{"depthwise_plane_k5_s2"});
  EXPECT_EQ(Names(rule, FakeConv({32, 1, 3, 3})), Strings{"depthwise_plane_k3_s1"});
  EXPECT_EQ(Names(rule, FakeConv({32, 1, 3, 3}).Ints("strides", {1, 2})), Strings{});
  EXPECT_EQ(Names(rule, FakeConv({32, 1, 7, 7})), Strings{});
  EXPECT_EQ(Names(rule, FakeConv({})).size(), 6u);
}

}  // namespace
}  // namespace lite
}  // namespace paddle
