// The shared cases of the backends' int8 GEMM (lite/backends/simd/igemm_types.h): a backend
// binds its Igemm (float and int8 output) and QuantizeToInt8 for one forced tile ISA, and
// igemm_cases.cc checks them against a naive int64 GEMM written there.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>

#include "lite/backends/simd/igemm_types.h"

namespace paddle {
namespace lite {
namespace test {

using IgemmParallelFor = std::function<void(int, const std::function<void(int)>&)>;

template <typename Out>
using IgemmRun = std::function<void(int n, const simd::PackedInt8A& a, const int8_t* b,
                                    int ldb, Out* c, int ldc, const simd::Int8Epilogue& ep,
                                    int threads, const IgemmParallelFor& parallel_for)>;

struct IgemmBackend {
  std::string name;     // the ISA, as the test name says it
  int tile_columns = 0;  // nr of the ISA's tile: the shapes straddle it
  IgemmRun<float> run_float;
  IgemmRun<int8_t> run_int8;
  std::function<void(const float* x, long long n, float inv_scale, bool ties_to_even,
                     int8_t* q)>
      quantize;
};

// A backend's entry points with its options struct (threads, parallel_for, isa) filled in.
template <typename Options, typename Isa>
IgemmBackend BindIgemmBackend(
    std::string name, int tile_columns, Isa isa,
    void (*run_float)(int, const simd::PackedInt8A&, const int8_t*, int, float*, int,
                      const simd::Int8Epilogue&, const Options&),
    void (*run_int8)(int, const simd::PackedInt8A&, const int8_t*, int, int8_t*, int,
                     const simd::Int8Epilogue&, const Options&),
    void (*quantize)(const float*, long long, float, bool, int8_t*)) {
  IgemmBackend b;
  b.name = std::move(name);
  b.tile_columns = tile_columns;
  auto options = [isa](int threads, const IgemmParallelFor& parallel_for) {
    Options o;
    o.isa = isa;
    o.threads = threads;
    o.parallel_for = parallel_for;
    return o;
  };
  b.run_float = [=](int n, const simd::PackedInt8A& a, const int8_t* bm, int ldb, float* c,
                    int ldc, const simd::Int8Epilogue& ep, int threads,
                    const IgemmParallelFor& pf) {
    run_float(n, a, bm, ldb, c, ldc, ep, options(threads, pf));
  };
  b.run_int8 = [=](int n, const simd::PackedInt8A& a, const int8_t* bm, int ldb, int8_t* c,
                   int ldc, const simd::Int8Epilogue& ep, int threads,
                   const IgemmParallelFor& pf) {
    run_int8(n, a, bm, ldb, c, ldc, ep, options(threads, pf));
  };
  b.quantize = quantize;
  return b;
}

class IgemmCases : public ::testing::TestWithParam<IgemmBackend> {};

inline std::string IgemmBackendName(const ::testing::TestParamInfo<IgemmBackend>& info) {
  return info.param.name;
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
