// Optimizer passes: the exact graphs the fusion, kernel-pick, cast and memory passes
// produce, and that the optimized program computes what the unoptimized one does.
// Test-only ops and kernels below stand for kernels of other places: a "device" target
// (kCUDA, simulated in host memory), an fp16 kernel and an NHWC kernel.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/optimizer/optimizer.h"
#include "lite/core/program.h"
#include "lite/operators/op_params.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {

// ---------------------------------------------------------------- test ops and kernels
struct AddParam : ParamBase {
  const Tensor* x{nullptr};
  const Tensor* w{nullptr};  // optional
  Tensor* out{nullptr};
};

// Out = X + 1, or X + W when W is given (same shape).
class TestAddOp : public OpLite {
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
    param_.w = GetOptionalInputTensor(desc, scope, "W");
    param_.out = GetOutputTensor(desc, scope, "Out");
    return true;
  }
  ParamBase* mutable_param() override { return &param_; }

 private:
  mutable AddParam param_;
};

template <TargetType T, PrecisionType P, DataLayoutType L>
class TestAddKernel : public KernelLite<T, P, L> {
 public:
  void Run() override {
    auto& p = this->template Param<AddParam>();
    const int64_t n = p.x->numel();
    if (P == PrecisionType::kFP16) {
      const float16* x = p.x->template data<float16>();
      const float16* w = p.w ? p.w->template data<float16>() : nullptr;
      float16* out = p.out->template mutable_data<float16>();
      for (int64_t i = 0; i < n; ++i) {
        out[i] = FloatToHalf(HalfToFloat(x[i]) + (w ? HalfToFloat(w[i]) : 1.f));
      }
    } else {
      const float* x = p.x->template data<float>();
      float* out = p.out->template mutable_data<float>();
      for (int64_t i = 0; i < n; ++i) out[i] = x[i] + 1.f;
    }
    p.out->set_layout(L);
  }
};
using DeviceAdd = TestAddKernel<TargetType::kCUDA, PrecisionType::kFloat, DataLayoutType::kNCHW>;
using Fp16Add = TestAddKernel<TargetType::kHost, PrecisionType::kFP16, DataLayoutType::kNCHW>;
using NhwcAdd = TestAddKernel<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNHWC>;
using HostAdd = TestAddKernel<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW>;
using ArmAdd = TestAddKernel<TargetType::kARM, PrecisionType::kFloat, DataLayoutType::kNCHW>;

// io_copy between host and the simulated device: a plain copy (both live in host memory).
class TestIoCopy : public KernelLite<TargetType::kCUDA, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& p = Param<operators::TypeCastParam>();
    p.out->CopyDataFrom(*p.x);
  }
};

}  // namespace test
}  // namespace lite
}  // namespace paddle

using paddle::lite::GetTensorTy;
REGISTER_LITE_OP(test_device_add_one, paddle::lite::test::TestAddOp);
REGISTER_LITE_OP(test_fp16_add_one, paddle::lite::test::TestAddOp);
REGISTER_LITE_OP(test_fp16_add_weight, paddle::lite::test::TestAddOp);
REGISTER_LITE_OP(test_nhwc_add_one, paddle::lite::test::TestAddOp);
REGISTER_LITE_OP(test_multi_add_one, paddle::lite::test::TestAddOp);
REGISTER_LITE_KERNEL(test_device_add_one, kCUDA, kFloat, kNCHW, paddle::lite::test::DeviceAdd, def)
    .BindInput("X", {GetTensorTy(TARGET(kCUDA))})
    .BindOutput("Out", {GetTensorTy(TARGET(kCUDA))})
    .Finalize();
REGISTER_LITE_KERNEL(test_fp16_add_one, kHost, kFP16, kNCHW, paddle::lite::test::Fp16Add, def)
    .BindInput("X", {GetTensorTy(TARGET(kHost), PRECISION(kFP16))})
    .BindOutput("Out", {GetTensorTy(TARGET(kHost), PRECISION(kFP16))})
    .Finalize();
