// The OpCase running a PoolCase: shared by the backend pool tests (x86, ARM).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lite/tests/kernels/pool_case.h"
#include "lite/tests/kernels/kernel_vs_host.h"

namespace paddle {
namespace lite {
namespace test {

// pool2d on x holding `x` -> out, shaped and configured by `p`.
inline OpCase MakePool(const PoolCase& p, std::vector<float> x) {
  OpCase c("pool2d");
  c.Input("X", "x", DDim({p.n, p.c, p.h, p.w}), std::move(x));
  c.Output("Out", "out");
  c.Attr<std::string>("pooling_type", p.type);
  c.Attr<std::vector<int32_t>>("ksize", p.ksize);
  c.Attr<std::vector<int32_t>>("strides", p.strides);
  c.Attr<std::vector<int32_t>>("paddings", p.paddings);
  c.Attr<bool>("exclusive", p.exclusive);
  c.Attr<bool>("ceil_mode", p.ceil_mode);
  c.Attr<bool>("global_pooling", p.global);
  c.Attr<bool>("adaptive", p.adaptive);
  if (!p.padding_algorithm.empty()) {
    c.Attr<std::string>("padding_algorithm", p.padding_algorithm);
  }
  return c;
}

// The same on values in [-2, 2] drawn from `seed`.
inline OpCase MakePool(const PoolCase& p, uint32_t seed) {
  const size_t size = static_cast<size_t>(p.n) * p.c * p.h * p.w;
  return MakePool(p, RandomVector(size, -2.f, 2.f, seed));
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
