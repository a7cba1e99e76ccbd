// The SGEMM and GEMV checks every backend's math runs (sgemm_cases.cc, gemv_cases.cc), each
// against a naive loop written in the test: a backend describes its entry points and the
// shapes around its own blocking (GemmBackend), and its test program instantiates the
// suites with one GemmBackend per kernel it can force:
//   INSTANTIATE_TEST_SUITE_P(, SgemmCases, ::testing::ValuesIn(X86GemmBackends()),
//                            GemmBackendName);
// What only one backend has (x86's packed-B path, its CPU detection) stays in its own test.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <ostream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "lite/tests/kernels/activation_reference.h"
#include "lite/utils/activation.h"
#include "lite/utils/exception.h"

namespace paddle {
namespace lite {
namespace test {

// Runs task(0) .. task(tasks - 1), possibly concurrently (the math libraries' hook type).
using ParallelForFn = std::function<void(int tasks, const std::function<void(int task)>& task)>;

// What a call takes beside its operands: the fused epilogue and the threads.
struct GemmCall {
  const float* bias = nullptr;  // SGEMM: one value per row of C; GEMV: per column of Y
  Activation act;
  int threads = 1;
  ParallelForFn parallel_for;
};

struct GemmShape {
  int m, n, k;
};

// One GEMM kernel of a backend (x86: each ISA, forced; ARM: NEON) and the shapes around its
// blocking.
struct GemmBackend {
  std::string name;              // the last part of the test names
  bool (*runs_here)(){nullptr};  // null: always
  std::function<void(int m, int n, int k, float alpha, const float* a, int lda, const float* b,
                     int ldb, float beta, float* c, int ldc, const GemmCall& call)>
      sgemm;
  std::function<size_t(int m, int k)> packed_a_size;
  std::function<void(int m, int k, const float* a, int lda, float* packed, float alpha)> pack_a;
  std::function<void(int m, int n, int k, const float* packed_a, const float* b, int ldb,
                     float beta, float* c, int ldc, const GemmCall& call)>
      sgemm_packed;
  std::function<void(int m, int n, int k, const float* x, int ldx, const float* w, int ldw,
                     float* y, int ldy, const GemmCall& call)>
      gemv;

