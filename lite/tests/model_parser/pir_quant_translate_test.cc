// Translations of the PIR quantization ops (a QAT or PTQ Paddle 3 model), each on a small
// program written here, against values worked out by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/model_parser/pir_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

using pirj::F32Tensor;

TEST(PirQuant, MovingAverageQuantDequantUsesTheStoredScale) {
  // Scale 127: c = 1, so the output is the rounded input; round_type 0 ties to even and
  // clamps to [-128, 127] after rounding.
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 6});
  const PirValue scale = p.Param("x.scale", {1}, {127.f});
  const auto out = p.Op("pd_op.fake_quantize_dequantize_moving_average_abs_max",
                        {x, scale, PirValue{}, PirValue{}},
                        {F32Tensor({-1, 6}), F32Tensor({1}), F32Tensor({1}), F32Tensor({1})},
                        {{"moving_rate", pirj::F32(0.9)},
                         {"bit_length", pirj::I32(8)},
                         {"is_test", pirj::Bool(true)},
                         {"round_type", pirj::I32(0)}});
  p.Fetch(out[0], "out");
  ExpectNear(RunPir(p, {1, 6}, {2.5f, -2.5f, 3.5f, 200.f, -200.f, 0.4f}),
             {2, -2, 4, 127, -128, 0}, 0);
}

TEST(PirQuant, ChannelWiseWeightQuantDequantBeforeMatmul) {
  // W [2, 2] quantized per column (quant_axis 1; scales 1 and 2, round_type 1):
  // [[1, 0.3], [-0.5, 2]] -> [[127, 19], [-64, 127]] (0.3 * 63.5 = 19.05, -63.5 -> -64),
  // back: [[1, 38/127], [-64/127, 2]]; x = [1, 1] -> [63/127, 292/127].
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 2});
  const PirValue w = p.Param("w", {2, 2}, {1.f, 0.3f, -0.5f, 2.f});
  const auto wq = p.Op("pd_op.fake_channel_wise_quantize_dequantize_abs_max", {w},
                       {F32Tensor({2, 2}), F32Tensor({2})},
                       {{"bit_length", pirj::I32(8)},
                        {"round_type", pirj::I32(1)},
                        {"quant_axis", pirj::I32(1)}});
  p.Fetch(p.Op1("pd_op.matmul", {x, wq[0]}, F32Tensor({-1, 2}),
                {{"transpose_x", pirj::Bool(false)}, {"transpose_y", pirj::Bool(false)}}),
          "y");
  EXPECT_EQ(TranslatedOpTypes(p),
            (std::vector<std::string>{"feed", "fake_channel_wise_quantize_dequantize_abs_max",
                                      "matmul_v2", "fetch"}));
  ExpectNear(RunPir(p, {1, 2}, {1, 1}), {63.0 / 127, 292.0 / 127}, 1e-6);
}

TEST(PirQuant, QuantizeLinearThenDequantizeLinear) {
  // Per column again, through the ONNX-style pair with round_type 0: -63.5 ties to -64
  // (even); the zero point is unused (Paddle's kernels are symmetric).
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 2});
  const PirValue w = p.Param("w", {2, 2}, {1.f, 0.3f, -0.5f, 2.f});
  const PirValue s = p.Param("w.scale", {2}, {1.f, 2.f});
  const PirValue zero = p.Param("w.zero_point", {2}, {0.f, 0.f});
  const PirAttrs attrs = {{"quant_axis", pirj::I32(1)}, {"bit_length", pirj::I32(8)},
                          {"qmin", pirj::I32(-128)},    {"qmax", pirj::I32(127)},
                          {"round_type", pirj::I32(0)}, {"is_test", pirj::Bool(true)},
                          {"only_observer", pirj::Bool(false)}};
  const std::vector<std::string> results = {F32Tensor({2, 2}), F32Tensor({1}), F32Tensor({1}),
                                            F32Tensor({2})};
  const auto q = p.Op("pd_op.quantize_linear", {w, s, zero, PirValue{}, PirValue{}}, results, attrs);
  const auto d =
      p.Op("pd_op.dequantize_linear", {q[0], s, zero, PirValue{}, PirValue{}}, results, attrs);
  p.Fetch(p.Op1("pd_op.matmul", {x, d[0]}, F32Tensor({-1, 2}),
                {{"transpose_x", pirj::Bool(false)}, {"transpose_y", pirj::Bool(false)}}),
          "y");
  ExpectNear(RunPir(p, {1, 2}, {1, 1}), {63.0 / 127, 292.0 / 127}, 1e-6);
}

TEST(PirQuant, TrainingStatisticsAreNotProduced) {
  // An op reading a moving-average op's out_state: inference does not compute it.
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 2});
  const PirValue scale = p.Param("x.scale", {1}, {1.f});
  const auto out = p.Op("pd_op.fake_quantize_moving_average_abs_max",
                        {x, scale, PirValue{}, PirValue{}},
                        {F32Tensor({-1, 2}), F32Tensor({1}), F32Tensor({1}), F32Tensor({1})},
                        {{"moving_rate", pirj::F32(0.9)},
                         {"bit_length", pirj::I32(8)},
                         {"is_test", pirj::Bool(true)},
                         {"round_type", pirj::I32(1)}});
  p.Fetch(out[2], "state");
  try {
    TranslatedOpTypes(p);
    ADD_FAILURE() << "expected an error";
  } catch (const std::exception& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("(result 2 of op 2, pd_op.fake_quantize_moving_average_abs_max), "
                           "which plite's translation of that op does not produce"),
              std::string::npos)
        << message;
  }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
