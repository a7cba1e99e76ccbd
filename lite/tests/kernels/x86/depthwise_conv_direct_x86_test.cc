// The direct depthwise plane kernel (lite/backends/x86/math/depthwise/depthwise_conv.h) against a plain
// reference loop (depthwise_reference.h), with AVX2 forced and with AVX-512 where the CPU has it: 3x3
// and 5x5, stride 1 and 2, every padding (none, symmetric, asymmetric, larger than the
// filter's reach), widths around the 8/16-lane blocks, 1x1 outputs, each in-register
// activation. Then the depthwise_conv2d x86 kernel on 1 and 2 threads against the host
// kernel for the same paths.
//
// Tolerance: K*K products of |x| <= 2, |w| <= 1 summed in another order:
// |got - want| <= 4e-6 * K*K + 1e-5 * |want|. A border or lane bug is off by O(0.1).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "lite/backends/x86/math/depthwise/depthwise_conv.h"
#include "lite/core/op_registry.h"
#include "lite/core/thread_pool.h"
#include "lite/operators/activation_attrs.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/tests/kernels/x86/depthwise_reference.h"
#include "lite/tests/kernels/x86/isa_switch_test.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

namespace math = lite::x86::math;

struct PlaneCase {
  int h, w, k, s, pt, pb, pl, pr;
  int sw = 0;  // the horizontal stride where it differs from s (stride (2, 1))
};

math::DepthwisePlane PlaneOf(const PlaneCase& c) {
  math::DepthwisePlane p;
  p.in_h = c.h;
  p.in_w = c.w;
  p.kernel = c.k;
  p.stride_h = c.s;
  p.stride_w = c.sw ? c.sw : c.s;
  p.pad_top = c.pt;
  p.pad_left = c.pl;
  p.out_h = (c.h + c.pt + c.pb - c.k) / p.stride_h + 1;
  p.out_w = (c.w + c.pl + c.pr - c.k) / p.stride_w + 1;
  return p;
}

// Runs one plane placed at the very end of an exact-size buffer (an over-read past the
// plane would touch memory the test does not own; ASan builds catch it), with guard
// values around the output.
void CheckPlane(const PlaneCase& c, const Activation& e, uint32_t seed) {
  const math::DepthwisePlane p = PlaneOf(c);
  SCOPED_TRACE(StrCat("in ", c.h, "x", c.w, " k", c.k, " s", c.s, ",", p.stride_w, " pads t",
                      c.pt, " b", c.pb,
                      " l", c.pl, " r", c.pr, " act ", ActivationName(e),
                      " avx512 ", math::DepthwiseUsesAvx512()));
  ASSERT_GT(p.out_h, 0);
  ASSERT_GT(p.out_w, 0);
  const std::vector<float> in = RandomVector(static_cast<size_t>(c.h) * c.w, -2.f, 2.f, seed);
  const std::vector<float> f = RandomVector(c.k * c.k, -1.f, 1.f, seed + 1);
  const float bias = RandomVector(1, -1.f, 1.f, seed + 2)[0];
  const std::vector<float> want = ReferenceDepthwisePlane(in.data(), f.data(), bias, p, e);
  const size_t n = want.size();
  std::unique_ptr<float[]> in_buf(new float[in.size()]);
  std::copy(in.begin(), in.end(), in_buf.get());
  std::vector<float> out(n + 32, 123.f);  // 16 guards each side
  math::DepthwiseConvPlane(in_buf.get(), f.data(), bias, p, e, out.data() + 16);
  for (int i = 0; i < 16; ++i) {
    ASSERT_EQ(out[i], 123.f) << "wrote before the output";
    ASSERT_EQ(out[16 + n + i], 123.f) << "wrote past the output";
  }
  ExpectAllNear(std::vector<float>(out.begin() + 16, out.begin() + 16 + n), want,
                4e-6f * c.k * c.k, 1e-5f);
}

// Each test runs with AVX2 forced, then (where the CPU has it) with AVX-512 allowed.
class DepthwiseDirect : public IsaSwitchTest<math::DepthwiseAllowAvx512, math::DepthwiseUsesAvx512> {};

