// What the ARM SGEMM and GEMV tests share: random operands and a parallel_for on plain
// threads (the math library takes the pool as a hook, so its tests need no runtime).
#pragma once

#include <functional>
#include <random>
#include <thread>
#include <vector>

#include "lite/backends/arm/math/gemm/sgemm.h"

namespace paddle {
namespace lite {
namespace test {

inline std::vector<float> RandomFloats(size_t n, float lo, float hi, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = dist(gen);
  return v;
}

// Options running each task on its own thread, all at once: what a pool of `threads` does.
inline arm::math::SgemmOptions ThreadedOptions(int threads) {
  arm::math::SgemmOptions options;
  options.threads = threads;
  options.parallel_for = [](int tasks, const std::function<void(int)>& task) {
    std::vector<std::thread> workers;
    for (int t = 1; t < tasks; ++t) workers.emplace_back(task, t);
    task(0);
    for (auto& w : workers) w.join();
  };
  return options;
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
