// The OpCase running a ConvCase: shared by the backend conv tests (x86, ARM).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lite/tests/kernels/conv_case.h"
#include "lite/tests/kernels/kernel_vs_host.h"

namespace paddle {
namespace lite {
namespace test {

// A conv2d of square k x k filters and strides on one c x h x w image.
inline ConvCase SquareConv(int c, int out_c, int h, int w, int k, int stride,
                           std::vector<int> paddings) {
  ConvCase p;
  p.c = c;
  p.out_c = out_c;
  p.h = h;
  p.w = w;
  p.kh = k;
  p.kw = k;
  p.strides = {stride, stride};
  p.paddings = std::move(paddings);
  return p;
}

// K = (c / groups) * kh * kw products of |x| <= 2 and |w| <= 1 (MakeConvInputs) summed in
// another order: |kernel - host| <= 4e-6 * K + 1e-5 * |host|. An indexing or epilogue bug is
// off by O(1).
// A fused exp turns an absolute error of its input into the same relative error of its
// output, so it adds the absolute bound to the relative one.
inline Tolerance ConvTolerance(const ConvCase& p) {
  const float sum_error = 4e-6f * (p.c / p.groups) * p.kh * p.kw;
  return {sum_error, 1e-5f + (p.act == "exp" ? sum_error : 0.f)};
}

// p.op on `in` (vars x, w, b -> out), shaped and configured by `p`.
inline OpCase MakeConv(const ConvCase& p, const ConvInputs& in) {
  OpCase c(p.op);
  c.Input("Input", "x", DDim({p.n, p.c, p.h, p.w}), in.x);
  c.Input("Filter", "w", DDim({p.out_c, p.c / p.groups, p.kh, p.kw}), in.w);
  if (p.bias) c.Input("Bias", "b", DDim({p.out_c}), in.bias);
  c.Output("Output", "out");
  c.Attr<std::vector<int32_t>>("strides", p.strides);
  c.Attr<std::vector<int32_t>>("paddings", p.paddings);
  c.Attr<std::vector<int32_t>>("dilations", p.dilations);
  c.Attr<int32_t>("groups", p.groups);
  if (!p.padding_algorithm.empty()) c.Attr<std::string>("padding_algorithm", p.padding_algorithm);
  if (!p.act.empty()) {  // as the conv + activation fusion writes it
    c.Attr<std::string>("act_type", p.act);
    if (p.act == "leaky_relu") c.Attr<float>("act_alpha", 0.1f);
    if (p.act == "relu6") c.Attr<float>("act_threshold", p.act_threshold);
    if (p.act == "hard_sigmoid") c.Attr<float>("act_slope", 0.3f);
    if (p.act == "swish") c.Attr<float>("act_beta", 0.7f);
    if (p.act == "gelu") c.Attr<bool>("act_approximate", p.act_approximate);
  }
  return c;
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