TEST_P(DepthwiseDirect, EveryPaddingAndWidth) {
  uint32_t seed = 1;
  const std::vector<std::vector<int>> pads = {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2},
                                              {0, 1, 2, 0}, {2, 0, 1, 3}, {1, 0, 0, 1},
                                              {4, 3, 5, 4}};
  const std::vector<int> widths = {1, 2, 5, 7, 8, 9, 14, 15, 16, 17, 23, 31, 32, 33, 47};
  int checked = 0;
  for (int k : {3, 5}) {
    for (const auto& s : std::vector<std::pair<int, int>>{{1, 1}, {2, 2}, {2, 1}}) {
      for (const auto& pad : pads) {
        for (int w : widths) {
          for (int h : {1, 3, 6, 9}) {
            const PlaneCase c{h, w, k, s.first, pad[0], pad[1], pad[2], pad[3], s.second};
            if (h + c.pt + c.pb < k || w + c.pl + c.pr < k) continue;  // no output
            const Activation e;
            CheckPlane(c, e, seed++);
            ++checked;
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

TEST_P(DepthwiseDirect, NetworkPlanes) {
  uint32_t seed = 5000;
  Activation e;
  e.kind = ActivationType::kRelu6;
  for (int s : {1, 2}) {
    for (int hw : {7, 14, 28, 56, 112}) {
      CheckPlane({hw, hw, 3, s, 1, 1, 1, 1}, e, seed++);
      CheckPlane({hw, hw, 5, s, 2, 2, 2, 2}, e, seed++);
    }
    CheckPlane({111, 55, 3, s, 0, 1, 0, 1}, e, seed++);  // SAME-style asymmetric
  }
  // Stride (2, 1): the text recognizers' and classifiers' downsampling (48 x 192 inputs).
  CheckPlane({24, 96, 3, 2, 1, 1, 1, 1, 1}, e, seed++);
  CheckPlane({12, 48, 5, 2, 2, 2, 2, 2, 1}, e, seed++);
}

TEST_P(DepthwiseDirect, EachActivation) {
  uint32_t seed = 7000;
  for (Activation e : EveryActivation()) {
    for (int k : {3, 5}) {
      for (int s : {1, 2}) {
        e.relu6_threshold = 1.5f;  // low enough that the clip happens
        e.leaky_relu_alpha = 0.3f;
        e.hard_swish_offset = 2.5f;
        e.hard_swish_threshold = 5.f;
        e.hard_swish_scale = 7.f;
        CheckPlane({13, 21, k, s, 1, 2, 2, 1}, e, seed++);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Isa, DepthwiseDirect, ::testing::Bool(), IsaParamName);

// ---- the kernel on a thread pool against the host kernel

const Place kHostPlace(TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW);
const Place kX86Place(TargetType::kX86, PrecisionType::kFloat, DataLayoutType::kNCHW);

struct KernelCase {
  int n, c, h, w, k, s;
  std::vector<int> paddings;  // 4 values: top, bottom, left, right
  bool bias;
  std::string act;
};

std::vector<float> RunKernel(const KernelCase& p, const Place& place, int threads,
                             uint32_t seed) {
  Scope scope;
  auto fill = [&](const std::string& name, const DDim& dims, const std::vector<float>& v) {
    Tensor* t = scope.Var(name)->GetMutable<Tensor>();
    t->Resize(dims);
    std::copy(v.begin(), v.end(), t->mutable_data<float>());
  };
  fill("x", {p.n, p.c, p.h, p.w},
       RandomVector(static_cast<size_t>(p.n) * p.c * p.h * p.w, -2.f, 2.f, seed));
  fill("w", {p.c, 1, p.k, p.k}, RandomVector(p.c * p.k * p.k, -1.f, 1.f, seed + 1));
  cpp::OpDesc desc("depthwise_conv2d");
  desc.SetInput("Input", {"x"});
  desc.SetInput("Filter", {"w"});
  if (p.bias) {
    fill("b", {p.c}, RandomVector(p.c, -1.f, 1.f, seed + 2));
    desc.SetInput("Bias", {"b"});
  }
  desc.SetOutput("Output", {"out"});
  scope.Var("out");
  desc.SetAttr<std::vector<int32_t>>("strides", {p.s, p.s});
  desc.SetAttr<std::vector<int32_t>>("paddings", p.paddings);
  desc.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  desc.SetAttr<int32_t>("groups", p.c);
  if (!p.act.empty()) {
    desc.SetAttr<std::string>("act_type", p.act);
    if (p.act == "leaky_relu") desc.SetAttr<float>("act_alpha", 0.15f);
    if (p.act == "relu6") desc.SetAttr<float>("act_threshold", 2.f);
  }
  auto op = OpRegistry::Global().Create("depthwise_conv2d");
  op->Attach(desc, &scope);
  const KernelInfo* info = FindKernel("depthwise_conv2d", place);
  PLITE_CHECK(info != nullptr, "no depthwise_conv2d kernel at ", place.DebugString());
  auto kernel = KernelRegistry::Create(*info);
  op->AttachKernel(kernel.get());
  ThreadPool pool(threads);
  KernelContext ctx;
  ctx.threads = threads;
  ctx.pool = &pool;
  kernel->SetContext(&ctx);
  op->InferShape();
  kernel->Launch();
  return ToVector(*scope.Var("out")->GetMutable<Tensor>());
}

class DepthwiseKernelThreads : public DepthwiseDirect {};

TEST_P(DepthwiseKernelThreads, MatchesHostOnOneAndTwoThreads) {
  uint32_t seed = 9000;
  const std::vector<KernelCase> cases = {
      {1, 96, 56, 56, 3, 1, {1, 1, 1, 1}, true, "relu6"},   // split over threads
      {2, 64, 29, 30, 3, 2, {0, 1, 0, 1}, true, "relu"},    // asymmetric, odd sizes
      {1, 40, 28, 28, 5, 2, {2, 2, 2, 2}, false, "hard_swish"},
      {1, 300, 7, 7, 3, 1, {1, 1, 1, 1}, true, "leaky_relu"},
      {1, 17, 1, 1, 3, 1, {1, 1, 1, 1}, true, "sigmoid"},   // 1x1, activation applied after
      {3, 5, 9, 17, 5, 1, {2, 1, 0, 3}, true, ""},
  };
  for (const KernelCase& p : cases) {
    for (int threads : {1, 2}) {
      SCOPED_TRACE(StrCat("x[", p.n, ",", p.c, ",", p.h, ",", p.w, "] k", p.k, " s", p.s,
                          " pads ", p.paddings, " act ", p.act, " threads ", threads));
      const std::vector<float> want = RunKernel(p, kHostPlace, 1, seed);
      const std::vector<float> got = RunKernel(p, kX86Place, threads, seed);
      ASSERT_EQ(got.size(), want.size());
      ExpectAllNear(got, want, 4e-6f * p.k * p.k, 1e-5f);
    }
    ++seed;
  }
}

INSTANTIATE_TEST_SUITE_P(Isa, DepthwiseKernelThreads, ::testing::Bool(), IsaParamName);

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