  // Around every edge of its SGEMM blocking (MR, NR, KC, MC, NC); EdgeShapes() adds the
  // shapes every backend runs.
  std::vector<GemmShape> block_edge_shapes;
  // Each activation runs on the edge shapes of at most this many products (0: all of them).
  long long activation_max_products{0};
  // Random shapes with padded leading dimensions: how many, dims in 1..random_dim_max (past
  // MC).
  int random_shapes{0}, random_dim_max{1};
  // Gemv widths around every vector block.
  std::vector<int> gemv_widths;
};

// Fills a GemmBackend's entry points from a backend's math functions (the same names and
// arguments on every backend, each with its own epilogue and options types); `configure`
// sets the backend's own options (x86: the ISA to force).
template <typename Epilogue, typename Options>
void BindGemmEntryPoints(
    void (*sgemm)(int, int, int, float, const float*, int, const float*, int, float, float*, int,
                  const Epilogue&, const Options&),
    size_t (*packed_a_size)(int, int), void (*pack_a)(int, int, const float*, int, float*, float),
    void (*sgemm_packed)(int, int, int, const float*, const float*, int, float, float*, int,
                         const Epilogue&, const Options&),
    void (*gemv)(int, int, int, const float*, int, const float*, int, float*, int,
                 const Epilogue&, const Options&),
    std::function<void(Options*)> configure, GemmBackend* backend) {
  const auto epilogue = [](const GemmCall& call) {
    Epilogue e;
    e.bias = call.bias;
    e.act = call.act;
    return e;
  };
  const auto options = [configure](const GemmCall& call) {
    Options o;
    o.threads = call.threads;
    o.parallel_for = call.parallel_for;
    configure(&o);
    return o;
  };
  backend->sgemm = [=](int m, int n, int k, float alpha, const float* a, int lda, const float* b,
                       int ldb, float beta, float* c, int ldc, const GemmCall& call) {
    sgemm(m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, epilogue(call), options(call));
  };
  backend->packed_a_size = packed_a_size;
  backend->pack_a = pack_a;
  backend->sgemm_packed = [=](int m, int n, int k, const float* packed_a, const float* b,
                              int ldb, float beta, float* c, int ldc, const GemmCall& call) {
    sgemm_packed(m, n, k, packed_a, b, ldb, beta, c, ldc, epilogue(call), options(call));
  };
  backend->gemv = [=](int m, int n, int k, const float* x, int ldx, const float* w, int ldw,
                      float* y, int ldy, const GemmCall& call) {
    gemv(m, n, k, x, ldx, w, ldw, y, ldy, epilogue(call), options(call));
  };
}

// The fixture of the SgemmCases and GemvCases suites: GetParam() is the kernel under test;
// every test skips where the CPU cannot run it.
class GemmBackendTest : public ::testing::TestWithParam<GemmBackend> {
 protected:
  void SetUp() override {
    if (GetParam().runs_here && !GetParam().runs_here()) {
      GTEST_SKIP() << "the CPU cannot run the " << GetParam().name << " kernel";
    }
  }
  const GemmBackend& backend() const { return GetParam(); }
};

using SgemmCases = GemmBackendTest;  // sgemm_cases.cc
using GemvCases = GemmBackendTest;   // gemv_cases.cc

inline std::string GemmBackendName(const ::testing::TestParamInfo<GemmBackend>& info) {
  return info.param.name;
}
inline void PrintTo(const GemmBackend& backend, std::ostream* os) { *os << backend.name; }

// The backend's block edge shapes, then the shapes every backend runs: M or N of 1, thin
// products, and the ragged widths of real layers (7x7 = 49, 14x14 = 196).
inline std::vector<GemmShape> EdgeShapes(const GemmBackend& backend) {
  std::vector<GemmShape> shapes = backend.block_edge_shapes;
  shapes.insert(shapes.end(), {{1, 1, 1},     {1, 1, 7},     {1, 37, 1},     {23, 1, 9},
                               {3, 200, 1},   {1, 100, 300}, {100, 1, 300},  {150, 40, 300},
                               {12, 48, 40},  {17, 49, 70},  {19, 64, 255},  {11, 65, 30},
                               {7, 196, 33},  {9, 50, 20},   {13, 18, 7}});
  return shapes;
}

// Expects `f` to throw the project's error with `needle` in its message.
template <typename F>
void ExpectThrowContaining(F&& f, const std::string& needle) {
  try {
    f();
    ADD_FAILURE() << "no error containing '" << needle << "'";
  } catch (const lite_api::PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

// Uniform in [lo, hi) from `seed` (the math tests need no runtime).
inline std::vector<float> RandomFloats(size_t n, float lo, float hi, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float& x : v) x = dist(gen);
  return v;
}

// Random operands of an m x k by k x n product, row-major, each row `pad` floats longer
// than its width: A (or X) and B (or W) in [-1, 1), `bias_size` bias values in
// [-bias_range, bias_range), and an output full of NaN (a kernel must not read it) whose
// padding columns hold `sentinel` (a kernel must not write them).
struct GemmOperands {
  GemmOperands(int m, int n, int k, int pad, int bias_size, float bias_range, float sentinel,
               unsigned seed)
      : m(m),
        n(n),
        lda(std::max(k, 1) + pad),
        ldb(std::max(n, 1) + pad),
        ldc(std::max(n, 1) + pad),
        a(RandomFloats(static_cast<size_t>(m) * lda, -1.f, 1.f, seed)),
        b(RandomFloats(static_cast<size_t>(k) * ldb, -1.f, 1.f, seed + 1)),
        bias(RandomFloats(static_cast<size_t>(bias_size), -bias_range, bias_range, seed + 2)),
        c(static_cast<size_t>(m) * ldc, std::numeric_limits<float>::quiet_NaN()) {
    for (int i = 0; i < m; ++i)
      for (int j = n; j < ldc; ++j) c[static_cast<size_t>(i) * ldc + j] = sentinel;
  }
  // An output the kernel reads (beta != 0): values in [-1, 1) from `seed`, the padding kept.
  void RandomOutput(unsigned seed) {
    const std::vector<float> values = RandomFloats(c.size(), -1.f, 1.f, seed);
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) {
        const size_t at = static_cast<size_t>(i) * ldc + j;
        c[at] = values[at];
      }
  }
  int m, n, lda, ldb, ldc;
  std::vector<float> a, b, bias, c;
};

// An element's expected value and how far from it the result may be.
struct Expected {
  double value, tol;
};

// Checks the m x n result `out` (leading dimension ld, named `what` in failures) against
// expected(i, j) element by element, and that its padding columns still hold `sentinel`;
// reports at most 5 failures.
template <typename ExpectedFn>
void ExpectResultNear(const std::string& what, const std::vector<float>& out, int m, int n,
                      int ld, float sentinel, ExpectedFn&& expected) {
  int failures = 0;
  for (int i = 0; i < m && failures < 5; ++i) {
    for (int j = 0; j < ld && failures < 5; ++j) {
      const float got = out[static_cast<size_t>(i) * ld + j];
      if (j >= n) {
        EXPECT_EQ(got, sentinel) << "padding of " << what << " written at " << i << "," << j;
        failures += got != sentinel;
        continue;
      }
      const Expected want = expected(i, j);
      if (!(std::fabs(got - want.value) <= want.tol)) {
        ADD_FAILURE() << what << "[" << i << "][" << j << "] = " << got << ", want "
                      << want.value << " (tol " << want.tol << ")";
        ++failures;
      }
    }
  }
}

inline std::string Label(const GemmShape& s) {
  return std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k);
}

// A hook running each task on its own thread, all at once: what a pool of `threads` does.
inline ParallelForFn ThreadPerTask() {
  return [](int tasks, const std::function<void(int)>& task) {
    std::vector<std::thread> workers;
    for (int t = 1; t < tasks; ++t) workers.emplace_back(task, t);
    task(0);
    for (auto& w : workers) w.join();
  };
}

// One SGEMM call on random operands.
struct SgemmCase {
  explicit SgemmCase(GemmShape shape) : s(shape) {}
  GemmShape s;
  float alpha = 1.f;
  float beta = 0.f;
  GemmCall call;  // its bias is filled in by RunSgemmCase when use_bias
  bool use_bias = false;
  int pad = 0;  // extra columns in lda/ldb/ldc
  bool packed = false;
};

// Runs one case through `backend` and checks every element of C against a double loop (and
// that C's padding is untouched); counts where the activation's input fell.
Outcome RunSgemmCase(const GemmBackend& backend, const SgemmCase& cs, unsigned seed = 1);

}  // namespace test
}  // namespace lite
}  // namespace paddle
