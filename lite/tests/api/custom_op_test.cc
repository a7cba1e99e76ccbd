// Custom ops and kernels through the public API (paddle_custom_op.h): a new op type with its
// shape inference and an NHWC kernel, a provider kernel replacing a built-in one, refused
// registrations, and failing kernels; through CxxConfig and through .nb + MobileConfig.
// Expected values come from naive routines written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>
#include <functional>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/paddle_custom_op.h"
#include "lite/model_parser/pb/program_desc_parser.h"
#include "lite/tests/core/program_test_util.h"
#include "lite/tests/model_parser/model_test_util.h"
#include "lite/tests/models/model_test_util.h"

namespace {

using paddle::lite_api::CustomKernel;
using paddle::lite_api::CustomOpContext;
using paddle::lite_api::PaddleLiteException;

// test_rms_norm: Out[n, c, h, w] = X[n, c, h, w] / sqrt(mean_c(X[n, :, h, w]^2) + epsilon).
// Its kernel reads NHWC, where each pixel's channels are contiguous.
void InferSameShape(CustomOpContext& ctx) { ctx.Output("Out").Resize(ctx.Input("X").shape()); }

class RmsNormNhwc : public CustomKernel {
 public:
  void Prepare(CustomOpContext& ctx) override {
    epsilon_ = ctx.GetAttrOr<float>("epsilon", 1e-6f);
    if (epsilon_ <= 0) throw PaddleLiteException("test_rms_norm: epsilon must be > 0");
  }
  void Execute(CustomOpContext& ctx) override {
    auto x = ctx.Input("X");
    auto out = ctx.Output("Out");
    if (x.layout() != DATALAYOUT(kNHWC)) throw PaddleLiteException("test_rms_norm: not NHWC");
    const auto shape = x.shape();  // [N, H, W, C]
    const int64_t c = shape[3];
    const float* in = x.data<float>();
    float* o = out.mutable_data<float>();
    for (int64_t p = 0; p < x.numel() / c; ++p) {
      float sum = 0;
      for (int64_t i = 0; i < c; ++i) sum += in[p * c + i] * in[p * c + i];
      const float scale = 1.f / std::sqrt(sum / c + epsilon_);
      for (int64_t i = 0; i < c; ++i) o[p * c + i] = in[p * c + i] * scale;
    }
  }

