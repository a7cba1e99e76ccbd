// prelu and grid_sampler on host: against naive routines written here (grid_sampler's from
// the textbook bilinear form over the four integer neighbours, the padding modes folded
// into where a sample point lands), and their shape errors.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

TEST(Prelu, ChannelModeInNhwcUsesTheLastDim) {
  OpRunner r("prelu");
  r.SetInput("X", "x", {1, 2, 1, 3}, {-1, -2, -3, 4, -5, -6});  // NHWC: C = 3
  r.SetInput("Alpha", "alpha", {3}, {0.1f, 0.2f, 0.3f});
  r.SetOutput("Out", "out");
  r.desc().SetAttr<std::string>("mode", "channel");
  r.desc().SetAttr<std::string>("data_format", "NHWC");
  r.Run();
  ExpectAllNear(ToVector(*r.Var("out")), {-0.1f, -0.4f, -0.9f, 4.f, -1.f, -1.8f}, 1e-6f);
}

TEST(Prelu, AlphaOfTheWrongSizeIsNamed) {
  OpRunner r("prelu");
  r.SetInput("X", "x", {1, 3, 2}, std::vector<float>(6, 1.f));
  r.SetInput("Alpha", "alpha", {2}, {0.1f, 0.2f});
  r.SetOutput("Out", "out");
  r.desc().SetAttr<std::string>("mode", "channel");
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "one alpha per channel (3 for X [1, 3, 2])");
  OpRunner bad("prelu");
  bad.SetInput("X", "x", {1, 2}, {1, 2});
  bad.SetInput("Alpha", "alpha", {1}, {0.1f});
  bad.SetOutput("Out", "out");
  bad.desc().SetAttr<std::string>("mode", "row");
  ExpectErrorContaining([&] { bad.InferShapeOnly(); }, "'mode' 'row' is not one of all");
}

// Where a normalised coordinate lands in pixels, with the padding applied: one function
// per mode, as the formulas read (align_corners: -1 and 1 are the corner pixels' centres;
// otherwise the image's outer edges).
double ToPixel(double g, int size, bool align) {
  return align ? (g + 1) / 2 * (size - 1) : ((g + 1) * size - 1) / 2;
}
double Reflect(double p, int size, bool align) {
  // Mirror at the edges (pixel centres 0 and size - 1 with align_corners, the outer edges
  // -0.5 and size - 0.5 without) until inside, then clamp.
  const double lo = align ? 0 : -0.5, hi = align ? size - 1 : size - 0.5;
  if (hi <= lo) return 0;
  while (p < lo || p > hi) p = p < lo ? 2 * lo - p : 2 * hi - p;
  return std::fmin(std::fmax(p, 0.0), size - 1.0);
}

std::vector<float> NaiveGridSample(const std::vector<float>& x, int c, int h, int w,
                                   const std::vector<float>& grid, int points,
                                   const std::string& mode, const std::string& padding,
                                   bool align) {
  std::vector<float> out(static_cast<size_t>(c) * points);
  auto pixel = [&](int ch, int yy, int xx) -> double {
    if (xx < 0 || xx >= w || yy < 0 || yy >= h) return 0;
    return x[(ch * h + yy) * w + xx];
  };
  for (int p = 0; p < points; ++p) {
    double px = ToPixel(grid[2 * p], w, align), py = ToPixel(grid[2 * p + 1], h, align);
    if (padding == "border") {
      px = std::fmin(std::fmax(px, 0.0), w - 1.0);
      py = std::fmin(std::fmax(py, 0.0), h - 1.0);
    } else if (padding == "reflection") {
      px = Reflect(px, w, align);
      py = Reflect(py, h, align);
    }
    for (int ch = 0; ch < c; ++ch) {
      double v = 0;
      if (mode == "nearest") {
        v = pixel(ch, static_cast<int>(std::round(py)), static_cast<int>(std::round(px)));
      } else {
        const int x0 = static_cast<int>(std::floor(px)), y0 = static_cast<int>(std::floor(py));
        for (int dy = 0; dy < 2; ++dy)
          for (int dx = 0; dx < 2; ++dx) {
            const double wx = dx ? px - x0 : 1 - (px - x0), wy = dy ? py - y0 : 1 - (py - y0);
            v += pixel(ch, y0 + dy, x0 + dx) * wx * wy;
          }
      }
      out[ch * points + p] = static_cast<float>(v);
    }
  }
  return out;
}

TEST(GridSampler, MatchesTheNaiveFormForEveryModeAndPadding) {
  const int c = 2, h = 3, w = 4, points = 12;
  const std::vector<float> x = RandomVector(c * h * w, -1.f, 1.f, 7);
  // In range, on the edges and past them (up to 2.5x the range, so reflection folds twice).
  const std::vector<float> grid = RandomVector(points * 2, -2.5f, 2.5f, 11);
  for (const std::string mode : {"bilinear", "nearest"}) {
    for (const std::string padding : {"zeros", "border", "reflection"}) {
      for (const bool align : {true, false}) {
        OpRunner r("grid_sampler");
        r.SetInput("X", "x", {1, c, h, w}, x);
        r.SetInput("Grid", "grid", {1, 3, 4, 2}, grid);
        r.SetOutput("Output", "out");
        r.desc().SetAttr<std::string>("mode", mode);
        r.desc().SetAttr<std::string>("padding_mode", padding);
        r.desc().SetAttr<bool>("align_corners", align);
        r.Run();
        SCOPED_TRACE(mode + " " + padding + (align ? " align_corners" : ""));
        EXPECT_EQ(r.Var("out")->dims(), DDim({1, c, 3, 4}));
        ExpectAllNear(ToVector(*r.Var("out")),
                      NaiveGridSample(x, c, h, w, grid, points, mode, padding, align), 1e-5f);
      }
    }
  }
}

TEST(GridSampler, NonFiniteGridPointsReadZero) {
  OpRunner r("grid_sampler");
  r.SetInput("X", "x", {1, 1, 2, 2}, {1, 2, 3, 4});
  r.SetInput("Grid", "grid", {1, 1, 2, 2}, {NAN, 0.f, INFINITY, -INFINITY});
  r.SetOutput("Output", "out");
  r.desc().SetAttr<std::string>("padding_mode", "zeros");
  r.Run();
  ExpectAllNear(ToVector(*r.Var("out")), {0.f, 0.f}, 0.f);
}

TEST(GridSampler, ShapesAreChecked) {
  OpRunner r("grid_sampler");
  r.SetInput("X", "x", {1, 1, 2, 2}, {1, 2, 3, 4});
  r.SetInput("Grid", "grid", {1, 2, 3}, std::vector<float>(6, 0.f));
  r.SetOutput("Output", "out");
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "Grid must be [N, H_out, W_out, 2], got [1, 2, 3]");
  OpRunner volume("grid_sampler");
  volume.SetInput("X", "x", {1, 1, 1, 1, 1}, {1});
  volume.SetInput("Grid", "grid", {1, 1, 1, 1, 3}, {0, 0, 0});
  volume.SetOutput("Output", "out");
  ExpectErrorContaining([&] { volume.InferShapeOnly(); }, "5-D volumes are not supported");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
