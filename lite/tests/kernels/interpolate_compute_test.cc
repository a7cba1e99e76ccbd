// nearest_interp(_v2) and bilinear_interp(_v2): output size priority, source index rules
// (hand-checked index lists), align_corners / align_mode against a naive reference, and
// rejected attributes.
#include <cmath>
#include <limits>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
std::unique_ptr<OpRunner> InterpRunner(const std::string& type, const DDim& dims,
                                       const std::vector<float>& x) {
  auto r = std::make_unique<OpRunner>(type);
  r->SetInput("X", "x", dims, x);
  r->SetOutput("Out", "out");
  r->desc().SetAttr<int32_t>("out_h", -1);
  r->desc().SetAttr<int32_t>("out_w", -1);
  r->desc().SetAttr<bool>("align_corners", false);
  r->desc().SetAttr<int32_t>("align_mode", 1);
  r->desc().SetAttr<std::string>("data_layout", "NCHW");
  r->desc().SetAttr<std::string>("interp_method",
                                 type.rfind("bilinear", 0) == 0 ? "bilinear" : "nearest");
  return r;
}

// Expected nearest output of an [N, C, in_h, in_w] input given the source row and column
// of every output row and column.
std::vector<float> Gather(const std::vector<float>& x, int planes, int in_h, int in_w,
                          const std::vector<int>& rows, const std::vector<int>& cols) {
  std::vector<float> out;
  for (int p = 0; p < planes; ++p)
    for (int y : rows)
      for (int c : cols) out.push_back(x[(p * in_h + y) * in_w + c]);
  return out;
}

// Bilinear written from the definition: source coordinate per output index, then the
// weighted 2x2 neighbourhood (double precision).
double SourceCoord(int k, int in, int out, double scale, bool align_corners, int align_mode) {
  if (out <= 1) return 0.0;
  if (align_corners) return k * (in - 1.0) / (out - 1.0);
  const double step = scale > 0 ? 1.0 / scale : static_cast<double>(in) / out;
  if (align_mode == 0) return std::max((k + 0.5) * step - 0.5, 0.0);
  return k * step;
}

std::vector<float> NaiveBilinear(const std::vector<float>& x, int planes, int in_h, int in_w,
                                 int out_h, int out_w, double scale, bool align_corners,
                                 int align_mode) {
  std::vector<float> out;
  for (int p = 0; p < planes; ++p) {
    const float* src = x.data() + p * in_h * in_w;
    for (int y = 0; y < out_h; ++y) {
      const double sy = SourceCoord(y, in_h, out_h, scale, align_corners, align_mode);
      const int y0 = std::min(static_cast<int>(std::floor(sy)), in_h - 1);
      const int y1 = std::min(y0 + 1, in_h - 1);
      const double wy = sy - y0;
      for (int xo = 0; xo < out_w; ++xo) {
        const double sx = SourceCoord(xo, in_w, out_w, scale, align_corners, align_mode);
        const int x0 = std::min(static_cast<int>(std::floor(sx)), in_w - 1);
        const int x1 = std::min(x0 + 1, in_w - 1);
        const double wx = sx - x0;
        out.push_back(static_cast<float>(
            src[y0 * in_w + x0] * (1 - wy) * (1 - wx) + src[y1 * in_w + x0] * wy * (1 - wx) +
            src[y0 * in_w + x1] * (1 - wy) * wx + src[y1 * in_w + x1] * wy * wx));
      }
    }
  }
  return out;
}
}  // namespace

TEST(NearestInterp, ScaleTwoReadsFloorHalf) {
  const std::vector<float> x = RandomVector(18, -1.f, 1.f, 1);
  for (const auto& scale : {std::vector<float>{2.f, 2.f}, std::vector<float>{2.f}}) {
    auto r = InterpRunner("nearest_interp_v2", {1, 2, 3, 3}, x);
    r->desc().SetAttr("scale", scale);
    r->Run();
    EXPECT_EQ(r->Var("out")->dims(), DDim({1, 2, 6, 6}));
    // floor(i * 0.5) for i = 0..5
    ExpectAllNear(ToVector(*r->Var("out")),
                  Gather(x, 2, 3, 3, {0, 0, 1, 1, 2, 2}, {0, 0, 1, 1, 2, 2}), 0.f);
  }
}

