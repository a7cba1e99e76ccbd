// The OpCase running a PoolCase, its tolerance against the host, and the vector-tail widths:
// shared by the backend pool tests (x86, ARM).
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

// max is exact (the same elements compared); avg sums at most k*k (or a whole plane) values
// of |x| <= 2 in another order: |kernel - host| <= 1e-5 + 1e-5 * |host|.
inline Tolerance PoolTolerance(const PoolCase& p) {
  return p.type == "max" ? Tolerance{0.f, 0.f} : Tolerance{1e-5f, 1e-5f};
}

// `p` on values from `seed` at `place` (`threads` threads) against the host, two runs.
inline void ExpectPoolMatchesHost(const Place& place, const PoolCase& p, uint32_t seed,
                                  int threads = 1) {
  SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads));
  ExpectKernelMatchesHost(MakePool(p, seed), place, PoolTolerance(p), threads);
}

// pool2d at `place` (`threads` threads) against the host on every output width first_w ..
// last_w, where a backend's row code ends its vector loop (or runs scalar below one
// vector): 2x2 and 3x3 windows at stride 1 and 2, max and avg, paddings on every third
// width, ceil_mode on odd ones, exclusive where exclusive(out_w); seeds from `seed`.
inline void ExpectPoolRowTailsMatchHost(const Place& place, int first_w, int last_w,
                                        bool (*exclusive)(int out_w), uint32_t seed,
                                        int threads = 1) {
  for (const std::string type : {"max", "avg"}) {
    for (int k : {2, 3}) {
      for (int s : {1, 2}) {
        for (int out_w = first_w; out_w <= last_w; ++out_w) {
          PoolCase p;
          p.c = 2;
          p.type = type;
          p.ksize = {k, k};
          p.strides = {s, s};
          p.w = (out_w - 1) * s + k;  // exactly out_w windows without padding
          p.h = 5 + out_w % 4;
          p.paddings = out_w % 3 == 0 ? std::vector<int>{1, 1} : std::vector<int>{0, 0};
          p.ceil_mode = out_w % 2 == 1;
          p.exclusive = exclusive(out_w);
          ExpectPoolMatchesHost(place, p, seed++, threads);
        }
      }
    }
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
