// A pool2d test case (input shape + attributes), shared by the host and x86 pool tests.
#pragma once

#include <string>
#include <vector>

#include "lite/utils/string.h"

namespace paddle {
namespace lite {
namespace test {

struct PoolCase {
  int n{1}, c{1}, h{1}, w{1};
  std::string type{"max"};
  std::vector<int> ksize{2, 2};
  std::vector<int> strides{1, 1};
  std::vector<int> paddings{0, 0};
  bool exclusive{true};
  bool ceil_mode{false};
  bool global{false};
  bool adaptive{false};
  std::string padding_algorithm;  // empty: attribute absent
};

inline std::string Describe(const PoolCase& p) {
  return StrCat("x[", p.n, ",", p.c, ",", p.h, ",", p.w, "] ", p.type, " ksize=", p.ksize,
                " strides=", p.strides, " paddings=", p.paddings, " exclusive=", p.exclusive,
                " ceil_mode=", p.ceil_mode, " global=", p.global, " adaptive=", p.adaptive,
                " alg=", p.padding_algorithm);
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
