// dropout at inference: downgrade_in_infer scales by 1 - p, upscale_in_train is identity.
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct DropoutRun {
  std::vector<float> out;
  DDim dims;
};

DropoutRun RunDropout(const std::vector<float>& x, const DDim& dims,
                      const std::string& implementation, float prob,
                      const cpp::Attribute& is_test, bool with_mask) {
  OpRunner runner("dropout");
  runner.SetInput("X", "x", dims, x);
  Tensor* out = runner.SetOutput("Out", "out");
  if (with_mask) runner.SetOutput("Mask", "mask");
  runner.desc().SetAttr<float>("dropout_prob", prob);
  runner.desc().SetAttr<std::string>("dropout_implementation", implementation);
  runner.desc().SetAttribute("is_test", is_test);
  runner.Run();
  if (with_mask) {
    EXPECT_EQ(runner.Var("mask")->memory_size(), 0u) << "Mask must not be written";
  }
  return {ToVector(*out), out->dims()};
}

cpp::Attribute IntFlag(int32_t v) { return cpp::Attribute{cpp::AttrType::INT, v}; }
cpp::Attribute BoolFlag(bool v) { return cpp::Attribute{cpp::AttrType::BOOLEAN, v}; }

TEST(Dropout, DowngradeInInferScales) {
  const DDim dims({2, 5, 3});
  const auto x = RandomVector(dims.production(), -4.f, 4.f, 21);
  std::vector<float> expected;
  for (float v : x) expected.push_back(static_cast<float>(double{v} * (1 - 0.3)));
  const auto got = RunDropout(x, dims, "downgrade_in_infer", 0.3f, IntFlag(1), true);
  EXPECT_EQ(got.dims, dims);
  ExpectAllNear(got.out, expected, 1e-6f, 1e-6f);
}

TEST(Dropout, DowngradeHandChecked) {
  const auto got = RunDropout({2, -4, 10}, DDim({3}), "downgrade_in_infer", 0.5f,
                              BoolFlag(true), false);
  ExpectAllNear(got.out, {1, -2, 5}, 0.f);
}

TEST(Dropout, UpscaleInTrainIsIdentity) {
  const DDim dims({7, 3});
  const auto x = RandomVector(dims.production(), -4.f, 4.f, 22);
  const auto got = RunDropout(x, dims, "upscale_in_train", 0.9f, IntFlag(1), true);
  ExpectAllNear(got.out, x, 0.f);
}

TEST(Dropout, DefaultImplementationIsDowngrade) {
  OpRunner runner("dropout");
  runner.SetInput("X", "x", DDim({2}), {1, 3});
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<float>("dropout_prob", 0.25f);
  runner.Run();
  ExpectAllNear(ToVector(*out), {0.75f, 2.25f}, 0.f);
}

void ExpectAttachError(const std::string& implementation, float prob, const cpp::Attribute& is_test,
                       const std::string& needle) {
  OpRunner runner("dropout");
  runner.SetInput("X", "x", DDim({1}), {1});
  runner.SetOutput("Out", "out");
  runner.desc().SetAttr<float>("dropout_prob", prob);
  runner.desc().SetAttr<std::string>("dropout_implementation", implementation);
  runner.desc().SetAttribute("is_test", is_test);
  try {
    runner.InferShapeOnly();
    FAIL() << "expected an error containing " << needle;
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

TEST(Dropout, UnsupportedAttributesAreRejected) {
  ExpectAttachError("random", 0.5f, IntFlag(1), "dropout_implementation 'random'");
  ExpectAttachError("downgrade_in_infer", 1.5f, IntFlag(1), "dropout_prob 1.5");
  ExpectAttachError("downgrade_in_infer", 0.5f, IntFlag(0), "is_test = false");
  ExpectAttachError("downgrade_in_infer", 0.5f, BoolFlag(false), "is_test = false");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