TEST(NearestInterp, OutHwUsesInOverOutRatio) {
  // 4x4 -> 3x5: rows int(k * 4/3) = 0, 1, 2; cols int(k * 0.8) = 0, 0, 1, 2, 3.
  auto r = InterpRunner("nearest_interp_v2", {1, 1, 4, 4}, Iota(16));
  r->desc().SetAttr<int32_t>("out_h", 3);
  r->desc().SetAttr<int32_t>("out_w", 5);
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({1, 1, 3, 5}));
  ExpectAllNear(ToVector(*r->Var("out")), {0, 0, 1, 2, 3, 4, 4, 5, 6, 7, 8, 8, 9, 10, 11}, 0.f);
}

TEST(NearestInterp, OutSizeTensorOverridesAttributes) {
  auto r = InterpRunner("nearest_interp", {1, 1, 4, 4}, Iota(16));
  r->desc().SetAttr<int32_t>("out_h", 8);
  r->desc().SetAttr<int32_t>("out_w", 8);
  SetTypedInput<int32_t>(r.get(), "OutSize", "size", {2}, {3, 5});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({1, 1, 3, 5}));
  ExpectAllNear(ToVector(*r->Var("out")), {0, 0, 1, 2, 3, 4, 4, 5, 6, 7, 8, 8, 9, 10, 11}, 0.f);
}

TEST(NearestInterp, SizeTensorWinsOverOutSizeAndScale) {
  auto r = InterpRunner("nearest_interp_v2", {1, 1, 4, 4}, Iota(16));
  r->desc().SetAttr("scale", std::vector<float>{3.f, 3.f});
  SetTypedInput<int32_t>(r.get(), "OutSize", "size", {2}, {3, 5});
  SetTypedInput<int32_t>(r.get(), "SizeTensor", "h", {1}, {2});
  SetTypedInput<int64_t>(r.get(), "SizeTensor", "w", {1}, {2});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({1, 1, 2, 2}));
  ExpectAllNear(ToVector(*r->Var("out")), {0, 2, 8, 10}, 0.f);  // rows/cols 0, 2
}

TEST(NearestInterp, ScaleTensorInput) {
  auto r = InterpRunner("nearest_interp_v2", {1, 1, 2, 2}, Iota(4));
  r->SetInput("Scale", "scale", {1}, {2.f});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({1, 1, 4, 4}));
  ExpectAllNear(ToVector(*r->Var("out")), {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}, 0.f);
}

TEST(NearestInterp, AlignCornersRoundsToNearest) {
  // 3x3 -> 5x5: ratio (3-1)/(5-1) = 0.5, index int(0.5k + 0.5) = 0, 1, 1, 2, 2.
  const std::vector<float> x = RandomVector(9, -1.f, 1.f, 2);
  auto r = InterpRunner("nearest_interp_v2", {1, 1, 3, 3}, x);
  r->desc().SetAttr<int32_t>("out_h", 5);
  r->desc().SetAttr<int32_t>("out_w", 5);
  r->desc().SetAttr<bool>("align_corners", true);
  r->Run();
  ExpectAllNear(ToVector(*r->Var("out")),
                Gather(x, 1, 3, 3, {0, 1, 1, 2, 2}, {0, 1, 1, 2, 2}), 0.f);
}

