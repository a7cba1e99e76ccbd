// Source written for Paddle Lite's public API compiles and links against plite: this test
// names every entry point of paddle_api.h / paddle_place.h and links only the exported
// library (libpaddle_full_api_shared.so), so a missing definition or export is a link error.
// What needs no model is checked here too; the behaviour on models is in
// paddle_api_behaviour_test.cc.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"

namespace {

using namespace paddle::lite_api;  // NOLINT: reads like an app

// Never true at run time, but the compiler cannot know: the calls below must link.
volatile bool g_never = false;

template <typename T>
void TensorCalls(Tensor* t, const Tensor* ct) {
  T buffer[1] = {};
  ct->data<T>();
  t->mutable_data<T>();
  t->mutable_data<T>(TargetType::kARM);
  t->CopyFromCpu<T>(buffer);
  t->CopyFromCpu<T, TargetType::kHost>(buffer);
  t->CopyFromCpu<T, TargetType::kX86>(buffer);
  t->CopyFromCpu<T, TargetType::kARM>(buffer);
  t->CopyFromCpu<T, TargetType::kOpenCL>(buffer);
  t->CopyFromCpu<T, TargetType::kCUDA>(buffer);
  t->CopyFromCpu<T, TargetType::kMLU>(buffer);
  ct->CopyToCpu<T>(buffer);
}

void EveryTensorAndPredictorCall(PaddlePredictor* p) {
  std::unique_ptr<Tensor> t = p->GetInput(0);
  std::unique_ptr<const Tensor> ct = p->GetOutput(0);
  TensorCalls<float>(t.get(), ct.get());
  TensorCalls<double>(t.get(), ct.get());
  TensorCalls<int8_t>(t.get(), ct.get());
  TensorCalls<uint8_t>(t.get(), ct.get());
  TensorCalls<int16_t>(t.get(), ct.get());
  TensorCalls<int32_t>(t.get(), ct.get());
  TensorCalls<int64_t>(t.get(), ct.get());
  TensorCalls<bool>(t.get(), ct.get());
  ct->data<void>();
  t->Resize({1, 2});
  t->IsInitialized();
  t->mutable_metal_data(nullptr);
  t->ShareExternalMemory(nullptr, 0, TargetType::kHost);
  t->shape();
  t->numel();
  t->target();
  t->precision();
  t->SetPrecision(PrecisionType::kFloat);
  t->SetLoD(t->lod());

  p->GetInputNames();
  p->GetOutputNames();
  p->GetParamNames();
  p->GetInputByName("x");
  p->GetTensor("x");
  p->GetMutableTensor("x");
  p->Run();
  p->Clone();
  p->Clone(std::vector<std::string>{"w"});
  p->GetVersion();
  p->TryShrinkMemory();
  p->SaveOptimizedModel("dir", LiteModelType::kNaiveBuffer, true);
}

// An app's own predictor (a mock, say) needs the base class's vtable and defaults.
class AppPredictor : public PaddlePredictor {
 public:
  std::unique_ptr<Tensor> GetInput(int) override { return nullptr; }
  std::unique_ptr<const Tensor> GetOutput(int) const override { return nullptr; }
  void Run() override {}
  std::shared_ptr<PaddlePredictor> Clone() override { return nullptr; }
  std::shared_ptr<PaddlePredictor> Clone(const std::vector<std::string>&) override {
    return nullptr;
  }
  std::string GetVersion() const override { return "app"; }
  std::vector<std::string> GetInputNames() override { return {}; }
  std::vector<std::string> GetOutputNames() override { return {}; }
  bool TryShrinkMemory() override { return true; }
  std::unique_ptr<Tensor> GetInputByName(const std::string&) override { return nullptr; }
  std::unique_ptr<const Tensor> GetTensor(const std::string&) const override { return nullptr; }
  int threads() const { return threads_; }
  PowerMode mode() const { return mode_; }
};

TEST(PaddleApiCompat, PredictorBaseDefaults) {
  AppPredictor p;
  EXPECT_TRUE(p.GetParamNames().empty());
  EXPECT_EQ(p.GetMutableTensor("x"), nullptr);
  EXPECT_THROW(p.SaveOptimizedModel("x"), PaddleLiteException);
  EXPECT_EQ(p.threads(), 1);
  EXPECT_EQ(p.mode(), LITE_POWER_NO_BIND);
  if (g_never) EveryTensorAndPredictorCall(&p);
}

TEST(PaddleApiCompat, PlaceVocabulary) {
  EXPECT_EQ(CL_TUNE_NONE, 0);
  EXPECT_EQ(CL_TUNE_EXHAUSTIVE, 3);
  EXPECT_EQ(CL_PRECISION_AUTO, 0);
  EXPECT_EQ(CL_PRECISION_FP16, 2);
  EXPECT_EQ(MLU_270, 1);
  EXPECT_EQ(static_cast<int>(QuantType::QUANT_INT16), 1);
  EXPECT_EQ(LITE_PRECISION_LOW, 1);
  EXPECT_EQ(CLTuneModeToStr(CL_TUNE_RAPID), "CL_TUNE_RAPID");
  EXPECT_EQ(CLPrecisionTypeToStr(CL_PRECISION_FP32), "CL_PRECISION_FP32");
  EXPECT_EQ(CLPrecisionTypeToStr(static_cast<CLPrecisionType>(9)), "unk");

  static_assert(PrecisionTypeTrait<bool>::Type() == PrecisionType::kBool, "");
  static_assert(PrecisionTypeTrait<float>::Type() == PrecisionType::kFloat, "");
  static_assert(PrecisionTypeTrait<double>::Type() == PrecisionType::kFP64, "");
  static_assert(PrecisionTypeTrait<uint8_t>::Type() == PrecisionType::kUInt8, "");
  static_assert(PrecisionTypeTrait<int8_t>::Type() == PrecisionType::kInt8, "");
  static_assert(PrecisionTypeTrait<int16_t>::Type() == PrecisionType::kInt16, "");
  static_assert(PrecisionTypeTrait<int>::Type() == PrecisionType::kInt32, "");
  static_assert(PrecisionTypeTrait<int64_t>::Type() == PrecisionType::kInt64, "");
  static_assert(PrecisionTypeTrait<char*>::Type() == PrecisionType::kUnk, "");

  EXPECT_EQ(ExpandValidTargets(TARGET(kX86)), std::set<TargetType>{TARGET(kX86)});
  const auto targets = ExpandValidTargets();
  EXPECT_EQ(targets.size(), static_cast<size_t>(TargetType::NUM) - 2);  // less kUnk, kAny
  EXPECT_TRUE(targets.count(TARGET(kHost)) && !targets.count(TARGET(kAny)));
  EXPECT_EQ(ExpandValidPrecisions().size(), static_cast<size_t>(PrecisionType::NUM) - 2);
  EXPECT_TRUE(ExpandValidLayouts().count(DATALAYOUT(kNHWC)));
  EXPECT_EQ(ExpandValidLayouts(DATALAYOUT(kNCHW)).size(), 1u);

  Place place(TARGET(kNNAdapter), PRECISION(kAny), DATALAYOUT(kNCHW));
  EXPECT_EQ(place.Serialize(), "18/4/1");
  Place back;
  back.Deserialize("18/4/1");
  EXPECT_EQ(back, place);
  EXPECT_EQ(back.hash(), place.hash());
  EXPECT_NE(Place(TARGET(kX86)).hash(), Place(TARGET(kHost)).hash());
  EXPECT_THROW(back.Deserialize("18/4"), PaddleLiteException);
  EXPECT_THROW(back.Deserialize("a/b/c"), PaddleLiteException);
  EXPECT_THROW(back.Deserialize("1/2/3/4"), PaddleLiteException);
}

// Valid where the OpenCL runtime finds a device (PoCL's CPU device here: vendor class 4),
// -1 without one; opencl_program_test checks the answer against the runtime itself.
TEST(PaddleApiCompat, OpenClReportsTheDevice) {
  if (IsOpenCLBackendValid()) {
    EXPECT_GE(GetOpenCLDeviceType(), 1);
    EXPECT_LE(GetOpenCLDeviceType(), 4);
  } else {
    EXPECT_FALSE(IsOpenCLBackendValid(true));
    EXPECT_EQ(GetOpenCLDeviceType(), -1);
  }
}

TEST(PaddleApiCompat, ConfigBaseStoresEverything) {
  ConfigBase base(LITE_POWER_HIGH, 4);
  EXPECT_EQ(base.power_mode(), LITE_POWER_HIGH);
  EXPECT_EQ(base.threads(), 4);
  base.set_x86_math_num_threads(2);
  EXPECT_EQ(base.x86_math_num_threads(), 2);
  EXPECT_EQ(base.threads(), 2);
  base.set_device_id(3);
  EXPECT_EQ(base.get_device_id(), 3);
  base.add_discarded_pass("fc_fuse_pass");
  EXPECT_EQ(base.get_discarded_passes(), std::vector<std::string>{"fc_fuse_pass"});
  base.set_opencl_binary_path_name("/tmp", "cl.bin");
  EXPECT_EQ(base.opencl_bin_path(), "/tmp");
  EXPECT_EQ(base.opencl_bin_name(), "cl.bin");
  base.set_opencl_tune(CL_TUNE_NORMAL, "/tmp", "tune", 2);
  base.set_opencl_precision(CL_PRECISION_FP16);
  base.set_opencl_tune(CL_TUNE_RAPID, 8);  // older releases' form
  EXPECT_EQ(base.opencl_tune_mode(), CL_TUNE_RAPID);
  base.set_opencl_tune(CL_TUNE_NORMAL, "/tmp", "tune", 2);
  EXPECT_EQ(base.opencl_tune_mode(), CL_TUNE_NORMAL);
  EXPECT_EQ(base.opencl_precision(), CL_PRECISION_FP16);
  base.set_subgraph_model_cache_dir("/tmp/sub");
  EXPECT_EQ(base.subgraph_model_cache_dir(), "/tmp/sub");
  base.set_subgraph_model_cache_buffers("k", {'c'}, {'b'});
  EXPECT_EQ(base.subgraph_model_cache_buffers().size(), 1u);
  EXPECT_FALSE(base.check_nnadapter_device_name("huawei_ascend_npu"));
  base.set_nnadapter_device_names({"d"});
  EXPECT_EQ(base.nnadapter_device_names().size(), 1u);
  base.set_nnadapter_context_properties("P=1;");
  EXPECT_EQ(base.nnadapter_context_properties(), "P=1;");
  base.set_nnadapter_context_callback(nullptr);
  EXPECT_EQ(base.nnadapter_context_callback(), nullptr);
  base.set_nnadapter_model_cache_dir("/tmp/nna");
  EXPECT_EQ(base.nnadapter_model_cache_dir(), "/tmp/nna");
  base.set_nnadapter_dynamic_shape_info({{"x", {{1, 2}}}});
  EXPECT_EQ(base.nnadapter_dynamic_shape_info().size(), 1u);
  base.set_nnadapter_model_cache_buffers("t", {'m'});
  EXPECT_EQ(base.nnadapter_model_cache_buffers().size(), 1u);
  base.set_metal_lib_path("lib.metallib");
  base.set_metal_use_mps(true);
  base.set_metal_use_aggressive(true);
  base.set_metal_device(nullptr);
  base.set_metal_use_memory_reuse(true);
  EXPECT_EQ(base.metal_lib_path(), "lib.metallib");
  EXPECT_TRUE(base.metal_use_mps() && base.metal_use_aggressive() &&
              base.metal_use_memory_reuse());
  EXPECT_EQ(base.metal_device(), nullptr);
}

TEST(PaddleApiCompat, CxxConfigEntryPoints) {
  CxxConfig config;
  EXPECT_EQ(config.precision_mode(), LITE_PRECISION_NORMAL);
  config.set_precision_mode(LITE_PRECISION_LOW);
  EXPECT_EQ(config.precision_mode(), LITE_PRECISION_LOW);
  EXPECT_FALSE(config.is_model_from_memory());
  EXPECT_THROW(config.get_model_buffer(), PaddleLiteException);
  config.set_model_buffer("prog", 4, "par", 3);
  EXPECT_TRUE(config.is_model_from_memory() && config.model_from_memory());
  EXPECT_EQ(config.get_model_buffer().get_program(), "prog");
  EXPECT_EQ(config.get_model_buffer().get_params(), "par");
  config.set_model_buffer(std::make_shared<CxxModelBuffer>(std::string("p2"), std::string()));
  EXPECT_EQ(config.get_model_buffer().get_program(), "p2");
  EXPECT_TRUE(CxxModelBuffer().is_empty());
  EXPECT_THROW(CxxModelBuffer().get_program(), PaddleLiteException);

  config.set_passes_internal({"fc_fuse_pass"});
  EXPECT_EQ(config.get_passes_internal().size(), 1u);
  config.set_quant_model(true);
  config.set_quant_type(QuantType::QUANT_INT8);
  config.set_sparse_model(true);
  config.set_sparse_threshold(0.5f);
  EXPECT_TRUE(config.quant_model() && config.sparse_model());
  EXPECT_EQ(config.quant_type(), QuantType::QUANT_INT8);
  EXPECT_FLOAT_EQ(config.sparse_threshold(), 0.5f);

  config.set_xpu_workspace_l3_size_per_thread();
  config.set_xpu_l3_cache_method(1 << 20, true);
  config.set_xpu_l3_cache_autotune(false);
  config.set_xpu_gm_workspace_method(1 << 20);
  config.set_xpu_conv_autotune(true, "f");
  config.set_xpu_dev_per_thread(0);
  config.enable_xpu_multi_stream();
  config.set_xpu_multi_encoder_precision("int8");
  config.set_xpu_multi_encoder_method("int8", true);
  config.set_xpu_cluster_num(1);
  config.set_xpu_sdnn_num(1);
  config.set_xpu_local_quant(true);
  config.set_xpu_compute_precision("int16");
  EXPECT_EQ(config.get_runtime_option(), nullptr);

  config.set_preferred_inputs_for_warmup<float>(0, 0, {1, 2}, {}, 1.f);
  config.set_preferred_inputs_for_warmup<double>(0, 1, {1}, {}, 1.0);
  config.set_preferred_inputs_for_warmup<int32_t>(1, 0, {1}, {}, 1);
  const int64_t data[2] = {1, 2};
  config.set_preferred_inputs_for_warmup<int64_t>(1, 1, {2}, {}, 0, data);
  EXPECT_EQ(config.preferred_inputs_for_warmup().size(), 2u);
  EXPECT_EQ(config.preferred_inputs_for_warmup().at(1).size(), 2u);

  config.set_nnadapter_subgraph_partition_config_path("a");
  config.set_nnadapter_subgraph_partition_config_buffer("b");
  config.set_nnadapter_mixed_precision_quantization_config_path("c");
  config.set_nnadapter_mixed_precision_quantization_config_buffer("d");
  EXPECT_EQ(config.nnadapter_subgraph_partition_config_path() +
                config.nnadapter_subgraph_partition_config_buffer() +
                config.nnadapter_mixed_precision_quantization_config_path() +
                config.nnadapter_mixed_precision_quantization_config_buffer(),
            "abcd");

  // quant_model / sparse_model are refused with a message saying why.
  CxxConfig quant;
  quant.set_quant_model(true);
  try {
    CreatePaddlePredictor(quant);
    FAIL() << "quant_model accepted";
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find("does not quantize"), std::string::npos) << e.what();
  }
  CxxConfig sparse;
  sparse.set_sparse_model(true);
  EXPECT_THROW(CreatePaddlePredictor(sparse), PaddleLiteException);
}

