// io_copy / io_copy_once host_to_host: a deep copy keeping dims, LoD, precision and layout.
#include <cstring>
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

class IoCopy : public ::testing::TestWithParam<std::string> {};

TEST_P(IoCopy, HostToHostCopiesData) {
  OpRunner runner(GetParam());
  runner.desc().SetInput("Input", {"in"});
  Tensor* in = runner.Var("in");
  in->Resize({2, 3});
  const int64_t values[6] = {1, -2, 3, 1LL << 40, 5, 6};
  std::memcpy(in->mutable_data<int64_t>(), values, sizeof(values));
  in->set_lod({{0, 1, 2}});
  in->set_layout(DataLayoutType::kNHWC);
  Tensor* out = runner.SetOutput("Out", "out");
  runner.Run(Place(TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny));
  EXPECT_EQ(out->dims(), DDim({2, 3}));
  EXPECT_EQ(out->lod(), in->lod());
  EXPECT_EQ(out->precision(), PrecisionType::kInt64);
  EXPECT_EQ(out->layout(), DataLayoutType::kNHWC);
  EXPECT_NE(out->data<int64_t>(), in->data<int64_t>());  // a copy, not a view
  EXPECT_EQ(std::memcmp(out->data<int64_t>(), values, sizeof(values)), 0);

  const KernelInfo* info = FindKernel(GetParam(), Place(TargetType::kHost, PrecisionType::kAny,
                                                        DataLayoutType::kAny));
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->alias, "host_to_host");
  EXPECT_EQ(info->inputs.at("Input").target, TargetType::kHost);
  EXPECT_EQ(info->outputs.at("Out").target, TargetType::kHost);
}

INSTANTIATE_TEST_SUITE_P(IoCopyAndOnce, IoCopy, ::testing::Values("io_copy", "io_copy_once"));

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