TEST(NearestInterp, V2RatioIsOneOverScaleV1IsInOverOut) {
  // scale 1.7 on 4 gives 6 outputs. v2 steps by 1/1.7: int(0.588k) = 0 0 1 1 2 2;
  // v1 steps by 4/6: int(0.667k) = 0 0 1 2 2 3.
  const std::vector<float> x = RandomVector(16, -1.f, 1.f, 3);
  auto v2 = InterpRunner("nearest_interp_v2", {1, 1, 4, 4}, x);
  v2->desc().SetAttr("scale", std::vector<float>{1.7f, 1.7f});
  v2->Run();
  EXPECT_EQ(v2->Var("out")->dims(), DDim({1, 1, 6, 6}));
  ExpectAllNear(ToVector(*v2->Var("out")),
                Gather(x, 1, 4, 4, {0, 0, 1, 1, 2, 2}, {0, 0, 1, 1, 2, 2}), 0.f);

  auto v1 = InterpRunner("nearest_interp", {1, 1, 4, 4}, x);
  v1->desc().SetAttr<float>("scale", 1.7f);
  v1->Run();
  EXPECT_EQ(v1->Var("out")->dims(), DDim({1, 1, 6, 6}));
  ExpectAllNear(ToVector(*v1->Var("out")),
                Gather(x, 1, 4, 4, {0, 0, 1, 2, 2, 3}, {0, 0, 1, 2, 2, 3}), 0.f);
}

TEST(NearestInterp, OutSizeKeepsTheScaleRatioOfV2) {
  // Paddle sizes the output from OutSize but still steps by 1/scale: int(0.5k).
  const std::vector<float> x = RandomVector(16, -1.f, 1.f, 4);
  auto r = InterpRunner("nearest_interp_v2", {1, 1, 4, 4}, x);
  r->desc().SetAttr("scale", std::vector<float>{2.f, 2.f});
  SetTypedInput<int32_t>(r.get(), "OutSize", "size", {2}, {6, 6});
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({1, 1, 6, 6}));
  ExpectAllNear(ToVector(*r->Var("out")),
                Gather(x, 1, 4, 4, {0, 0, 1, 1, 2, 2}, {0, 0, 1, 1, 2, 2}), 0.f);
}

TEST(NearestInterp, ScaleTooLargeForAnIntIsAnError) {
  const std::vector<float> x = RandomVector(16, -1.f, 1.f, 6);
  for (float scale : {1e31f, std::numeric_limits<float>::infinity()}) {
    auto r = InterpRunner("nearest_interp_v2", {1, 1, 4, 4}, x);
    r->desc().SetAttr("scale", std::vector<float>{scale, 2.f});
    ExpectErrorContaining([&] { r->Run(); }, "over 2^31-1 rows or columns");
  }
  auto r = InterpRunner("nearest_interp_v2", {1, 1, 4, 4}, x);
  SetTypedInput<int64_t>(r.get(), "OutSize", "size", {2}, {int64_t{1} << 31, 2});
  ExpectErrorContaining([&] { r->Run(); }, "over 2^31-1 rows or columns");
}

TEST(NearestInterp, TinyScaleWithOutSizeClampsToTheLastRow) {
  // Steps of 1/1e-30: every output index past 0 lies beyond the input and reads its last row.
  const std::vector<float> x = RandomVector(16, -1.f, 1.f, 7);
  auto r = InterpRunner("nearest_interp_v2", {1, 1, 4, 4}, x);
  r->desc().SetAttr("scale", std::vector<float>{1e-30f, 1e-30f});
  SetTypedInput<int32_t>(r.get(), "OutSize", "size", {2}, {3, 3});
  r->Run();
  ExpectAllNear(ToVector(*r->Var("out")), Gather(x, 1, 4, 4, {0, 3, 3}, {0, 3, 3}), 0.f);
}

TEST(NearestInterp, UnchangedSizeCopies) {
  const std::vector<float> x = RandomVector(32, -1.f, 1.f, 5);
  auto r = InterpRunner("nearest_interp_v2", {2, 1, 4, 4}, x);
  r->desc().SetAttr("scale", std::vector<float>{1.2f, 1.2f});  // int(4.8) = 4
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 1, 4, 4}));
  ExpectAllNear(ToVector(*r->Var("out")), x, 0.f);
}

