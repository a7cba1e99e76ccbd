// The int8 conv2d of the CPU backends (host::Int8GemmConv over a backend's int8 GEMM) where
// its im2col runs in blocks of output rows (im2col_blocks.h): the backend's GEMM with block
// sizes shrunk so small images take many blocks (each of 2 threads taking whole blocks),
// a few blocks 2 threads share (the unfolding split by channels), several blocks on one
// thread; float or int8 input, float or int8 output, groups, strides, batch, 1x1 layers.
// Expected values: a plain int64 loop written here. Activations are multiples of a
// power-of-two scale within [-127, 127] and the filter and output scales powers of two, so
// quantizing the input is exact and the float output is exactly the double result rounded
// once: the test asserts equality.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "lite/core/context.h"
#include "lite/core/tensor.h"
#include "lite/core/thread_pool.h"
#include "lite/kernels/host/int8_gemm_layers.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace test {

struct Int8BlockedConvCase {
  int batch = 1, in_c = 16, h = 20, w = 20, out_c = 24, kernel = 3, stride = 1, pad = 1;
  int groups = 1;
  bool int8_in = false;
  bool int8_out = false;
  int round_type = 1;  // 1: ties away from zero, 0: to even
  bool relu = true;
  int threads = 2;
  kernels::host::Im2colBlocks blocks;

  std::string Describe() const {
    return std::to_string(batch) + "x" + std::to_string(in_c) + "x" + std::to_string(h) + "x" +
           std::to_string(w) + " -> " + std::to_string(out_c) + " k" + std::to_string(kernel) +
           " s" + std::to_string(stride) + " p" + std::to_string(pad) + " g" +
           std::to_string(groups) + (int8_in ? " int8 in" : " float in") +
           (int8_out ? " int8 out" : " float out") + " round_type " +
           std::to_string(round_type) + " threads " + std::to_string(threads) + " blocks " +
           std::to_string(blocks.block_values);
  }
};

constexpr float kInputScale = 1.f / 16;  // x = q / 16
constexpr float kOutputScale = 1.f / 4;  // int8 output: q = round(y * 4)

inline int OutSize(int in, int kernel, int stride, int pad) {
  return (in + 2 * pad - kernel) / stride + 1;
}

// The naive result: float values, or int8 values held as floats.
inline std::vector<float> NaiveInt8Conv(const Int8BlockedConvCase& c,
                                        const std::vector<int8_t>& q,
                                        const std::vector<int8_t>& filter,
                                        const std::vector<float>& weight_scale,
                                        const std::vector<float>& bias) {
  const int oh_n = OutSize(c.h, c.kernel, c.stride, c.pad);
  const int ow_n = OutSize(c.w, c.kernel, c.stride, c.pad);
  const int cg = c.in_c / c.groups, og = c.out_c / c.groups;
  std::vector<float> y;
  for (int n = 0; n < c.batch; ++n) {
    for (int o = 0; o < c.out_c; ++o) {
      const int g = o / og;
      for (int oh = 0; oh < oh_n; ++oh) {
        for (int ow = 0; ow < ow_n; ++ow) {
          int64_t acc = 0;
          for (int i = 0; i < cg; ++i) {
            for (int kh = 0; kh < c.kernel; ++kh) {
              for (int kw = 0; kw < c.kernel; ++kw) {
                const int ih = oh * c.stride - c.pad + kh, iw = ow * c.stride - c.pad + kw;
                if (ih < 0 || ih >= c.h || iw < 0 || iw >= c.w) continue;
                const int ch = g * cg + i;
                acc += int64_t{q[((static_cast<int64_t>(n) * c.in_c + ch) * c.h + ih) * c.w +
                                 iw]} *
                       filter[((static_cast<int64_t>(o) * cg + i) * c.kernel + kh) * c.kernel +
                              kw];
              }
            }
          }
          double v = static_cast<double>(acc) * kInputScale * weight_scale[o] + bias[o];
          if (c.relu) v = std::max(v, 0.0);
          if (c.int8_out) {
            const double s = v / kOutputScale;
            v = c.round_type == 0 ? std::min(127.0, std::max(-128.0, std::nearbyint(s)))
                                  : std::min(127.0, std::max(-127.0, std::round(s)));
          }
          y.push_back(static_cast<float>(v));
        }
      }
    }
  }
  return y;
}

