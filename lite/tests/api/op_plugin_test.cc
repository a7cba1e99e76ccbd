// Op plugins (paddle_op_plugin.h) found through PLITE_OP_PLUGIN_PATH: a C plugin's new op
// type through CxxConfig and through .nb + MobileConfig, a compute callback that fails, and
// plugins that must be refused (no entry function, another ABI version, a duplicate op, a
// file that is not a shared library), each named with its reason while the predictors stay
// usable. The plugins are built from lite/tests/api/plugins.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/paddle_custom_op.h"
#include "lite/model_parser/pb/program_desc_parser.h"
#include "lite/tests/core/program_test_util.h"
#include "lite/tests/model_parser/model_test_util.h"
#include "lite/tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

using lite_api::CxxConfig;
using lite_api::MobileConfig;
using lite_api::PaddlePredictor;

const std::vector<int64_t> kDims = {1, 2, 3};
const std::string kPlugins = PLITE_TEST_PLUGIN_DIR;

// Sets PLITE_OP_PLUGIN_PATH before the first predictor of the process: every test plugin
// directory, one that holds a file that is not a shared library, one that does not exist.
void SetPluginPath() {
  static testing::TempDir junk;
  static const bool set = [] {
    testing::WriteBytes(junk / "not_a_plugin.so", "not an ELF file");
    const std::string path = kPlugins + "/good:" + kPlugins + "/no_entry:" + kPlugins +
                             "/wrong_abi:" + kPlugins + "/dup:" + junk.path() + "::/nonexistent";
    return setenv("PLITE_OP_PLUGIN_PATH", path.c_str(), 1) == 0;
  }();
  ASSERT_TRUE(set);
}

std::string ModelBytes(const std::string& op_type,
                       const std::function<void(cpp::OpDesc*)>& attrs = nullptr) {
  Builder b(kDims);
  cpp::OpDesc& op = b.Op(op_type, {{"X", "x"}}, {{"Out", "y"}}, {{"y", kDims}});
  if (attrs) attrs(&op);
  b.Fetch("y", 0);
  return pb::SerializeProgramDesc(b.program());
}

std::shared_ptr<PaddlePredictor> Create(const std::string& model) {
  SetPluginPath();
  CxxConfig config;
  config.set_model_buffer(model.data(), model.size(), nullptr, 0);
  config.set_valid_places({lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
  return lite_api::CreatePaddlePredictor<CxxConfig>(config);
}

std::vector<float> RunModel(PaddlePredictor* predictor, const std::vector<float>& x) {
  auto in = predictor->GetInput(0);
  in->Resize(kDims);
  std::copy(x.begin(), x.end(), in->mutable_data<float>());
  predictor->Run();
  auto out = predictor->GetOutput(0);
  EXPECT_EQ(out->shape(), kDims);
  return std::vector<float>(out->data<float>(), out->data<float>() + out->numel());
}

const std::vector<float> kX = {-3.f, -0.5f, 0.f, 0.25f, 1.f, 8.f};

std::vector<float> Softsign(const std::vector<float>& x, float scale) {
  std::vector<float> out;
  for (float v : x) out.push_back(scale * v / (1.f + std::fabs(v)));
  return out;
}

void ExpectNear(const std::vector<float>& got, const std::vector<float>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-6f) << "element " << i;
}

TEST(OpPlugin, NewOpTypeRunsThroughCxxConfigAndNb) {
  auto full = Create(ModelBytes("test_softsign", [](cpp::OpDesc* op) { op->SetAttr<float>("scale", 2.f); }));
  ExpectNear(RunModel(full.get(), kX), Softsign(kX, 2.f));
  testing::TempDir dir;
  full->SaveOptimizedModel(dir / "m", lite_api::LiteModelType::kNaiveBuffer);
  MobileConfig light;
  light.set_model_from_buffer(testing::ReadBytes(dir / "m.nb"));
  auto mobile = lite_api::CreatePaddlePredictor<MobileConfig>(light);
  ExpectNear(RunModel(mobile.get(), kX), Softsign(kX, 2.f));
  // Without the attribute the plugin's default scale, 1.
  ExpectNear(RunModel(Create(ModelBytes("test_softsign")).get(), kX), Softsign(kX, 1.f));
}

TEST(OpPlugin, FailingComputeNamesThePluginAndKeepsThePredictorUsable) {
  auto predictor = Create(ModelBytes("test_fragile"));
  ExpectErrorHolding([&] { RunModel(predictor.get(), kX); },
                     {"fragile_plugin.so", "op 'test_fragile' compute failed (returned 7)",
                      "refuses a negative first element"});
  const std::vector<float> positive = {1, 2, 3, 4, 5, 6};
  ExpectNear(RunModel(predictor.get(), positive), positive);
}

TEST(OpPlugin, BadPluginsAreRefusedNamingFileAndReason) {
  SetPluginPath();
  ExpectErrorHolding([] { Create(ModelBytes("test_no_entry")); },
                     {"op 'test_no_entry' is not supported", "no_entry_plugin.so",
                      "exports no function plite_plugin_ops"});
  ExpectErrorHolding([] { Create(ModelBytes("test_wrong_abi")); },
                     {"wrong_abi_plugin.so", "op 'test_wrong_abi' was built for plugin ABI version 99",
                      "this plite loads version 1"});
  const std::vector<std::string> errors = lite_api::CustomRegistrationErrors();
  auto has = [&](const std::string& a, const std::string& b) {
    for (const auto& e : errors) {
      if (e.find(a) != std::string::npos && e.find(b) != std::string::npos) return true;
    }
    return false;
  };
  EXPECT_TRUE(has("dup_b_plugin.so", "op 'test_dup': duplicate op (provider 'testplug'"));
  EXPECT_TRUE(has("not_a_plugin.so", "cannot be loaded"));
  // The first of the duplicates loaded; the good plugins work beside the bad ones.
  EXPECT_NO_THROW(Create(ModelBytes("test_dup")));
  ExpectNear(RunModel(Create(ModelBytes("test_softsign")).get(), kX), Softsign(kX, 1.f));
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
