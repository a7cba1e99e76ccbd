// A conv2d / depthwise_conv2d test case (shapes, attributes, fused activation) and its random
// inputs, shared by the host, x86 and ARM conv tests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "lite/tests/kernels/activation_reference.h"
#include "lite/tests/kernels/kernel_test_util.h"
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
  bool act_approximate{false};  // gelu only: the tanh form
  std::string op{"conv2d"};
};

inline std::string Describe(const ConvCase& p) {
  return StrCat(p.op, " x[", p.n, ",", p.c, ",", p.h, ",", p.w, "] out_c=", p.out_c, " k=", p.kh,
                "x", p.kw, " groups=", p.groups, " strides=", p.strides, " paddings=", p.paddings,
                " dilations=", p.dilations, " alg=", p.padding_algorithm, " bias=", p.bias,
                " act=", p.act, p.act == "gelu" && p.act_approximate ? "(approximate)" : "");
}

struct ConvInputs {
  std::vector<float> x, w, bias;  // bias empty without p.bias
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

}  // namespace test
}  // namespace lite
}  // namespace paddle
