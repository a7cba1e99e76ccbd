// What the compat demos share: raw float32 files in and out, a shape from "1,3,48,192", and
// the check of an output against a reference (or, for a softmax output without one, that
// it is a probability vector).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace demo {

inline std::vector<float> ReadFloats(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<float> v(bytes.size() / sizeof(float));
  std::copy(bytes.data(), bytes.data() + v.size() * sizeof(float),
            reinterpret_cast<char*>(v.data()));
  return v;
}

inline std::vector<int64_t> ParseShape(const std::string& s) {
  std::vector<int64_t> shape;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) shape.push_back(std::stoll(item));
  return shape;
}

inline int64_t ShapeProduction(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// `expected` is a float32 file, or "softmax": the output must then be probabilities that
// sum to 1. Prints what it compared; returns whether the output passes.
inline bool CheckOutput(const std::string& what, const float* y, int64_t n,
                        const std::string& expected, double tolerance) {
  if (expected == "softmax") {
    double sum = 0;
    bool in_range = true;
    for (int64_t i = 0; i < n; ++i) {
      sum += y[i];
      in_range = in_range && y[i] >= 0.f && y[i] <= 1.f;
    }
    std::cout << what << ": " << n << " probabilities, sum " << sum << "\n";
    return in_range && std::fabs(sum - 1.0) <= tolerance;
  }
  const std::vector<float> ref = ReadFloats(expected);
  if (static_cast<int64_t>(ref.size()) != n) {
    std::cout << what << ": " << n << " outputs, the reference has " << ref.size() << "\n";
    return false;
  }
  double max_diff = 0;
  for (int64_t i = 0; i < n; ++i) {
    max_diff = std::max(max_diff, std::fabs(static_cast<double>(y[i]) - ref[i]));
  }
  std::cout << what << ": " << n << " outputs, max abs diff " << max_diff
            << " from the reference (tolerance " << tolerance << ")\n";
  return max_diff <= tolerance;
}

}  // namespace demo
