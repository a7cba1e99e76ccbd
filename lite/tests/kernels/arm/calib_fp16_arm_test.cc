// calib / calib_once between fp32 and fp16 on ARM against the host calib kernels, bit for
// bit (both round to nearest even): odd sizes (the vector tail), ties, the subnormal range,
// overflow to infinity, infinities and signed zeros; large tensors over 2 threads; the
// layout kept.
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/arm/arm_fp16_vs_host.h"
#include "lite/utils/float16.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const Place kHostFp16(TargetType::kHost, PrecisionType::kFP16, DataLayoutType::kAny);
const Place kHostFloatAny(TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kAny);
const Place kArmFp16(TargetType::kARM, PrecisionType::kFP16, DataLayoutType::kAny);
const Place kArmFloatAny(TargetType::kARM, PrecisionType::kFloat, DataLayoutType::kAny);

std::vector<float> Values(size_t n, uint32_t seed) {
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> v = {0.f,     -0.f,     1.f,      65504.f, 65520.f, -70000.f, inf,
                          -inf,    6e-8f,    -3e-8f,   1e-5f,   2049.f,  2051.f,   0.1f,
                          1.0005f, 1.00049f, 6.1e-5f};
  const std::vector<float> random = RandomVector(n, -100.f, 100.f, seed);
  v.insert(v.end(), random.begin(), random.end());
  return v;
}

// Runs `op` at `place` on x (fp16 when `fp16_in`, the fp16_to_fp32 kernel; else
// fp32_to_fp16), threads as given; the output's bits.
std::vector<uint32_t> RunBits(const std::string& op, const Place& place, const std::vector<float>& x,
                              bool fp16_in, int threads) {
  OpCase c(op);
  const DDim dims({static_cast<int64_t>(x.size())});
  c.Input("Input", "x", dims, x);
  c.Output("Out", "out");
  KernelRun run(c, place, threads, fp16_in ? "fp16_to_fp32" : "fp32_to_fp16");
  if (fp16_in) FillFp16(&run, "x", dims, x);
  run.scope()->Var("x")->GetMutable<Tensor>()->set_layout(DataLayoutType::kNHWC);
  run.Run();
  const Tensor& out = run.Var("out");
  EXPECT_EQ(out.layout(), DataLayoutType::kNHWC);
  std::vector<uint32_t> bits;
  for (int64_t i = 0; i < out.numel(); ++i) {
    if (out.precision() == PrecisionType::kFP16) {
      bits.push_back(out.data<float16>()[i].bits);
    } else {
      uint32_t b;
      std::memcpy(&b, out.data<float>() + i, 4);
      bits.push_back(b);
    }
  }
  return bits;
}

TEST(CalibFp16Arm, BothDirectionsMatchTheHostBitForBit) {
  uint32_t seed = 1;
  for (const std::string op : {"calib", "calib_once"}) {
    for (size_t n : {0, 1, 7, 8, 9, 100}) {
      for (int threads : {1, 2}) {
        SCOPED_TRACE(StrCat(op, " n=", n, " threads=", threads));
        const std::vector<float> x = Values(n, seed++);
        EXPECT_EQ(RunBits(op, kArmFp16, x, false, threads), RunBits(op, kHostFp16, x, false, 1));
        EXPECT_EQ(RunBits(op, kArmFloatAny, x, true, threads),
                  RunBits(op, kHostFloatAny, x, true, 1));
      }
    }
  }
}

TEST(CalibFp16Arm, LargeTensorsOverTwoThreads) {
  const std::vector<float> x = Values(300000, 7);
  EXPECT_EQ(RunBits("calib", kArmFp16, x, false, 2), RunBits("calib", kHostFp16, x, false, 1));
  EXPECT_EQ(RunBits("calib", kArmFloatAny, x, true, 2),
            RunBits("calib", kHostFloatAny, x, true, 1));
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
