// A conv2d test case (shapes, attributes, fused activation), its random inputs and the
// OpCase running it: shared by the x86 conv tests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "lite/tests/kernels/x86/x86_vs_host.h"
#include "lite/utils/string.h"

namespace paddle {
namespace lite {
namespace test {

struct ConvCase {
  int n{1}, c{1}, h{1}, w{1};
  int out_c{1}, kh{1}, kw{1};
  int groups{1};
  std::vector<int> strides{1, 1};
  std::vector<int> paddings{0, 0};
  std::vector<int> dilations{1, 1};
  std::string padding_algorithm;  // empty: attribute absent (EXPLICIT)
  bool bias{false};
  std::string act;           // empty: no fused activation
  float act_threshold{6.f};  // relu6 only
};

inline std::string Describe(const ConvCase& p) {
  return StrCat("x[", p.n, ",", p.c, ",", p.h, ",", p.w, "] out_c=", p.out_c, " k=", p.kh, "x",
                p.kw, " groups=", p.groups, " strides=", p.strides, " paddings=", p.paddings,
                " dilations=", p.dilations, " alg=", p.padding_algorithm, " bias=", p.bias,
                " act=", p.act);
}

struct ConvInputs {
  std::vector<float> x, w, bias;
};

// x in [-2, 2], filter and bias in [-1, 1].
inline ConvInputs MakeConvInputs(const ConvCase& p, uint32_t seed) {
  ConvInputs in;
  in.x = RandomVector(static_cast<size_t>(p.n) * p.c * p.h * p.w, -2.f, 2.f, seed);
  in.w = RandomVector(static_cast<size_t>(p.out_c) * (p.c / p.groups) * p.kh * p.kw, -1.f, 1.f,
                      seed + 1);
  if (p.bias) in.bias = RandomVector(p.out_c, -1.f, 1.f, seed + 2);
  return in;
}

// conv2d on `in` (vars x, w, b -> out), shaped and configured by `p`.
inline OpCase MakeConv(const ConvCase& p, const ConvInputs& in) {
  OpCase c("conv2d");
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
  }
  return c;
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