// Runs the case through host::Int8GemmConv with `gemm` (its im2col blocks replaced by the
// case's) and compares with the naive loop.
template <typename Options>
void ExpectBlockedInt8ConvMatchesNaive(kernels::host::Int8Gemm<Options> gemm,
                                       const Int8BlockedConvCase& c, unsigned seed) {
  SCOPED_TRACE(c.Describe());
  gemm.im2col_blocks = c.blocks;
  const int cg = c.in_c / c.groups;
  const int oh_n = OutSize(c.h, c.kernel, c.stride, c.pad);
  const int ow_n = OutSize(c.w, c.kernel, c.stride, c.pad);
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> value(-64, 64);
  std::vector<int8_t> q(static_cast<size_t>(c.batch) * c.in_c * c.h * c.w);
  for (int8_t& v : q) v = static_cast<int8_t>(value(gen));
  std::vector<int8_t> filter(static_cast<size_t>(c.out_c) * cg * c.kernel * c.kernel);
  for (int8_t& v : filter) v = static_cast<int8_t>(value(gen));
  std::vector<float> weight_scale(c.out_c), bias(c.out_c);
  for (int o = 0; o < c.out_c; ++o) {
    weight_scale[o] = std::ldexp(1.f, -4 - o % 3);
    bias[o] = static_cast<float>(value(gen)) / 8;
  }

  Tensor x, w, b, out;
  x.Resize({c.batch, c.in_c, c.h, c.w});
  if (c.int8_in) {
    std::copy(q.begin(), q.end(), x.mutable_data<int8_t>());
  } else {
    float* xf = x.mutable_data<float>();
    for (size_t i = 0; i < q.size(); ++i) xf[i] = q[i] * kInputScale;
  }
  w.Resize({c.out_c, cg, c.kernel, c.kernel});
  std::copy(filter.begin(), filter.end(), w.mutable_data<int8_t>());
  b.Resize({c.out_c});
  std::copy(bias.begin(), bias.end(), b.mutable_data<float>());
  out.Resize({c.batch, c.out_c, oh_n, ow_n});

  operators::ConvParam param;
  param.x = &x;
  param.filter = &w;
  param.bias = &b;
  param.output = &out;
  param.strides = {c.stride, c.stride};
  param.paddings = {c.pad, c.pad, c.pad, c.pad};
  param.groups = c.groups;
  if (c.relu) param.act.kind = ActivationType::kRelu;
  param.int8.enabled = true;
  param.int8.input = kInputScale;
  param.int8.weight = weight_scale;
  param.int8.round_type = c.round_type;
  param.int8.output = c.int8_out ? kOutputScale : 0.f;

  KernelContext ctx;
  std::unique_ptr<ThreadPool> pool;
  if (c.threads > 1) {
    pool.reset(new ThreadPool(c.threads));
    ctx.pool = pool.get();
  }
  kernels::host::Int8GemmConv conv;
  conv.Prepare(param);
  const std::vector<float> expected = NaiveInt8Conv(c, q, filter, weight_scale, bias);
  // Twice: the second run reuses the packed filter and the scratch.
  for (int run = 0; run < 2; ++run) {
    conv.Run(ctx, gemm, param);
    ASSERT_EQ(out.numel(), static_cast<int64_t>(expected.size()));
    int bad = 0;
    for (size_t i = 0; i < expected.size(); ++i) {
      const float got = c.int8_out ? static_cast<float>(out.data<int8_t>()[i])
                                   : out.data<float>()[i];
      if (got != expected[i] && ++bad <= 5) {
        ADD_FAILURE() << "run " << run << " output " << i << ": " << got << ", expected "
                      << expected[i];
      }
    }
    EXPECT_EQ(bad, 0);
  }
}

// The cases, on `gemm` (a backend's kInt8Gemm).
template <typename Options>
void ExpectInt8ConvBlocksMatchNaive(const kernels::host::Int8Gemm<Options>& gemm) {
  unsigned seed = 1;
  // 16 channels, 3x3: 144 values a column, 2880 an output row 20 wide. Blocks of about
  // 2048 values (4096 to keep 16 columns): one row a block, 20 blocks, 10 a thread.
  Int8BlockedConvCase c;
  c.blocks = {2048, 4096, 16, 4096};
  ExpectBlockedInt8ConvMatchesNaive(gemm, c, seed++);
  // A row count the threads do not split evenly, stride 2 (10 x 9 outputs), int8 in and out,
  // both roundings.
  c.h = 19;
  c.w = 17;
  c.stride = 2;
  c.int8_in = c.int8_out = true;
  for (int round_type : {0, 1}) {
    c.round_type = round_type;
    ExpectBlockedInt8ConvMatchesNaive(gemm, c, seed++);
  }
  // One thread, many blocks.
  c.threads = 1;
  ExpectBlockedInt8ConvMatchesNaive(gemm, c, seed++);
  // Two groups and two images, float in, int8 out.
  c = Int8BlockedConvCase();
  c.blocks = {2048, 4096, 16, 4096};
  c.in_c = 32;
  c.groups = 2;
  c.batch = 2;
  c.int8_out = true;
  c.relu = false;
  ExpectBlockedInt8ConvMatchesNaive(gemm, c, seed++);
  // 3 output rows: fewer blocks than two a thread, so the threads share blocks of 2 rows
  // (shared_block_values), the last one shorter; rows of 240 outputs (34560 values) split
  // the unfolding by channels.
  c = Int8BlockedConvCase();
  c.h = 3;
  c.w = 240;
  c.blocks = {2048, 4096, 16, 2 * 34560};
  ExpectBlockedInt8ConvMatchesNaive(gemm, c, seed++);
  // 1x1 stride 1: no im2col at all; 1x1 stride 2 unfolds.
  c = Int8BlockedConvCase();
  c.kernel = 1;
  c.pad = 0;
  c.blocks = {256, 512, 16, 512};
  ExpectBlockedInt8ConvMatchesNaive(gemm, c, seed++);
  c.stride = 2;
  ExpectBlockedInt8ConvMatchesNaive(gemm, c, seed++);
  // The backend's own block sizes on a 64x64 image, 1 and 2 threads.
  for (int threads : {1, 2}) {
    c = Int8BlockedConvCase();
    c.h = c.w = 64;
    c.out_c = 8;
    c.threads = threads;
    c.blocks = gemm.im2col_blocks;
    ExpectBlockedInt8ConvMatchesNaive(gemm, c, seed++);
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