REGISTER_LITE_KERNEL(test_fp16_add_weight, kHost, kFP16, kNCHW, paddle::lite::test::Fp16Add, def)
    .BindInput("X", {GetTensorTy(TARGET(kHost), PRECISION(kFP16))})
    .BindInput("W", {GetTensorTy(TARGET(kHost), PRECISION(kFP16))})
    .BindOutput("Out", {GetTensorTy(TARGET(kHost), PRECISION(kFP16))})
    .Finalize();
REGISTER_LITE_KERNEL(test_nhwc_add_one, kHost, kFloat, kNHWC, paddle::lite::test::NhwcAdd, def)
    .BindInput("X", {GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNHWC))})
    .BindOutput("Out", {GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNHWC))})
    .Finalize();
REGISTER_LITE_KERNEL(test_multi_add_one, kHost, kFloat, kNCHW, paddle::lite::test::HostAdd, def)
    .Finalize();
REGISTER_LITE_KERNEL(test_multi_add_one, kARM, kFloat, kNCHW, paddle::lite::test::ArmAdd, def)
    .Finalize();
REGISTER_LITE_KERNEL(test_multi_add_one, kCUDA, kFloat, kNCHW, paddle::lite::test::DeviceAdd, def)
    .BindInput("X", {GetTensorTy(TARGET(kCUDA))})
    .BindOutput("Out", {GetTensorTy(TARGET(kCUDA))})
    .Finalize();
// An x86 kernel needing a CPU feature no CPU has: it must never be picked or run.
namespace paddle {
namespace lite {
namespace test {
bool CpuHasImaginaryFeature() { return false; }
using X86Add = TestAddKernel<TargetType::kX86, PrecisionType::kFloat, DataLayoutType::kNCHW>;
}  // namespace test
}  // namespace lite
}  // namespace paddle
REGISTER_LITE_KERNEL(test_multi_add_one, kX86, kFloat, kNCHW, paddle::lite::test::X86Add, def)
    .RequireCpuFeature("imaginary", paddle::lite::test::CpuHasImaginaryFeature)
    .Finalize();