 private:
  float epsilon_{0};
};

// A provider kernel for the built-in relu that counts its runs.
std::atomic<int> acme_relu_runs{0};
class AcmeRelu : public CustomKernel {
 public:
  void Execute(CustomOpContext& ctx) override {
    ++acme_relu_runs;
    auto x = ctx.Input("X");
    const float* in = x.data<float>();
    float* out = ctx.Output("Out").mutable_data<float>();
    for (int64_t i = 0; i < x.numel(); ++i) out[i] = in[i] > 0 ? in[i] : 0;
  }
};

// test_checked_copy: copies X, and fails a run whose first element is negative.
class CheckedCopy : public CustomKernel {
 public:
  void Execute(CustomOpContext& ctx) override {
    auto x = ctx.Input("X");
    const float* in = x.data<float>();
    if (in[0] < 0) throw std::runtime_error("negative first element");
    float* out = ctx.Output("Out").mutable_data<float>();
    for (int64_t i = 0; i < x.numel(); ++i) out[i] = in[i];
  }
};

// test_twice: Out = 2 X, by one of two kernels chosen by X's channels: an NHWC one for 3 or
// more channels, an NCHW one below. Each counts its runs.
std::atomic<int> twice_nhwc_runs{0}, twice_nchw_runs{0};
template <std::atomic<int>* kRuns>
class Twice : public CustomKernel {
 public:
  void Execute(CustomOpContext& ctx) override {
    ++*kRuns;
    auto x = ctx.Input("X");
    float* out = ctx.Output("Out").mutable_data<float>();
    for (int64_t i = 0; i < x.numel(); ++i) out[i] = 2 * x.data<float>()[i];
  }
};
bool ManyChannels(const paddle::lite_api::CustomOpView& op) {
  const auto shape = op.InputShape("X");
  return shape.size() == 4 && shape[1] >= 3;
}
using TwiceNhwc = Twice<&twice_nhwc_runs>;
using TwiceNchw = Twice<&twice_nchw_runs>;

// test_int_twice and test_half_twice: Out (float) = 2 X, reading X as int32 / fp16.
class IntTwice : public CustomKernel {
 public:
  void Execute(CustomOpContext& ctx) override {
    auto x = ctx.Input("X");
    if (x.precision() != PRECISION(kInt32)) throw PaddleLiteException("X is not int32");
    float* out = ctx.Output("Out").mutable_data<float>();
    for (int64_t i = 0; i < x.numel(); ++i) out[i] = 2.f * static_cast<float>(x.data<int32_t>()[i]);
  }
};
// IEEE half to float, for normal numbers and zero (what the test feeds).
float HalfToFloat(uint16_t h) {
  if ((h & 0x7fff) == 0) return (h & 0x8000) ? -0.f : 0.f;
  const int exponent = ((h >> 10) & 0x1f) - 15;
  const float mantissa = 1.f + static_cast<float>(h & 0x3ff) / 1024.f;
  return ((h & 0x8000) ? -1.f : 1.f) * std::ldexp(mantissa, exponent);
}
class HalfTwice : public CustomKernel {
 public:
  void Execute(CustomOpContext& ctx) override {
    auto x = ctx.Input("X");
    if (x.precision() != PRECISION(kFP16)) throw PaddleLiteException("X is not fp16");
    const auto* halves = static_cast<const uint16_t*>(x.data<void>());
    float* out = ctx.Output("Out").mutable_data<float>();
    for (int64_t i = 0; i < x.numel(); ++i) out[i] = 2.f * HalfToFloat(halves[i]);
  }
};

// acme's x86 conv2d for 1x1 filters, one group, no padding or stride: Out[o] = sum_c W[o, c] X[c]
// per pixel. Counts its runs.
std::atomic<int> acme_conv_runs{0};
class AcmeConv1x1 : public CustomKernel {
 public:
  void Execute(CustomOpContext& ctx) override {
    ++acme_conv_runs;
    auto x = ctx.Input("Input");
    auto w = ctx.Input("Filter");
    const auto xs = x.shape(), ws = w.shape();
    const int64_t n = xs[0], c = xs[1], plane = xs[2] * xs[3], o = ws[0];
    float* out = ctx.Output("Output").mutable_data<float>();
    for (int64_t b = 0; b < n; ++b) {
      for (int64_t oc = 0; oc < o; ++oc) {
        for (int64_t p = 0; p < plane; ++p) {
          float sum = 0;
          for (int64_t ic = 0; ic < c; ++ic) {
            sum += w.data<float>()[oc * c + ic] * x.data<float>()[(b * c + ic) * plane + p];
          }
          out[(b * o + oc) * plane + p] = sum;
        }
      }
    }
  }
};

}  // namespace

REGISTER_CUSTOM_KERNEL(conv2d, kX86, kFloat, kNCHW, acme, AcmeConv1x1)
    .Applies([](const paddle::lite_api::CustomOpView& op) {
      const auto filter = op.InputShape("Filter");
      return filter.size() == 4 && filter[2] == 1 && filter[3] == 1 &&
             op.GetAttrOr<int32_t>("groups", 1) == 1;
    })
    .Finalize();
REGISTER_CUSTOM_OP(test_twice).Inputs({"X"}).Outputs({"Out"}).InferShape(InferSameShape).Finalize();
REGISTER_CUSTOM_KERNEL(test_twice, kHost, kFloat, kNHWC, testvendor, TwiceNhwc)
    .Input("X", PRECISION(kFloat), DATALAYOUT(kNHWC))
    .Output("Out", PRECISION(kFloat), DATALAYOUT(kNHWC))
    .Applies(ManyChannels)
    .Finalize();
