// Paddle op versions through the public API: a model records the version of each op type
// (op_version_map), kernels declare the versions they implement (BindPaddleOpVersion), and
// the picker chooses among the kernels that implement the model's version. The test op's
// two host kernels tell which one ran by their output: "old" (versions 0..1) adds 1,
// "new" (versions 2..3) adds 2. "old" is registered first, so it wins every tie.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/core/op_registry.h"
#include "lite/model_parser/flatbuffers/nb_format.h"
#include "lite/model_parser/pb/program_desc_parser.h"
#include "lite/operators/op_params.h"
#include "lite/tests/core/program_test_util.h"
#include "lite/tests/model_parser/model_test_util.h"
#include "lite/tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct AddParam : ParamBase {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
};

class VersionedAddOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override { return true; }
  bool InferShapeImpl() const override {
    param_.out->Resize(param_.x->dims());
    return true;
  }

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.x = GetInputTensor(desc, scope, "X");
    param_.out = GetOutputTensor(desc, scope, "Out");
    return true;
  }
  ParamBase* mutable_param() override { return &param_; }

 private:
  mutable AddParam param_;
};

template <int kAdd>
class AddKernel : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& p = Param<AddParam>();
    const float* x = p.x->data<float>();
    float* out = p.out->mutable_data<float>();
    for (int64_t i = 0; i < p.x->numel(); ++i) out[i] = x[i] + kAdd;
  }
};

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle

#define PLITE_HOST_FLOAT paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))
REGISTER_LITE_OP(test_versioned_add, paddle::lite::test::VersionedAddOp);
REGISTER_LITE_KERNEL(test_versioned_add, kHost, kFloat, kNCHW, paddle::lite::test::AddKernel<1>, old)
    .BindInput("X", {PLITE_HOST_FLOAT})
    .BindOutput("Out", {PLITE_HOST_FLOAT})
    .BindPaddleOpVersion("test_versioned_add", 1)  // 0..1
    .Finalize();
REGISTER_LITE_KERNEL(test_versioned_add, kHost, kFloat, kNCHW, paddle::lite::test::AddKernel<2>, new)
    .BindInput("X", {PLITE_HOST_FLOAT})
    .BindOutput("Out", {PLITE_HOST_FLOAT})
    .BindPaddleOpVersion("test_versioned_add", 2, 3)
    .Finalize();

namespace paddle {
namespace lite {
namespace test {
namespace {

using lite_api::CxxConfig;
using lite_api::MobileConfig;
using lite_api::PaddlePredictor;

// feed x [1, 4] -> test_versioned_add -> fetch, recording `versions`, as Paddle bytes.
std::string ModelBytes(const std::map<std::string, int32_t>& versions) {
  Builder b({1, 4});
  b.Op("test_versioned_add", {{"X", "x"}}, {{"Out", "y"}}, {{"y", {1, 4}}});
  b.Fetch("y", 0);
  cpp::ProgramDesc program = b.program();
  program.op_versions = versions;
  return pb::SerializeProgramDesc(program);
}

std::shared_ptr<PaddlePredictor> Create(const std::string& model) {
  CxxConfig config;
  config.set_model_buffer(model.data(), model.size(), nullptr, 0);
  config.set_valid_places({lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
  return lite_api::CreatePaddlePredictor<CxxConfig>(config);
}

// Runs x = {0, 1, 2, 3}; returns y[0] - x[0], i.e. what the picked kernel adds.
float Added(PaddlePredictor* predictor) {
  auto x = predictor->GetInput(0);
  x->Resize({1, 4});
  float* data = x->mutable_data<float>();
  for (int i = 0; i < 4; ++i) data[i] = static_cast<float>(i);
  predictor->Run();
  return predictor->GetOutput(0)->data<float>()[0];
}

TEST(OpVersion, KernelsOutsideTheModelsVersionAreNotPicked) {
  EXPECT_EQ(Added(Create(ModelBytes({})).get()), 1.f);  // no map: as before, the first kernel
  EXPECT_EQ(Added(Create(ModelBytes({{"test_versioned_add", 0}})).get()), 1.f);
  EXPECT_EQ(Added(Create(ModelBytes({{"test_versioned_add", 1}})).get()), 1.f);
  EXPECT_EQ(Added(Create(ModelBytes({{"test_versioned_add", 2}})).get()), 2.f);
  EXPECT_EQ(Added(Create(ModelBytes({{"test_versioned_add", 3}})).get()), 2.f);
  // Versions of other op types do not matter.
  EXPECT_EQ(Added(Create(ModelBytes({{"conv2d", 9}})).get()), 1.f);
}

TEST(OpVersion, NoKernelForTheVersionNamesOpVersionAndRanges) {
  ExpectErrorHolding([] { Create(ModelBytes({{"test_versioned_add", 4}, {"relu", 0}})); },
                     {"op 'test_versioned_add'", "the model records version 4",
                      "0..1 (host/float/NCHW)", "2..3 (host/float/NCHW)"});
  // The library is still usable: the next model loads and runs.
  EXPECT_EQ(Added(Create(ModelBytes({{"test_versioned_add", 2}})).get()), 2.f);
}

// The .nb keeps the versions; the light predictor runs the kernel opt picked, and refuses a
// file whose recorded version that kernel does not implement (a build whose kernel changed).
TEST(OpVersion, LightPredictorChecksThePickedKernelsVersions) {
  auto full = Create(ModelBytes({{"test_versioned_add", 3}}));
  testing::TempDir dir;
  full->SaveOptimizedModel(dir / "m", lite_api::LiteModelType::kNaiveBuffer);
  const std::string nb = testing::ReadBytes(dir / "m.nb");
  MobileConfig light;
  light.set_model_from_buffer(nb);
  EXPECT_EQ(Added(lite_api::CreatePaddlePredictor<MobileConfig>(light).get()), 2.f);

  std::string edited = nb;
  auto* meta = fbs::GetMutableModel(&edited[kNbHeaderSize]);  // the meta follows the header
  ASSERT_NE(meta->op_versions(), nullptr);
  ASSERT_EQ(meta->op_versions()->size(), 1u);
  ASSERT_TRUE(meta->mutable_op_versions()->GetMutableObject(0)->mutate_version(1));
  nb::RewriteMetaChecksum(&edited);
  light.set_model_from_buffer(edited);
  ExpectErrorHolding([&] { lite_api::CreatePaddlePredictor<MobileConfig>(light); },
                     {"test_versioned_add,host,float,NCHW,new",
                      "implements versions 2..3 of 'test_versioned_add'",
                      "the model records version 1"});
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