REGISTER_LITE_KERNEL(io_copy, kCUDA, kAny, kAny, paddle::lite::test::TestIoCopy, test_host_to_device)
    .BindInput("Input", {GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("Out", {GetTensorTy(TARGET(kCUDA), PRECISION(kAny), DATALAYOUT(kAny))})
    .Finalize();
REGISTER_LITE_KERNEL(io_copy, kCUDA, kAny, kAny, paddle::lite::test::TestIoCopy, test_device_to_host)
    .BindInput("Input", {GetTensorTy(TARGET(kCUDA), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("Out", {GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .Finalize();

namespace paddle {
namespace lite {
namespace test {
namespace {

// feed x -> <middle ops> -> fetch, as a program description.
class ProgramBuilder {
 public:
  ProgramBuilder() {
    program_.blocks.emplace_back();
    AddVar("feed", cpp::VarKind::kFeedList);
    AddVar("fetch", cpp::VarKind::kFetchList);
  }
  void AddVar(const std::string& name, cpp::VarKind kind = cpp::VarKind::kLodTensor,
              bool persistable = false, std::vector<int64_t> shape = {}) {
    cpp::VarDesc v;
    v.name = name;
    v.kind = kind;
    v.persistable = persistable;
    v.shape = std::move(shape);
    program_.blocks[0].vars.push_back(v);
  }
  cpp::OpDesc& AddOp(const std::string& type, const std::map<std::string, std::string>& in,
                     const std::map<std::string, std::string>& out) {
    cpp::OpDesc op(type);
    for (const auto& kv : in) op.SetInput(kv.first, {kv.second});
    for (const auto& kv : out) {
      op.SetOutput(kv.first, {kv.second});
      if (!program_.blocks[0].FindVar(kv.second)) AddVar(kv.second);
    }
    program_.blocks[0].ops.push_back(op);
    return program_.blocks[0].ops.back();
  }
  cpp::ProgramDesc& program() { return program_; }

 private:
  cpp::ProgramDesc program_;
};

ProgramBuilder Chain(const std::vector<std::string>& middle_ops) {
  ProgramBuilder b;
  b.AddVar("x", cpp::VarKind::kLodTensor, false, {-1, 2, 3, 4});
  b.AddOp("feed", {{"X", "feed"}}, {{"Out", "x"}}).SetAttr<int32_t>("col", 0);
  std::string cur = "x";
  for (size_t i = 0; i < middle_ops.size(); ++i) {
    const std::string next = "t" + std::to_string(i);
    b.AddOp(middle_ops[i], {{"X", cur}}, {{"Out", next}});
    cur = next;
  }
  b.AddOp("fetch", {{"X", cur}}, {{"Out", "fetch"}}).SetAttr<int32_t>("col", 0);
  return b;
}

struct Optimized {
  std::unique_ptr<Scope> root{new Scope};
  Scope* exec{nullptr};
  cpp::ProgramDesc program;
  std::unique_ptr<RuntimeProgram> runtime;

  // "op_type:alias" per op in execution order.
  std::vector<std::string> Ops() const {
    std::vector<std::string> ops;
    for (const auto& op : program.blocks[0].ops) {
      const std::string key = op.GetAttr<std::string>(kKernelKeyAttr);
      ops.push_back(op.Type() + ":" + key.substr(key.rfind(',') + 1));
    }
    return ops;
  }
  std::vector<float> Run(const DDim& dims, const std::vector<float>& x) {
    auto* feed = exec->Var("feed")->GetMutable<TensorList>();
    feed->resize(1);
    (*feed)[0].Resize(dims);
    std::memcpy((*feed)[0].mutable_data<float>(), x.data(), x.size() * 4);
    runtime->Run();
    const Tensor& out = exec->FindVar("fetch")->Get<TensorList>()[0];
    if (out.precision() == PrecisionType::kFP16) {
      std::vector<float> v;
      for (int64_t i = 0; i < out.numel(); ++i) v.push_back(HalfToFloat(out.data<float16>()[i]));
      return v;
    }
    return ToVector(out);
  }
};

std::unique_ptr<Optimized> Optimize(const cpp::ProgramDesc& program,
                                    const std::vector<Place>& places,
                                    const OptimizerOptions& options = {},
                                    const std::function<void(Scope*)>& add_weights = nullptr) {
  auto o = std::make_unique<Optimized>();
  if (add_weights) add_weights(o->root.get());
  o->exec = &o->root->NewScope();
  o->program = lite::Optimize(program, o->exec, places, DefaultPasses(options));
  o->runtime = std::make_unique<RuntimeProgram>(o->program, o->exec, 1);
  return o;
}

const std::vector<Place> kHostFloat = {Place(TargetType::kHost, PrecisionType::kFloat)};
const DDim kDims({1, 2, 3, 4});

std::vector<float> Input() { return RandomVector(24, -2.f, 2.f, 1); }
std::vector<float> Expected(float add) {
  std::vector<float> v = Input();
  for (auto& x : v) x = std::max(x + add, 0.f);  // the chains end in relu
  return v;
}

}  // namespace

TEST(TypeTargetCast, InsertsIoCopyAroundADeviceKernel) {
  auto b = Chain({"test_device_add_one", "relu"});
  auto o = Optimize(b.program(), {Place(TargetType::kCUDA), Place(TargetType::kHost)});
  EXPECT_EQ(o->Ops(), (std::vector<std::string>{"feed:def", "io_copy:test_host_to_device",
                                                "test_device_add_one:def",
                                                "io_copy:test_device_to_host", "relu:def",
                                                "fetch:def"}));
  ExpectAllNear(o->Run(kDims, Input()), Expected(1.f), 1e-6f);
}

TEST(TypePrecisionCast, InsertsCalibAroundAnFp16Kernel) {
  auto b = Chain({"test_fp16_add_one", "relu"});
  auto o = Optimize(b.program(), kHostFloat);
  EXPECT_EQ(o->Ops(), (std::vector<std::string>{"feed:def", "calib:fp32_to_fp16",
                                                "test_fp16_add_one:def", "calib:fp16_to_fp32",
                                                "relu:def", "fetch:def"}));
  ExpectAllNear(o->Run(kDims, Input()), Expected(1.f), 4e-3f);  // fp16 rounding
}

TEST(TypePrecisionCast, WeightsGetARunOnceCalib) {
  ProgramBuilder b;
  b.AddVar("x", cpp::VarKind::kLodTensor, false, {-1, 2, 3, 4});
  b.AddVar("w", cpp::VarKind::kLodTensor, true, {1, 2, 3, 4});
  b.AddOp("feed", {{"X", "feed"}}, {{"Out", "x"}}).SetAttr<int32_t>("col", 0);
  b.AddOp("test_fp16_add_weight", {{"X", "x"}, {"W", "w"}}, {{"Out", "y"}});
  b.AddOp("relu", {{"X", "y"}}, {{"Out", "z"}});
  b.AddOp("fetch", {{"X", "z"}}, {{"Out", "fetch"}}).SetAttr<int32_t>("col", 0);
  auto o = Optimize(b.program(), kHostFloat, {}, [](Scope* root) {
    Tensor* w = root->Var("w")->GetMutable<Tensor>();
    w->Resize(kDims);
    float* p = w->mutable_data<float>();
    for (int i = 0; i < 24; ++i) p[i] = 0.5f;
    w->set_persistable(true);
  });
  EXPECT_EQ(o->Ops(), (std::vector<std::string>{"feed:def", "calib_once:fp32_to_fp16",
                                                "calib:fp32_to_fp16", "test_fp16_add_weight:def",
                                                "calib:fp16_to_fp32", "relu:def", "fetch:def"}));
  int run_once = 0;
  for (const auto& inst : o->runtime->instructions()) run_once += inst.run_once();
  EXPECT_EQ(run_once, 1);
  ExpectAllNear(o->Run(kDims, Input()), Expected(0.5f), 4e-3f);
  ExpectAllNear(o->Run(kDims, Input()), Expected(0.5f), 4e-3f);  // the once-cast result stays
}

TEST(TypeLayoutCast, InsertsLayoutAroundAnNhwcKernel) {
  auto b = Chain({"test_nhwc_add_one", "relu"});
  auto o = Optimize(b.program(), kHostFloat);
  EXPECT_EQ(o->Ops(), (std::vector<std::string>{"feed:def", "layout:nchw_to_nhwc",
                                                "test_nhwc_add_one:def", "layout:nhwc_to_nchw",
                                                "relu:def", "fetch:def"}));
  ExpectAllNear(o->Run(kDims, Input()), Expected(1.f), 1e-6f);
}

TEST(TypeCast, MissingCastKernelIsAClearError) {
  auto b = Chain({"test_device_add_one", "test_fp16_add_one"});
  // device fp32 -> host fp16 needs io_copy then calib: both exist, so this works...
  EXPECT_NO_THROW(Optimize(b.program(), {Place(TargetType::kCUDA), Place(TargetType::kHost)}));
  // ...but an int8 reader has no calib from fp32 in this build.
  try {
    auto c = Chain({"test_fp16_add_one"});
    c.program().blocks[0].vars[2].precision = PrecisionType::kInt8;  // x declared int8
    Optimize(c.program(), kHostFloat);
    FAIL() << "expected an error";
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find("no calib kernel from host/int8/NCHW to host/fp16/NCHW"),
              std::string::npos)
        << e.what();
  }
}

TEST(StaticKernelPick, FollowsValidPlaceOrder) {
  auto b = Chain({"test_multi_add_one"});
  auto arm_first = Optimize(b.program(), {Place(TargetType::kARM), Place(TargetType::kHost)});
  EXPECT_NE(arm_first->program.blocks[0].ops[1].GetAttr<std::string>(kKernelKeyAttr).find(",arm,"),
            std::string::npos);
  auto host_first = Optimize(b.program(), {Place(TargetType::kHost), Place(TargetType::kARM)});
  EXPECT_NE(host_first->program.blocks[0].ops[1].GetAttr<std::string>(kKernelKeyAttr).find(",host,"),
            std::string::npos);
  auto host_only = Optimize(b.program(), kHostFloat);  // the ARM kernel is not a candidate
  EXPECT_NE(host_only->program.blocks[0].ops[1].GetAttr<std::string>(kKernelKeyAttr).find(",host,"),
            std::string::npos);
}

TEST(StaticKernelPick, SkipsKernelsNeedingCpuFeaturesThisCpuLacks) {
  auto b = Chain({"test_multi_add_one", "relu"});
  auto o = Optimize(b.program(), {Place(TargetType::kX86), Place(TargetType::kHost)});
  const std::string key = o->program.blocks[0].ops[1].GetAttr<std::string>(kKernelKeyAttr);
  EXPECT_NE(key.find(",host,"), std::string::npos) << key;
  EXPECT_EQ(o->Run(kDims, Input()), Expected(1.f));

  // A saved program naming that kernel (optimized on another CPU) fails at load.
  cpp::ProgramDesc saved = o->program;
  saved.blocks[0].ops[1].SetAttr<std::string>(kKernelKeyAttr,
                                              "test_multi_add_one,x86,float,NCHW,def");
  Scope root;
  ExpectErrorContaining(
      [&] { RuntimeProgram(saved, &root.NewScope(), 1); },
      "test_multi_add_one,x86,float,NCHW,def (needs imaginary, which this machine lacks)");
}

// keep_cpu_ops: an op named by its type, or by a variable it reads or writes, gets a CPU
// kernel where a device kernel would win; a name matching nothing is an error naming it.
TEST(StaticKernelPick, KeepCpuOpsKeepsOpsOffTheDevice) {
  auto b = Chain({"test_multi_add_one", "test_multi_add_one", "relu"});
  const std::vector<Place> places = {Place(TargetType::kCUDA), Place(TargetType::kHost)};
  const auto targets = [&](const std::vector<std::string>& keep) {
    Scope root;
    const cpp::ProgramDesc p = lite::Optimize(b.program(), &root.NewScope(), places,
                                              DefaultPasses(), KernelChoices{{}, {}, keep, {}});
    std::vector<std::string> picked;
    for (const auto& op : p.blocks[0].ops) {
      if (op.Type() != "test_multi_add_one") continue;
      const std::string key = op.GetAttr<std::string>(kKernelKeyAttr);
      picked.push_back(key.find(",cuda,") != std::string::npos ? "cuda" : "cpu");
    }
    return picked;
  };
  EXPECT_EQ(targets({}), (std::vector<std::string>{"cuda", "cuda"}));
  EXPECT_EQ(targets({"x"}), (std::vector<std::string>{"cpu", "cuda"}));   // read
  EXPECT_EQ(targets({"t0"}), (std::vector<std::string>{"cpu", "cpu"}));   // written, read
  EXPECT_EQ(targets({"t1"}), (std::vector<std::string>{"cuda", "cpu"}));  // written
  EXPECT_EQ(targets({"test_multi_add_one"}), (std::vector<std::string>{"cpu", "cpu"}));
  ExpectErrorContaining([&] { targets({"x", "t9"}); },
                        "keep_cpu_ops: t9 names no op type of the program and no variable an op "
                        "reads or writes");
  // An op with no CPU kernel cannot be kept there.
  auto device_only = Chain({"test_device_add_one"});
  Scope root;
  ExpectErrorContaining(
      [&] {
        lite::Optimize(device_only.program(), &root.NewScope(), places, DefaultPasses(),
                       KernelChoices{{}, {}, {"x"}, {}});
      },
      "on the CPU (keep_cpu_ops)");
}

TEST(MemoryOptimize, ReusesBuffersAndKeepsResults) {
  auto b = Chain({"relu", "relu6", "relu", "relu6", "relu", "relu6"});
  OptimizerOptions off;
  off.memory_optimize = false;
  auto plain = Optimize(b.program(), kHostFloat, off);
  auto reused = Optimize(b.program(), kHostFloat);
  const auto x = RandomVector(24, -8.f, 8.f, 3);
  const auto y_plain = plain->Run(kDims, x);
  EXPECT_EQ(reused->Run(kDims, x), y_plain);
  EXPECT_LT(reused->runtime->ActivationBytes(), plain->runtime->ActivationBytes());
  // relu6 of relu6 of ... of x: independent expectation
  for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(y_plain[i], std::min(std::max(x[i], 0.f), 6.f));
}

// conv2d -> batch_norm -> elementwise_add(bias) -> relu6 -> mul -> elementwise_add(bias):
// fusion leaves conv2d (bias, relu6 epilogue) -> fc and computes the same.
TEST(FusionPasses, ConvBnBiasActAndFcFuseAndAgree) {
  ProgramBuilder b;
  b.AddVar("x", cpp::VarKind::kLodTensor, false, {-1, 3, 6, 5});
  for (const char* w : {"filter", "bn_scale", "bn_bias", "bn_mean", "bn_var", "conv_b", "fc_w", "fc_b"}) {
    b.AddVar(w, cpp::VarKind::kLodTensor, true);
  }
  b.AddOp("feed", {{"X", "feed"}}, {{"Out", "x"}}).SetAttr<int32_t>("col", 0);
  auto& conv = b.AddOp("conv2d", {{"Input", "x"}, {"Filter", "filter"}}, {{"Output", "c"}});
  conv.SetAttr<std::vector<int32_t>>("strides", {1, 1});
  conv.SetAttr<std::vector<int32_t>>("paddings", {1, 1});
  conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  conv.SetAttr<int32_t>("groups", 1);
  b.AddOp("batch_norm",
          {{"X", "c"}, {"Scale", "bn_scale"}, {"Bias", "bn_bias"}, {"Mean", "bn_mean"},
           {"Variance", "bn_var"}},
          {{"Y", "bn"}})
      .SetAttr<float>("epsilon", 1e-3f);
  b.AddOp("elementwise_add", {{"X", "bn"}, {"Y", "conv_b"}}, {{"Out", "biased"}})
      .SetAttr<int32_t>("axis", 1);
  b.AddOp("relu6", {{"X", "biased"}}, {{"Out", "act"}}).SetAttr<float>("threshold", 6.f);
  b.AddOp("mul", {{"X", "act"}, {"Y", "fc_w"}}, {{"Out", "prod"}})
      .SetAttr<int32_t>("x_num_col_dims", 1);
  b.AddOp("elementwise_add", {{"X", "prod"}, {"Y", "fc_b"}}, {{"Out", "y"}})
      .SetAttr<int32_t>("axis", 1);
  b.AddOp("fetch", {{"X", "y"}}, {{"Out", "fetch"}}).SetAttr<int32_t>("col", 0);

  auto weights = [](Scope* root) {
    const std::vector<std::pair<std::string, DDim>> shapes = {
        {"filter", DDim({4, 3, 3, 3})}, {"bn_scale", DDim({4})}, {"bn_bias", DDim({4})},
        {"bn_mean", DDim({4})},         {"bn_var", DDim({4})},   {"conv_b", DDim({4})},
        {"fc_w", DDim({120, 7})},       {"fc_b", DDim({7})}};
    uint32_t seed = 10;
    for (const auto& s : shapes) {
      Tensor* t = root->Var(s.first)->GetMutable<Tensor>();
      t->Resize(s.second);
      const auto v = RandomVector(s.second.production(), s.first == "bn_var" ? 0.5f : -1.f, 2.f, seed++);
      std::memcpy(t->mutable_data<float>(), v.data(), v.size() * 4);
      t->set_persistable(true);
    }
  };
  OptimizerOptions off;
  off.fuse = false;
  off.memory_optimize = false;
  auto plain = Optimize(b.program(), kHostFloat, off, weights);
  auto fused = Optimize(b.program(), kHostFloat, {}, weights);
  EXPECT_EQ(fused->Ops(), (std::vector<std::string>{"feed:def", "conv2d:def", "fc:def", "fetch:def"}));
  const cpp::OpDesc& conv_op = fused->program.blocks[0].ops[1];
  EXPECT_EQ(conv_op.GetAttr<std::string>("act_type"), "relu6");
  EXPECT_TRUE(conv_op.HasInput("Bias"));
  const DDim dims({2, 3, 6, 5});
  const auto x = RandomVector(dims.production(), -1.f, 1.f, 99);
  const auto expected = plain->Run(dims, x);
  ASSERT_EQ(expected.size(), 14u);
  ExpectAllNear(fused->Run(dims, x), expected, 1e-4f, 1e-5f);
}

// Found by fuzzing: a batch_norm reading one weight as both Mean and Variance links that
// arg twice; folding it into the conv freed the arg and then unlinked it again.
TEST(FusionPasses, ConvBnWithOneVarAsMeanAndVarianceFuses) {
  ProgramBuilder b;
  b.AddVar("x", cpp::VarKind::kLodTensor, false, {-1, 2, 4, 4});
  for (const char* w : {"filter", "bn_scale", "bn_bias", "bn_stat"}) {
    b.AddVar(w, cpp::VarKind::kLodTensor, true);
  }
  b.AddOp("feed", {{"X", "feed"}}, {{"Out", "x"}}).SetAttr<int32_t>("col", 0);
  auto& conv = b.AddOp("conv2d", {{"Input", "x"}, {"Filter", "filter"}}, {{"Output", "c"}});
  conv.SetAttr<std::vector<int32_t>>("strides", {1, 1});
  conv.SetAttr<std::vector<int32_t>>("paddings", {0, 0});
  conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  conv.SetAttr<int32_t>("groups", 1);
  b.AddOp("batch_norm",
          {{"X", "c"}, {"Scale", "bn_scale"}, {"Bias", "bn_bias"}, {"Mean", "bn_stat"},
           {"Variance", "bn_stat"}},
          {{"Y", "y"}})
      .SetAttr<float>("epsilon", 1e-3f);
  b.AddOp("fetch", {{"X", "y"}}, {{"Out", "fetch"}}).SetAttr<int32_t>("col", 0);
  auto weights = [](Scope* root) {
    uint32_t seed = 20;
    for (const auto& s : std::vector<std::pair<std::string, DDim>>{
             {"filter", DDim({3, 2, 1, 1})}, {"bn_scale", DDim({3})}, {"bn_bias", DDim({3})},
             {"bn_stat", DDim({3})}}) {
      Tensor* t = root->Var(s.first)->GetMutable<Tensor>();
      t->Resize(s.second);
      const auto v = RandomVector(s.second.production(), 0.5f, 2.f, seed++);
      std::memcpy(t->mutable_data<float>(), v.data(), v.size() * 4);
      t->set_persistable(true);
    }
  };
  OptimizerOptions off;
  off.fuse = false;
  auto plain = Optimize(b.program(), kHostFloat, off, weights);
  auto fused = Optimize(b.program(), kHostFloat, {}, weights);
  EXPECT_EQ(fused->Ops(), (std::vector<std::string>{"feed:def", "conv2d:def", "fetch:def"}));
  const DDim dims({1, 2, 4, 4});
  const auto x = RandomVector(dims.production(), -1.f, 1.f, 7);
  ExpectAllNear(fused->Run(dims, x), plain->Run(dims, x), 1e-4f, 1e-5f);
}

// Found by fuzzing: a conv whose Bias is an activation (here an input) has no bias weight
// to fold a batch_norm into; the fusion dereferenced the missing weight. It stays unfused.
TEST(FusionPasses, ConvWithActivationBiasIsNotFused) {
  ProgramBuilder b;
  b.AddVar("x", cpp::VarKind::kLodTensor, false, {-1, 2, 4, 4});
  b.AddVar("bias", cpp::VarKind::kLodTensor, false, {3});
  for (const char* w : {"filter", "bn_scale", "bn_bias", "bn_mean", "bn_var"}) {
    b.AddVar(w, cpp::VarKind::kLodTensor, true);
  }
  b.AddOp("feed", {{"X", "feed"}}, {{"Out", "x"}}).SetAttr<int32_t>("col", 0);
  b.AddOp("feed", {{"X", "feed"}}, {{"Out", "bias"}}).SetAttr<int32_t>("col", 1);
  auto& conv = b.AddOp("conv2d", {{"Input", "x"}, {"Filter", "filter"}, {"Bias", "bias"}},
                       {{"Output", "c"}});
  conv.SetAttr<std::vector<int32_t>>("strides", {1, 1});
  conv.SetAttr<std::vector<int32_t>>("paddings", {0, 0});
  conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  conv.SetAttr<int32_t>("groups", 1);
  b.AddOp("batch_norm",
          {{"X", "c"}, {"Scale", "bn_scale"}, {"Bias", "bn_bias"}, {"Mean", "bn_mean"},
           {"Variance", "bn_var"}},
          {{"Y", "y"}})
      .SetAttr<float>("epsilon", 1e-3f);
  b.AddOp("fetch", {{"X", "y"}}, {{"Out", "fetch"}}).SetAttr<int32_t>("col", 0);
  auto weights = [](Scope* root) {
    uint32_t seed = 30;
    for (const auto& [name, dims] : std::vector<std::pair<std::string, DDim>>{
             {"filter", DDim({3, 2, 1, 1})}, {"bn_scale", DDim({3})}, {"bn_bias", DDim({3})},
             {"bn_mean", DDim({3})}, {"bn_var", DDim({3})}}) {
      Tensor* t = root->Var(name)->GetMutable<Tensor>();
      t->Resize(dims);
      const auto v = RandomVector(dims.production(), 0.5f, 2.f, seed++);
      std::memcpy(t->mutable_data<float>(), v.data(), v.size() * 4);
      t->set_persistable(true);
    }
  };
  OptimizerOptions off;
  off.fuse = false;
  auto fused = Optimize(b.program(), kHostFloat, {}, weights);
  auto plain = Optimize(b.program(), kHostFloat, off, weights);
  EXPECT_EQ(fused->Ops(), plain->Ops());
  auto run = [](Optimized* o) {
    auto* feed = o->exec->Var("feed")->GetMutable<TensorList>();
    feed->resize(2);
    (*feed)[0].Resize({1, 2, 4, 4});
    const auto x = RandomVector(32, -1.f, 1.f, 7);
    std::memcpy((*feed)[0].mutable_data<float>(), x.data(), x.size() * sizeof(float));
    (*feed)[1].Resize({3});
    const float bias[3] = {0.5f, -1.f, 2.f};
    std::memcpy((*feed)[1].mutable_data<float>(), bias, sizeof(bias));
    o->runtime->Run();
    return ToVector(o->exec->FindVar("fetch")->Get<TensorList>().at(0));
  };
  EXPECT_EQ(run(fused.get()), run(plain.get()));
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