REGISTER_CUSTOM_KERNEL(test_twice, kHost, kFloat, kNCHW, testvendor, TwiceNchw)
    .Applies([](const paddle::lite_api::CustomOpView& op) { return !ManyChannels(op); })
    .Finalize();
REGISTER_CUSTOM_OP(test_int_twice).Inputs({"X"}).Outputs({"Out"}).InferShape(InferSameShape).Finalize();
REGISTER_CUSTOM_KERNEL(test_int_twice, kHost, kFloat, kNCHW, testvendor, IntTwice)
    .Input("X", PRECISION(kInt32))
    .Finalize();
REGISTER_CUSTOM_OP(test_half_twice).Inputs({"X"}).Outputs({"Out"}).InferShape(InferSameShape).Finalize();
REGISTER_CUSTOM_KERNEL(test_half_twice, kHost, kFloat, kNCHW, testvendor, HalfTwice)
    .Input("X", PRECISION(kFP16))
    .Finalize();
REGISTER_CUSTOM_OP(test_rms_norm).Inputs({"X"}).Outputs({"Out"}).InferShape(InferSameShape).Finalize();
REGISTER_CUSTOM_KERNEL(test_rms_norm, kHost, kFloat, kNHWC, testvendor, RmsNormNhwc)
    .Input("X", PRECISION(kFloat), DATALAYOUT(kNHWC))
    .Output("Out", PRECISION(kFloat), DATALAYOUT(kNHWC))
    .Finalize();
REGISTER_CUSTOM_KERNEL(relu, kHost, kFloat, kNCHW, acme, AcmeRelu).Finalize();
REGISTER_CUSTOM_OP(test_checked_copy).Inputs({"X"}).Outputs({"Out"}).InferShape(InferSameShape).Finalize();
REGISTER_CUSTOM_KERNEL(test_checked_copy, kHost, kFloat, kNCHW, testvendor, CheckedCopy).Finalize();
// Refused: an op type plite has, an op without shape inference, a target custom kernels do
// not run on, a second kernel under the same key.
REGISTER_CUSTOM_OP(softmax).Inputs({"X"}).Outputs({"Out"}).InferShape(InferSameShape).Finalize();
REGISTER_CUSTOM_OP(test_no_infer).Inputs({"X"}).Outputs({"Out"}).Finalize();
REGISTER_CUSTOM_KERNEL(test_kernel_without_op, kHost, kFloat, kNCHW, testvendor, CheckedCopy).Finalize();
REGISTER_CUSTOM_KERNEL(test_checked_copy, kOpenCL, kFloat, kNCHW, testvendor, CheckedCopy).Finalize();
REGISTER_CUSTOM_KERNEL(test_checked_copy, kHost, kFloat, kNCHW, testvendor, CheckedCopy).Finalize();