TEST(BilinearInterp, HandCheckedAlignCorners) {
  auto r = InterpRunner("bilinear_interp_v2", {1, 1, 2, 2}, {0, 1, 2, 3});
  r->desc().SetAttr<int32_t>("out_h", 3);
  r->desc().SetAttr<int32_t>("out_w", 3);
  r->desc().SetAttr<bool>("align_corners", true);
  r->Run();
  ExpectAllNear(ToVector(*r->Var("out")), {0, 0.5f, 1, 1, 1.5f, 2, 2, 2.5f, 3}, 1e-6f);
}

TEST(BilinearInterp, MatchesNaiveReferenceForEveryAlignment) {
  struct Case {
    int in_h, in_w, out_h, out_w;
  };
  for (const Case c : {Case{3, 5, 7, 4}, Case{6, 4, 3, 9}, Case{1, 3, 2, 5}}) {
    const std::vector<float> x = RandomVector(2 * 3 * c.in_h * c.in_w, -1.f, 1.f, c.in_w);
    for (bool align_corners : {false, true}) {
      for (int align_mode : {0, 1}) {
        auto r = InterpRunner("bilinear_interp_v2", {2, 3, c.in_h, c.in_w}, x);
        r->desc().SetAttr<int32_t>("out_h", c.out_h);
        r->desc().SetAttr<int32_t>("out_w", c.out_w);
        r->desc().SetAttr<bool>("align_corners", align_corners);
        r->desc().SetAttr<int32_t>("align_mode", align_mode);
        r->Run();
        SCOPED_TRACE(testing::Message() << c.in_h << "x" << c.in_w << " -> " << c.out_h << "x"
                                        << c.out_w << " align_corners " << align_corners
                                        << " align_mode " << align_mode);
        ExpectAllNear(ToVector(*r->Var("out")),
                      NaiveBilinear(x, 6, c.in_h, c.in_w, c.out_h, c.out_w, -1.0,
                                    align_corners, align_mode),
                      1e-5f);
      }
    }
  }
}

TEST(BilinearInterp, ScaleSetsTheStep) {
  const std::vector<float> x = RandomVector(3 * 5, -1.f, 1.f, 9);
  for (int align_mode : {0, 1}) {
    auto r = InterpRunner("bilinear_interp_v2", {1, 1, 3, 5}, x);
    r->desc().SetAttr("scale", std::vector<float>{1.5f, 1.5f});  // 4x7, step 1/1.5
    r->desc().SetAttr<int32_t>("align_mode", align_mode);
    r->Run();
    EXPECT_EQ(r->Var("out")->dims(), DDim({1, 1, 4, 7}));
    ExpectAllNear(ToVector(*r->Var("out")),
                  NaiveBilinear(x, 1, 3, 5, 4, 7, 1.5, false, align_mode), 1e-5f);
  }
}

TEST(Interp, UnsupportedMethodIsRejectedAtLoad) {
  auto r = InterpRunner("nearest_interp_v2", {1, 1, 2, 2}, Iota(4));
  r->desc().SetAttr<std::string>("interp_method", "bicubic");
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "attribute 'interp_method' 'bicubic' is not supported");
}

TEST(Interp, NhwcIsRejectedAtLoad) {
  auto r = InterpRunner("nearest_interp_v2", {1, 1, 2, 2}, Iota(4));
  r->desc().SetAttr<std::string>("data_layout", "NHWC");
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "attribute 'data_layout' 'NHWC' is not supported");
}

TEST(Interp, BadAlignModeIsRejectedAtLoad) {
  auto r = InterpRunner("bilinear_interp", {1, 1, 2, 2}, Iota(4));
  r->desc().SetAttr<int32_t>("align_mode", 2);
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "attribute 'align_mode' 2 is not supported");
}

TEST(Interp, NoOutputSizeIsAnError) {
  auto r = InterpRunner("nearest_interp_v2", {1, 1, 2, 2}, Iota(4));
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "output size -1x-1 is not positive");
}

TEST(Interp, NonNchwInputIsAnError) {
  auto r = InterpRunner("nearest_interp_v2", {1, 2, 2}, Iota(4));
  r->desc().SetAttr("scale", std::vector<float>{2.f, 2.f});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "X must be 4-D NCHW");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