std::string CreateError(const MobileConfig& config) {
  try {
    CreatePaddlePredictor(config);
  } catch (const PaddleLiteException& e) {
    return e.what();
  }
  return "";
}

TEST(PaddleApiCompat, MobileConfigEntryPoints) {
  MobileConfig config;
  config.set_precision_mode(LITE_PRECISION_LOW);
  EXPECT_EQ(config.precision_mode(), LITE_PRECISION_LOW);
  config.SetArmL3CacheSize();
  config.SetArmL3CacheSize(L3CacheSetMethod::kAbsolute, 1 << 20);
  // True only in an ARM fp16 build on a CPU with fp16 arithmetic (fp16_model_arm_test).
  if (!PLITE_TEST_ARM_FP16) {
    EXPECT_FALSE(config.check_fp16_valid());
  }
  std::string bytes = "not a model";
  config.set_model_from_buffer(std::move(bytes));
  EXPECT_TRUE(config.is_model_from_memory() && config.model_from_memory());
  EXPECT_EQ(config.lite_model_buffer(), "not a model");

  // The deprecated program + params buffers: stored, refused at create with the way out.
  config.set_model_buffer("prog", 4, "params", 6);
  EXPECT_EQ(config.model_buffer(), "prog");
  EXPECT_EQ(config.param_buffer(), "params");
  EXPECT_TRUE(config.model_from_memory());
  const std::string error = CreateError(config);
  EXPECT_NE(error.find("set_model_from_buffer"), std::string::npos) << error;
  EXPECT_NE(error.find(".nb"), std::string::npos) << error;
}

TEST(PaddleApiCompat, MobileModelDirNeedsExactlyOneNb) {
  char tmpl[] = "/tmp/plite_api_compat_XXXXXX";
  const std::string dir = mkdtemp(tmpl);
  MobileConfig config;
  config.set_model_dir(dir);
  std::string error = CreateError(config);
  EXPECT_NE(error.find(dir), std::string::npos) << error;
  EXPECT_NE(error.find("no .nb file"), std::string::npos) << error;
  EXPECT_NE(error.find("set_model_from_file"), std::string::npos) << error;

  std::ofstream(dir + "/a.nb") << "x";
  std::ofstream(dir + "/b.nb") << "y";
  error = CreateError(config);
  EXPECT_NE(error.find("2 .nb files (a.nb, b.nb)"), std::string::npos) << error;
  EXPECT_NE(error.find("set_model_from_file"), std::string::npos) << error;

  config.set_model_dir(dir + "/missing");
  error = CreateError(config);
  EXPECT_NE(error.find(dir + "/missing"), std::string::npos) << error;
  std::filesystem::remove_all(dir);
}

}  // namespace
