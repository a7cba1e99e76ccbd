// (a) A provider kernel for an op type plite has: acme's relu. A config that names the
// provider (CxxConfig::set_kernel_providers({"acme"})) runs it in place of the built-in one.
#include <atomic>

#include "paddle_custom_op.h"

std::atomic<int> acme_relu_runs{0};  // the app checks that this kernel ran

namespace {

class AcmeRelu : public paddle::lite_api::CustomKernel {
 public:
  void Execute(paddle::lite_api::CustomOpContext& ctx) override {
    ++acme_relu_runs;
    auto x = ctx.Input("X");
    const float* in = x.data<float>();
    float* out = ctx.Output("Out").mutable_data<float>();
    for (int64_t i = 0; i < x.numel(); ++i) out[i] = in[i] > 0 ? in[i] : 0;
  }
};

}  // namespace

REGISTER_CUSTOM_KERNEL(relu, kHost, kFloat, kNCHW, acme, AcmeRelu).Finalize();
