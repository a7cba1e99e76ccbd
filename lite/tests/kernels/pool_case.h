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

// The common downsampling window: `type` 3x3, stride 2, padded by 1, on [n, c, h, w].
inline PoolCase Pool3x3Stride2(const std::string& type, int n, int c, int h, int w) {
  PoolCase p;
  p.n = n;
  p.c = c;
  p.h = h;
  p.w = w;
  p.type = type;
  p.ksize = {3, 3};
  p.strides = {2, 2};
  p.paddings = {1, 1};
  return p;
}

// Sliding windows over every attribute combination (max/avg x ksize x strides x paddings x
// exclusive x ceil_mode) on small odd shapes that vary from case to case.
inline std::vector<PoolCase> EveryAttributeCases() {
  const std::vector<std::vector<int>> ksizes = {{2, 2}, {3, 3}, {1, 1}, {3, 2}, {5, 5}, {2, 4}};
  const std::vector<std::vector<int>> strides = {{1, 1}, {2, 2}, {3, 3}, {1, 2}};
  const std::vector<std::vector<int>> paddings = {{0, 0}, {1, 1}, {0, 1, 2, 0}, {2, 2}};
  std::vector<PoolCase> cases;
  for (const std::string type : {"max", "avg"}) {
    for (const auto& k : ksizes) {
      for (const auto& s : strides) {
        for (const auto& pad : paddings) {
          for (int flags = 0; flags < 4; ++flags) {
            const int i = static_cast<int>(cases.size()) + 1;
            PoolCase p;
            p.n = 1 + i % 2;
            p.c = 1 + i % 3;
            p.h = 7 + i % 5;
            p.w = 6 + i % 7;
            p.type = type;
            p.ksize = k;
            p.strides = s;
            p.paddings = pad;
            p.exclusive = (flags & 1) != 0;
            p.ceil_mode = (flags & 2) != 0;
            cases.push_back(p);
          }
        }
      }
    }
  }
  return cases;
}

// Global pooling (any size, exclusive or not) and adaptive pooling to 1x1 .. 7x7 outputs
// (7x7 from smaller inputs: windows overlap), batch 2, on `channels` channels.
inline std::vector<PoolCase> GlobalAndAdaptiveCases(int channels) {
  const std::vector<std::vector<int>> sizes = {{1, 1}, {7, 7}, {3, 5}, {13, 9}, {2, 33}};
  std::vector<PoolCase> cases;
  for (const std::string type : {"max", "avg"}) {
    for (const auto& hw : sizes) {
      for (bool exclusive : {true, false}) {
        PoolCase p;
        p.n = 2;
        p.c = channels;
        p.h = hw[0];
        p.w = hw[1];
        p.type = type;
        p.exclusive = exclusive;
        p.global = true;
        p.ksize = {1, 1};  // ignored by global pooling
        cases.push_back(p);
        p.global = false;
        p.adaptive = true;
        for (const auto& out : std::vector<std::vector<int>>{{1, 1}, {2, 3}, {3, 3}, {7, 7}}) {
          p.ksize = out;
          cases.push_back(p);
        }
      }
    }
  }
  return cases;
}

// SAME / VALID (explicit paddings ignored) at stride 1 and 2, and paddings as large as the
// window, whose border windows read only padding (result 0), with and without exclusive.
inline std::vector<PoolCase> PaddingAlgorithmCases(int channels) {
  std::vector<PoolCase> cases;
  for (const std::string type : {"max", "avg"}) {
    for (const std::string alg : {"SAME", "VALID"}) {
      for (int s : {1, 2}) {
        PoolCase p;
        p.c = channels;
        p.h = 10;
        p.w = 9;
        p.type = type;
        p.ksize = {3, 3};
        p.strides = {s, s};
        p.paddings = {4, 4};
        p.padding_algorithm = alg;
        cases.push_back(p);
      }
    }
    PoolCase p;
    p.c = channels;
    p.h = 5;
    p.w = 4;
    p.type = type;
    p.ksize = {2, 2};
    p.strides = {2, 2};
    p.paddings = {2, 3, 2, 3};
    p.ceil_mode = true;
    cases.push_back(p);
    p.exclusive = false;
    cases.push_back(p);
  }
  return cases;
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