namespace paddle {
namespace lite {
namespace test {
namespace {

using lite_api::CxxConfig;
using lite_api::MobileConfig;
using lite_api::PaddlePredictor;

const std::vector<int64_t> kDims = {2, 3, 2, 2};

// feed x -> `op_type` (X -> Out, with `attrs`) -> fetch, as Paddle program bytes.
std::string ModelBytes(const std::string& op_type,
                       const std::function<void(cpp::OpDesc*)>& attrs = nullptr) {
  Builder b(kDims);
  cpp::OpDesc& op = b.Op(op_type, {{"X", "x"}}, {{"Out", "y"}}, {{"y", kDims}});
  if (attrs) attrs(&op);
  b.Fetch("y", 0);
  return pb::SerializeProgramDesc(b.program());
}

std::shared_ptr<PaddlePredictor> Create(const std::string& model,
                                        const std::vector<std::string>& providers = {}) {
  CxxConfig config;
  config.set_model_buffer(model.data(), model.size(), nullptr, 0);
  config.set_valid_places({lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
  config.set_kernel_providers(providers);
  return lite_api::CreatePaddlePredictor<CxxConfig>(config);
}

std::shared_ptr<PaddlePredictor> ThroughNb(PaddlePredictor* full) {
  testing::TempDir dir;
  full->SaveOptimizedModel(dir / "m", lite_api::LiteModelType::kNaiveBuffer);
  MobileConfig light;
  light.set_model_from_buffer(testing::ReadBytes(dir / "m.nb"));
  return lite_api::CreatePaddlePredictor<MobileConfig>(light);
}

std::vector<float> Input(float offset = 0) {
  std::vector<float> x(24);
  for (size_t i = 0; i < x.size(); ++i) x[i] = offset + 0.25f * static_cast<float>(i) - 2.5f;
  return x;
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

// RMS over the channels of each NCHW pixel, from the definition.
std::vector<float> NaiveRmsNorm(const std::vector<float>& x, float epsilon) {
  const int64_t n = kDims[0], c = kDims[1], plane = kDims[2] * kDims[3];
  std::vector<float> out(x.size());
  for (int64_t b = 0; b < n; ++b) {
    for (int64_t p = 0; p < plane; ++p) {
      double sum = 0;
      for (int64_t i = 0; i < c; ++i) sum += double(x[(b * c + i) * plane + p]) * x[(b * c + i) * plane + p];
      const double scale = 1.0 / std::sqrt(sum / c + epsilon);
      for (int64_t i = 0; i < c; ++i) out[(b * c + i) * plane + p] = float(x[(b * c + i) * plane + p] * scale);
    }
  }
  return out;
}

void ExpectNear(const std::vector<float>& got, const std::vector<float>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-5f) << "element " << i;
}

cpp::OpDesc* SetEpsilon(cpp::OpDesc* op, float epsilon) {
  op->SetAttr<float>("epsilon", epsilon);
  return op;
}

TEST(CustomOp, NewOpTypeRunsThroughCxxConfigAndNb) {
  const std::string model = ModelBytes("test_rms_norm", [](cpp::OpDesc* op) { SetEpsilon(op, 0.5f); });
  auto full = Create(model);
  const std::vector<float> x = Input();
  ExpectNear(RunModel(full.get(), x), NaiveRmsNorm(x, 0.5f));
  auto light = ThroughNb(full.get());
  ExpectNear(RunModel(light.get(), x), NaiveRmsNorm(x, 0.5f));
  // New input values (and the same shapes) on the same predictors.
  const std::vector<float> x2 = Input(1.5f);
  ExpectNear(RunModel(full.get(), x2), NaiveRmsNorm(x2, 0.5f));
  ExpectNear(RunModel(light.get(), x2), NaiveRmsNorm(x2, 0.5f));
}

// The kernel declares NHWC: the optimizer puts layout casts on both sides of it.
TEST(CustomOp, NhwcKernelGetsLayoutCastsAroundIt) {
  Builder b(kDims);
  b.Op("test_rms_norm", {{"X", "x"}}, {{"Out", "y"}}, {{"y", kDims}});
  b.Fetch("y", 0);
  lite_api::CustomOpTypes();  // applies the registrations (a predictor would)
  auto o = Optimize(b.program(), kHostOnly, false);
  const std::vector<std::string> types = o->OpTypes();
  EXPECT_EQ(types, (std::vector<std::string>{"feed", "layout", "test_rms_norm", "layout", "fetch"}));
  const auto layouts = o->Ops("layout");
  ASSERT_EQ(layouts.size(), 2u);
  EXPECT_NE(layouts[0]->GetAttr<std::string>("__kernel_key__").find("nchw_to_nhwc"), std::string::npos);
  EXPECT_NE(layouts[1]->GetAttr<std::string>("__kernel_key__").find("nhwc_to_nchw"), std::string::npos);
  const std::vector<float> x = Input();
  ExpectNear(o->Run(DDim(kDims), x), NaiveRmsNorm(x, 1e-6f));
}

// x (dims) -> `op_type` -> fetch, optimized for host.
std::unique_ptr<Optimized> OptimizeOne(const std::string& op_type, const std::vector<int64_t>& dims) {
  Builder b(dims);
  b.Op(op_type, {{"X", "x"}}, {{"Out", "y"}}, {{"y", dims}});
  b.Fetch("y", 0);
  lite_api::CustomOpTypes();  // applies the registrations (a predictor would)
  return Optimize(b.program(), kHostOnly, false);
}

// A provider's kernels for one op in two layouts, chosen by the input's channels.
TEST(CustomOp, KernelConditionsChooseByInputShape) {
  for (int64_t channels : {2, 3, 8}) {
    SCOPED_TRACE(channels);
    const std::vector<int64_t> dims = {1, channels, 2, 3};
    auto o = OptimizeOne("test_twice", dims);
    const bool nhwc = channels >= 3;
    EXPECT_EQ(o->Ops("layout").size(), nhwc ? 2u : 0u);
    std::vector<float> x(static_cast<size_t>(channels * 6)), want;
    for (size_t i = 0; i < x.size(); ++i) x[i] = 0.5f * static_cast<float>(i) - 3.f;
    for (float v : x) want.push_back(2 * v);
    const int nhwc_before = twice_nhwc_runs, nchw_before = twice_nchw_runs;
    ExpectNear(o->Run(DDim(dims), x), want);
    EXPECT_EQ(twice_nhwc_runs - nhwc_before, nhwc ? 1 : 0);
    EXPECT_EQ(twice_nchw_runs - nchw_before, nhwc ? 0 : 1);
  }
}

// Kernels that ask for int32 and fp16 inputs get calib casts from the model's float.
TEST(CustomOp, KernelsAskingForInt32OrFp16InputsGetCalibCasts) {
  const std::vector<float> x = {-4.f, -1.5f, 0.f, 0.25f, 3.f, 1024.f};  // exact in fp16
  for (const char* op : {"test_int_twice", "test_half_twice"}) {
    SCOPED_TRACE(op);
    auto o = OptimizeOne(op, {1, 6});
    EXPECT_EQ(o->OpTypes(), (std::vector<std::string>{"feed", "calib", op, "fetch"}));
    std::vector<float> want;
    const bool integer = std::string(op) == "test_int_twice";
    // fp32 -> int32 rounds halfway cases away from zero (calib's rule): -1.5 -> -2.
    for (float v : x) want.push_back(2 * (integer ? std::round(v) : v));
    ExpectNear(o->Run(DDim({1, 6}), x), want);
  }
}

TEST(CustomOp, ProviderKernelReplacesTheBuiltinOneWhenNamed) {
  const std::string model = ModelBytes("relu");
  const std::vector<float> x = Input();
  std::vector<float> want(x.size());
  for (size_t i = 0; i < x.size(); ++i) want[i] = x[i] > 0 ? x[i] : 0;

  acme_relu_runs = 0;
  ExpectNear(RunModel(Create(model).get(), x), want);  // not named: the built-in kernel
  EXPECT_EQ(acme_relu_runs, 0);
  auto full = Create(model, {"acme"});
  ExpectNear(RunModel(full.get(), x), want);
  EXPECT_EQ(acme_relu_runs, 1);
  // The .nb records acme's kernel, and the light predictor runs it.
  auto light = ThroughNb(full.get());
  ExpectNear(RunModel(light.get(), x), want);
  EXPECT_EQ(acme_relu_runs, 2);
  // A provider nobody registered changes nothing.
  ExpectNear(RunModel(Create(model, {"nobody"}).get(), x), want);
  EXPECT_EQ(acme_relu_runs, 2);
}

// The tailoring lists keep the app's op types and provider kernels apart: a tailored build
// cannot compile them, and only a program with none may leave custom op support out.
TEST(CustomOp, TailoringListsNameCustomOpsAndKernelsApart) {
  Builder b(kDims);
  b.Op("test_rms_norm", {{"X", "x"}}, {{"Out", "y"}}, {{"y", kDims}});
  b.Op("relu", {{"X", "y"}}, {{"Out", "z"}}, {{"z", kDims}});
  b.Fetch("z", 0);
  const std::string model = pb::SerializeProgramDesc(b.program());
  testing::TempDir dir;
  const std::string out = dir / "m";  // m.nb, and the lists in m/
  auto lines = [&](const char* list) {
    std::ifstream in(out + "/" + list);
    EXPECT_TRUE(in.is_open()) << list;
    std::vector<std::string> got;
    for (std::string line; std::getline(in, line);) got.push_back(line);
    return got;
  };
  Create(model, {"acme"})->SaveOptimizedModel(out, lite_api::LiteModelType::kNaiveBuffer,
                                             /*record_info=*/true);
  EXPECT_EQ(lines(".tailored_custom_list"),
            (std::vector<std::string>{"relu,host,float,NCHW,acme", "test_rms_norm"}));
  const std::vector<std::string> ops = lines(".tailored_ops_list");
  EXPECT_EQ(std::count(ops.begin(), ops.end(), "test_rms_norm"), 0);
  EXPECT_EQ(std::count(ops.begin(), ops.end(), "relu"), 1);
  for (const std::string& kernel : lines(".tailored_kernels_list")) {
    EXPECT_EQ(kernel.find("acme"), std::string::npos) << kernel;
  }
  // Built-in ops and kernels only: an empty list.
  Create(ModelBytes("relu"))->SaveOptimizedModel(out, lite_api::LiteModelType::kNaiveBuffer,
                                                 /*record_info=*/true);
  EXPECT_TRUE(lines(".tailored_custom_list").empty());
}

// On x86 the blocked-layout planner would move a chain of convolutions to NCHW16c kernels;
// it leaves the provider's kernel the app asked for in place.
TEST(CustomOp, ProviderKernelStaysThroughTheBlockedLayoutPlanner) {
  const std::vector<Place> places = PlacesOnThisCpu(true);
  if (places.front().target != TargetType::kX86) GTEST_SKIP() << "no AVX2+FMA: no x86 kernels";
  const std::vector<int64_t> dims = {1, 16, 3, 3};
  // Four pointwise convolutions: enough for the planner to pay for two layout casts.
  Builder b(dims);
  Weights weights;
  std::vector<float> w(256);
  for (size_t i = 0; i < w.size(); ++i) w[i] = 0.02f * static_cast<float>(int(i % 13) - 6);
  std::string in = "x";
  for (int step = 1; step <= 4; ++step) {
    const std::string filter = "w" + std::to_string(step), out = "c" + std::to_string(step);
    b.AddVar(filter, cpp::VarKind::kLodTensor, {16, 16, 1, 1}, true);
    weights[filter] = {DDim({16, 16, 1, 1}), w};
    b.Op("conv2d", {{"Input", in}, {"Filter", filter}}, {{"Output", out}}, {{out, dims}})
        .SetAttr<std::vector<int32_t>>("strides", {1, 1});
    in = out;
  }
  b.Fetch(in, 0);
  lite_api::CustomOpTypes();  // applies the registrations (a predictor would)
  OptimizerOptions options;
  options.fuse = false;

  auto builtin = Optimize(b.program(), places, options, weights);
  for (const cpp::OpDesc* conv : builtin->Ops("conv2d")) {
    EXPECT_NE(conv->GetAttr<std::string>("__kernel_key__").find("NCHW16c"), std::string::npos);
  }
  auto acme = Optimize(b.program(), places, options, weights, 1, KernelChoices{{"acme"}, {}, {}, {}});
  for (const cpp::OpDesc* conv : acme->Ops("conv2d")) {
    EXPECT_EQ(conv->GetAttr<std::string>("__kernel_key__"), "conv2d,x86,float,NCHW,acme");
  }
  std::vector<float> x(144);
  for (size_t i = 0; i < x.size(); ++i) x[i] = 0.1f * static_cast<float>(int(i % 11) - 5);
  acme_conv_runs = 0;
  const std::vector<float> got = acme->Run(DDim(dims), x);
  EXPECT_EQ(acme_conv_runs, 4);
  ExpectNear(got, builtin->Run(DDim(dims), x));  // the built-in kernels, the reference
}

TEST(CustomOp, UnknownOpTypesSayWhereCustomOpsComeFrom) {
  ExpectErrorHolding([] { Create(ModelBytes("test_never_registered")); },
                     {"op 'test_never_registered' is not supported", "REGISTER_CUSTOM_OP",
                      "PLITE_OP_PLUGIN_PATH"});
  ExpectErrorHolding([] { Create(ModelBytes("test_kernel_without_op")); },
                     {"kernels for 'test_kernel_without_op' are registered (providers testvendor) "
                      "but no op: REGISTER_CUSTOM_OP(test_kernel_without_op).InferShape(...)"});
  ExpectErrorHolding([] { Create(ModelBytes("test_no_infer")); },
                     {"op 'test_no_infer'", "refused registrations for 'test_no_infer'",
                      "no shape inference"});
}

TEST(CustomOp, AnInstanceLackingADeclaredParameterIsRefusedAtLoad) {
  Builder b(kDims);
  b.Op("test_rms_norm", {{"Input", "x"}}, {{"Out", "y"}}, {{"y", kDims}});
  b.Fetch("y", 0);
  const std::string model = pb::SerializeProgramDesc(b.program());
  ExpectErrorHolding([&] { Create(model); },
                     {"op 'test_rms_norm' (custom): input 'X' is missing",
                      "the op's registration declares inputs [X]"});
}

TEST(CustomOp, RefusedRegistrationsAreReportedNotFatal) {
  const std::vector<std::string> errors = lite_api::CustomRegistrationErrors();
  auto has = [&](const std::string& part) {
    for (const auto& e : errors) {
      if (e.find(part) != std::string::npos) return true;
    }
    return false;
  };
  EXPECT_TRUE(has("custom op 'softmax' (app): the op type is already registered")) << errors.size();
  EXPECT_TRUE(has("custom op 'test_no_infer' (app): no shape inference"));
  EXPECT_TRUE(has("target opencl is not one custom kernels run on"));
  EXPECT_TRUE(has("test_checked_copy,host,float,NCHW,testvendor is registered twice"));
  const std::vector<std::string> types = lite_api::CustomOpTypes();
  EXPECT_NE(std::find(types.begin(), types.end(), "test_rms_norm"), types.end());
  EXPECT_EQ(std::find(types.begin(), types.end(), "softmax"), types.end());
  // The built-in softmax is untouched.
  // The built-in softmax is untouched: over the last axis (2 elements), pairs sum to 1.
  const std::vector<float> y = RunModel(Create(ModelBytes("softmax")).get(), Input());
  for (size_t i = 0; i < y.size(); i += 2) EXPECT_NEAR(y[i] + y[i + 1], 1.f, 1e-6f);
  EXPECT_NEAR(y[1] / y[0], std::exp(0.25f), 1e-5f);
}

TEST(CustomOp, FailuresInAppCodeLeaveThePredictorUsable) {
  auto predictor = Create(ModelBytes("test_checked_copy"));
  ExpectErrorHolding([&] { RunModel(predictor.get(), Input(-10.f)); },
                     {"custom kernel test_checked_copy,host,float,NCHW,testvendor",
                      "Execute", "negative first element", "test_checked_copy"});
  const std::vector<float> x = Input(10.f);
  ExpectNear(RunModel(predictor.get(), x), x);
  // A Prepare that refuses the op's attribute.
  auto bad = Create(ModelBytes("test_rms_norm", [](cpp::OpDesc* op) { SetEpsilon(op, -1.f); }));
  ExpectErrorHolding([&] { RunModel(bad.get(), Input()); }, {"Prepare", "epsilon must be > 0"});
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
