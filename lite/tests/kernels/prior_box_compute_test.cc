// prior_box and density_prior_box: 1x1 feature maps worked by hand, both box orders, ratio
// expansion (dedup, flip), clip, explicit steps and offset, then random configurations
// against naive double-precision generators written from Paddle's description; load errors.
#include <cmath>
#include <string>
#include <vector>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct PriorAttrs {
  std::vector<float> min_sizes{20.f};
  std::vector<float> max_sizes;
  std::vector<float> aspect_ratios;
  std::vector<float> variances{0.1f, 0.1f, 0.2f, 0.2f};
  bool flip = true;
  bool clip = false;
  float step_w = 0.f, step_h = 0.f, offset = 0.5f;
  bool min_max_order = false;
};

std::unique_ptr<OpRunner> PriorBoxRunner(const DDim& feat, const DDim& img, const PriorAttrs& a) {
  auto r = std::make_unique<OpRunner>("prior_box");
  r->SetInput("Input", "input", feat, std::vector<float>(feat.production(), 0.f));
  r->SetInput("Image", "image", img, std::vector<float>(img.production(), 0.f));
  r->SetOutput("Boxes", "boxes");
  r->SetOutput("Variances", "variances");
  auto& d = r->desc();
  d.SetAttr("min_sizes", a.min_sizes);
  d.SetAttr("max_sizes", a.max_sizes);
  d.SetAttr("aspect_ratios", a.aspect_ratios);
  d.SetAttr("variances", a.variances);
  d.SetAttr("flip", a.flip);
  d.SetAttr("clip", a.clip);
  d.SetAttr("step_w", a.step_w);
  d.SetAttr("step_h", a.step_h);
  d.SetAttr("offset", a.offset);
  d.SetAttr("min_max_aspect_ratios_order", a.min_max_order);
  return r;
}

// Box sizes (w, h) one cell gets, in output order, built from the op's description.
std::vector<std::pair<double, double>> NaiveSizes(const PriorAttrs& a) {
  std::vector<double> ratios = {1.0};
  auto known = [&](double r) {
    for (double k : ratios) {
      if (std::fabs(r - k) < 1e-6) return true;
    }
    return false;
  };
  for (float r : a.aspect_ratios) {
    if (known(r)) continue;
    ratios.push_back(r);
    if (a.flip) ratios.push_back(1.0 / r);
  }
  std::vector<std::pair<double, double>> sizes;
  for (size_t s = 0; s < a.min_sizes.size(); ++s) {
    const double m = a.min_sizes[s];
    const bool has_max = !a.max_sizes.empty();
    const double big = has_max ? std::sqrt(m * a.max_sizes[s]) : 0.0;
    if (a.min_max_order) {
      sizes.emplace_back(m, m);
      if (has_max) sizes.emplace_back(big, big);
      for (double r : ratios) {
        if (r != 1.0) sizes.emplace_back(m * std::sqrt(r), m / std::sqrt(r));
      }
    } else {
      for (double r : ratios) sizes.emplace_back(m * std::sqrt(r), m / std::sqrt(r));
      if (has_max) sizes.emplace_back(big, big);
    }
  }
  return sizes;
}

std::vector<float> NaivePriorBoxes(const DDim& feat, const DDim& img, const PriorAttrs& a) {
  const double ih = img[2], iw = img[3];
  const bool auto_step = a.step_w == 0.f || a.step_h == 0.f;
  const double sw = auto_step ? iw / feat[3] : a.step_w;
  const double sh = auto_step ? ih / feat[2] : a.step_h;
  std::vector<float> out;
  for (int64_t h = 0; h < feat[2]; ++h) {
    for (int64_t w = 0; w < feat[3]; ++w) {
      const double cx = (w + a.offset) * sw, cy = (h + a.offset) * sh;
      for (const auto& s : NaiveSizes(a)) {
        const double b[4] = {(cx - s.first / 2) / iw, (cy - s.second / 2) / ih,
                             (cx + s.first / 2) / iw, (cy + s.second / 2) / ih};
        for (double v : b) out.push_back(static_cast<float>(a.clip ? std::min(std::max(v, 0.0), 1.0) : v));
      }
    }
  }
  return out;
}

}  // namespace

TEST(PriorBox, OneCellWorkedByHand) {
  // 1x1 feature on a 100x100 image: step 100, centre (50, 50). min 20, max 40, ratio 2 with
  // flip -> ratios {1, 2, 1/2}. Half sizes: ratio 1: 10x10; ratio 2: 10*sqrt2 x 10/sqrt2 =
  // 14.1421 x 7.0711; ratio 1/2: 7.0711 x 14.1421; sqrt(20*40)/2 = 14.1421 square.
  PriorAttrs a;
  a.max_sizes = {40.f};
  a.aspect_ratios = {2.f};
  const std::vector<float> r1 = {0.4f, 0.4f, 0.6f, 0.6f};
  const std::vector<float> r2 = {0.358579f, 0.429289f, 0.641421f, 0.570711f};
  const std::vector<float> r05 = {0.429289f, 0.358579f, 0.570711f, 0.641421f};
  const std::vector<float> big = {0.358579f, 0.358579f, 0.641421f, 0.641421f};
  auto cat = [](std::initializer_list<std::vector<float>> rows) {
    std::vector<float> v;
    for (const auto& r : rows) v.insert(v.end(), r.begin(), r.end());
    return v;
  };
  auto r = PriorBoxRunner({1, 8, 1, 1}, {1, 3, 100, 100}, a);
  r->Run();
  EXPECT_EQ(r->Var("boxes")->dims(), DDim({1, 1, 4, 4}));
  ExpectAllNear(ToVector(*r->Var("boxes")), cat({r1, r2, r05, big}), 1e-5f);
  EXPECT_EQ(r->Var("variances")->dims(), DDim({1, 1, 4, 4}));
  ExpectAllNear(ToVector(*r->Var("variances")),
                cat({a.variances, a.variances, a.variances, a.variances}), 0.f);

  a.min_max_order = true;  // Caffe order: min, sqrt(min*max), then the other ratios
  auto caffe = PriorBoxRunner({1, 8, 1, 1}, {1, 3, 100, 100}, a);
  caffe->Run();
  ExpectAllNear(ToVector(*caffe->Var("boxes")), cat({r1, big, r2, r05}), 1e-5f);
}

TEST(PriorBox, RatiosAreDeduplicatedAndFlipped) {
  struct Case {
    std::vector<float> ratios;
    bool flip;
    int64_t priors;
  };
  // 1.0 is always first; 2.0000001 is within 1e-6 of 2; 0.5 is already there after flipping 2.
  const Case cases[] = {{{2.f, 0.5f, 1.f, 2.0000001f}, true, 3},
                        {{2.f, 0.5f, 1.f, 2.0000001f}, false, 3},
                        {{2.f, 3.f}, true, 5},
                        {{2.f, 3.f}, false, 3},
                        {{}, true, 1}};
  for (const Case& c : cases) {
    PriorAttrs a;
    a.aspect_ratios = c.ratios;
    a.flip = c.flip;
    auto r = PriorBoxRunner({1, 1, 2, 3}, {1, 3, 40, 60}, a);
    r->Run();
    EXPECT_EQ(r->Var("boxes")->dims(), DDim({2, 3, c.priors, 4})) << StrCat(c.ratios, c.flip);
    ExpectAllNear(ToVector(*r->Var("boxes")), NaivePriorBoxes({1, 1, 2, 3}, {1, 3, 40, 60}, a),
                  1e-5f);
  }
}

TEST(PriorBox, ClipClampsToTheUnitSquare) {
  // 1x1 feature on a 10x10 image, min 20: (-5, -5, 15, 15) / 10.
  PriorAttrs a;
  auto raw = PriorBoxRunner({1, 1, 1, 1}, {1, 1, 10, 10}, a);
  raw->Run();
  ExpectAllNear(ToVector(*raw->Var("boxes")), {-0.5f, -0.5f, 1.5f, 1.5f}, 1e-6f);
  a.clip = true;
  auto clipped = PriorBoxRunner({1, 1, 1, 1}, {1, 1, 10, 10}, a);
  clipped->Run();
  ExpectAllNear(ToVector(*clipped->Var("boxes")), {0.f, 0.f, 1.f, 1.f}, 0.f);
}

TEST(PriorBox, ExplicitStepsAndOffset) {
  // step 30 x 20 with offset 0: centres x in {0, 30}, y in {0, 20}; min 10 -> half 5.
  PriorAttrs a;
  a.min_sizes = {10.f};
  a.step_w = 30.f;
  a.step_h = 20.f;
  a.offset = 0.f;
  auto r = PriorBoxRunner({1, 1, 2, 2}, {1, 1, 100, 100}, a);
  r->Run();
  ExpectAllNear(ToVector(*r->Var("boxes")),
                {-0.05f, -0.05f, 0.05f, 0.05f, 0.25f, -0.05f, 0.35f, 0.05f,  // row 0
                 -0.05f, 0.15f, 0.05f, 0.25f, 0.25f, 0.15f, 0.35f, 0.25f},   // row 1
                1e-6f);
  // One step of 0 means both come from the image: 50 x 50, centres 25 and 75.
  a.step_h = 0.f;
  a.offset = 0.5f;
  auto auto_step = PriorBoxRunner({1, 1, 2, 2}, {1, 1, 100, 100}, a);
  auto_step->Run();
  ExpectAllNear(ToVector(*auto_step->Var("boxes")),
                {0.2f, 0.2f, 0.3f, 0.3f, 0.7f, 0.2f, 0.8f, 0.3f,
                 0.2f, 0.7f, 0.3f, 0.8f, 0.7f, 0.7f, 0.8f, 0.8f}, 1e-6f);
}

TEST(PriorBox, MatchesNaiveGeneratorOnOddShapes) {
  struct Case {
    DDim feat, img;
  };
  const Case shapes[] = {{{1, 3, 5, 7}, {1, 3, 300, 200}}, {{2, 1, 1, 3}, {2, 3, 33, 17}},
                         {{1, 2, 19, 19}, {1, 3, 300, 300}}};
  int seed = 0;
  for (const Case& c : shapes) {
    for (int variant = 0; variant < 4; ++variant) {
      PriorAttrs a;
      a.min_sizes = {16.f, 60.5f};
      if (variant & 1) a.max_sizes = {32.f, 111.f};
      a.aspect_ratios = {2.f, 3.f, 0.25f};
      a.flip = variant != 2;
      a.clip = variant == 3;
      a.min_max_order = variant >= 2;
      a.offset = 0.25f * (seed++ % 3);
      if (variant == 1) a.step_w = 7.5f, a.step_h = 11.f;
      SCOPED_TRACE(StrCat("feat ", c.feat, " img ", c.img, " variant ", variant));
      auto r = PriorBoxRunner(c.feat, c.img, a);
      r->Run();
      const auto want = NaivePriorBoxes(c.feat, c.img, a);
      const int64_t priors = static_cast<int64_t>(NaiveSizes(a).size());
      EXPECT_EQ(r->Var("boxes")->dims(), DDim({c.feat[2], c.feat[3], priors, 4}));
      ExpectAllNear(ToVector(*r->Var("boxes")), want, 1e-5f, 1e-5f);
    }
  }
}

TEST(PriorBox, MalformedAttributesAreRejectedAtLoad) {
  struct Case {
    void (*edit)(PriorAttrs*);
    const char* message;
  };
  const Case cases[] = {
      {[](PriorAttrs* a) { a->min_sizes.clear(); }, "attribute 'min_sizes' must not be empty"},
      {[](PriorAttrs* a) { a->min_sizes = {8.f, 0.f}; }, "attribute 'min_sizes' [8, 0] must be positive"},
      {[](PriorAttrs* a) { a->max_sizes = {30.f, 40.f}; }, "attribute 'max_sizes' [30, 40] must be empty or hold one value per min size"},
      {[](PriorAttrs* a) { a->max_sizes = {20.f}; }, "attribute 'max_sizes' entry 0 (20) must be greater than min_sizes entry 0 (20)"},
      {[](PriorAttrs* a) { a->aspect_ratios = {2.f, 0.f}; }, "attribute 'aspect_ratios' [2, 0] must hold positive finite ratios"},
      {[](PriorAttrs* a) { a->aspect_ratios = {-1.f}; }, "attribute 'aspect_ratios'"},
      {[](PriorAttrs* a) { a->variances = {0.1f, 0.1f, 0.2f}; }, "attribute 'variances' must hold 4 values"},
      {[](PriorAttrs* a) { a->variances = {0.1f, 0.f, 0.2f, 0.2f}; }, "attribute 'variances' [0.1, 0, 0.2, 0.2] must be positive"},
      {[](PriorAttrs* a) { a->step_w = -1.f; }, "attributes 'step_w' -1 and 'step_h' 0 must be finite and >= 0"},
      {[](PriorAttrs* a) { a->step_h = INFINITY; }, "attributes 'step_w' 0 and 'step_h' inf must be finite"},
      {[](PriorAttrs* a) { a->offset = NAN; }, "attribute 'offset' is nan (must be finite)"},
  };
  for (const Case& c : cases) {
    PriorAttrs a;
    c.edit(&a);
    auto r = PriorBoxRunner({1, 1, 2, 2}, {1, 1, 8, 8}, a);
    EXPECT_PLITE_ERROR(r->InferShapeOnly(), std::string("op 'prior_box': ") + c.message);
  }
}

TEST(PriorBox, MissingRequiredAttributeIsNamed) {
  auto r = PriorBoxRunner({1, 1, 2, 2}, {1, 1, 8, 8}, PriorAttrs());
  r->desc().DeleteAttr("variances");
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "variances");
}

TEST(PriorBox, BadShapesAreErrors) {
  auto flat = PriorBoxRunner({1, 4}, {1, 1, 8, 8}, PriorAttrs());
  EXPECT_PLITE_ERROR(flat->InferShapeOnly(), "Input must be 4-D [N, C, H, W], got [1, 4]");
  auto empty_image = PriorBoxRunner({1, 1, 2, 2}, {1, 1, 0, 8}, PriorAttrs());
  EXPECT_PLITE_ERROR(empty_image->InferShapeOnly(), "must have a positive height and width");
}

// ---------------------------------------------------------------- density_prior_box
namespace {
struct DensityAttrs {
  std::vector<float> fixed_sizes{4.f};
  std::vector<float> fixed_ratios{1.f};
  std::vector<int> densities{2};
  std::vector<float> variances{0.1f, 0.1f, 0.2f, 0.2f};
  bool clip = false, flatten = false;
  float step_w = 0.f, step_h = 0.f, offset = 0.5f;
};

std::unique_ptr<OpRunner> DensityRunner(const DDim& feat, const DDim& img, const DensityAttrs& a) {
  auto r = std::make_unique<OpRunner>("density_prior_box");
  r->SetInput("Input", "input", feat, std::vector<float>(feat.production(), 0.f));
  r->SetInput("Image", "image", img, std::vector<float>(img.production(), 0.f));
  r->SetOutput("Boxes", "boxes");
  r->SetOutput("Variances", "variances");
  auto& d = r->desc();
  d.SetAttr("fixed_sizes", a.fixed_sizes);
  d.SetAttr("fixed_ratios", a.fixed_ratios);
  d.SetAttr("densities", a.densities);
  d.SetAttr("variances", a.variances);
  d.SetAttr("clip", a.clip);
  d.SetAttr("flatten_to_2d", a.flatten);
  d.SetAttr("step_w", a.step_w);
  d.SetAttr("step_h", a.step_h);
  d.SetAttr("offset", a.offset);
  return r;
}

// Paddle's definition in double: the sub-grid spacing is an integer (int step average,
// integer division by the density); left/top corners floored at 0, right/bottom capped at 1.
std::vector<float> NaiveDensity(const DDim& feat, const DDim& img, const DensityAttrs& a) {
  const double ih = img[2], iw = img[3];
  const bool auto_step = a.step_w == 0.f || a.step_h == 0.f;
  const double sw = auto_step ? iw / feat[3] : a.step_w;
  const double sh = auto_step ? ih / feat[2] : a.step_h;
  const int avg = static_cast<int>((sw + sh) / 2);
  std::vector<float> out;
  for (int64_t h = 0; h < feat[2]; ++h) {
    for (int64_t w = 0; w < feat[3]; ++w) {
      for (size_t s = 0; s < a.fixed_sizes.size(); ++s) {
        const int d = a.densities[s];
        const int shift = avg / d;
        for (float ratio : a.fixed_ratios) {
          const double bw = a.fixed_sizes[s] * std::sqrt(ratio);
          const double bh = a.fixed_sizes[s] / std::sqrt(ratio);
          for (int di = 0; di < d; ++di) {
            for (int dj = 0; dj < d; ++dj) {
              const double cx = (w + a.offset) * sw - avg / 2.0 + shift / 2.0 + dj * shift;
              const double cy = (h + a.offset) * sh - avg / 2.0 + shift / 2.0 + di * shift;
              double b[4] = {std::max((cx - bw / 2) / iw, 0.0), std::max((cy - bh / 2) / ih, 0.0),
                             std::min((cx + bw / 2) / iw, 1.0), std::min((cy + bh / 2) / ih, 1.0)};
              for (double v : b) {
                out.push_back(static_cast<float>(a.clip ? std::min(std::max(v, 0.0), 1.0) : v));
              }
            }
          }
        }
      }
    }
  }
  return out;
}
}  // namespace

TEST(DensityPriorBox, OneCellWorkedByHand) {
  // 1x1 feature on an 8x8 image: step 8, density 2 -> shift 4, sub-centres at 2 and 6;
  // row-major (y outer). Size 4, ratio 1: 4x4 boxes. Ratio 4: 8 wide, 2 high.
  DensityAttrs a;
  a.fixed_ratios = {1.f, 4.f};
  auto r = DensityRunner({1, 1, 1, 1}, {1, 3, 8, 8}, a);
  r->Run();
  EXPECT_EQ(r->Var("boxes")->dims(), DDim({1, 1, 8, 4}));
  ExpectAllNear(ToVector(*r->Var("boxes")),
                {0.f, 0.f, 0.5f, 0.5f, 0.5f, 0.f, 1.f, 0.5f,  // ratio 1, top row
                 0.f, 0.5f, 0.5f, 1.f, 0.5f, 0.5f, 1.f, 1.f,  // ratio 1, bottom row
                 // ratio 4 at (2,2): x -2..6 floored at 0 even without clip; (6,2): x 2..10 capped
                 0.f, 0.125f, 0.75f, 0.375f, 0.25f, 0.125f, 1.f, 0.375f,
                 0.f, 0.625f, 0.75f, 0.875f, 0.25f, 0.625f, 1.f, 0.875f},
                1e-6f);
  std::vector<float> vars;
  for (int i = 0; i < 8; ++i) vars.insert(vars.end(), a.variances.begin(), a.variances.end());
  ExpectAllNear(ToVector(*r->Var("variances")), vars, 0.f);
}

TEST(DensityPriorBox, FlattenTo2d) {
  DensityAttrs a;
  a.flatten = true;
  a.fixed_sizes = {4.f, 8.f};
  a.densities = {2, 1};
  auto r = DensityRunner({1, 1, 2, 3}, {1, 3, 16, 24}, a);
  r->Run();
  EXPECT_EQ(r->Var("boxes")->dims(), DDim({2 * 3 * 5, 4}));
  EXPECT_EQ(r->Var("variances")->dims(), DDim({2 * 3 * 5, 4}));
  ExpectAllNear(ToVector(*r->Var("boxes")), NaiveDensity({1, 1, 2, 3}, {1, 3, 16, 24}, a), 1e-5f);
}

TEST(DensityPriorBox, MatchesNaiveGeneratorOnOddShapes) {
  struct Case {
    DDim feat, img;
  };
  // 10 / 3 = 3.33 truncates to a step average of 3 and a shift of 1 for density 2.
  const Case shapes[] = {{{1, 2, 3, 3}, {1, 3, 10, 10}}, {{1, 1, 5, 7}, {1, 3, 45, 70}},
                         {{2, 4, 1, 2}, {2, 3, 31, 64}}};
  for (const Case& c : shapes) {
    for (int variant = 0; variant < 3; ++variant) {
      DensityAttrs a;
      a.fixed_sizes = {6.f, 13.f, 20.f};
      a.fixed_ratios = {1.f, 2.f, 0.5f};
      a.densities = {3, 2, 1};
      a.clip = variant == 1;
      if (variant == 2) a.step_w = 9.f, a.step_h = 7.f, a.offset = 0.f;
      SCOPED_TRACE(StrCat("feat ", c.feat, " img ", c.img, " variant ", variant));
      auto r = DensityRunner(c.feat, c.img, a);
      r->Run();
      EXPECT_EQ(r->Var("boxes")->dims(), DDim({c.feat[2], c.feat[3], 3 * (9 + 4 + 1), 4}));
      ExpectAllNear(ToVector(*r->Var("boxes")), NaiveDensity(c.feat, c.img, a), 1e-5f, 1e-5f);
    }
  }
}

TEST(DensityPriorBox, MalformedAttributesAreRejectedAtLoad) {
  struct Case {
    void (*edit)(DensityAttrs*);
    const char* message;
  };
  const Case cases[] = {
      {[](DensityAttrs* a) { a->fixed_sizes.clear(), a->densities.clear(); }, "attribute 'fixed_sizes' must not be empty"},
      {[](DensityAttrs* a) { a->fixed_ratios.clear(); }, "attribute 'fixed_ratios' must not be empty"},
      {[](DensityAttrs* a) { a->densities = {2, 2}; }, "attribute 'densities' [2, 2] must hold one value per fixed size [4]"},
      {[](DensityAttrs* a) { a->densities = {0}; }, "attribute 'densities' [0] must be positive"},
      {[](DensityAttrs* a) { a->fixed_sizes = {-4.f}; }, "attribute 'fixed_sizes' [-4] must be positive"},
      {[](DensityAttrs* a) { a->fixed_ratios = {1.f, 0.f}; }, "attribute 'fixed_ratios' [1, 0] must be positive"},
      {[](DensityAttrs* a) { a->variances = {1.f}; }, "attribute 'variances' must hold 4 values"},
      {[](DensityAttrs* a) { a->step_h = -2.f; }, "attributes 'step_w' 0 and 'step_h' -2 must be finite and >= 0"},
      {[](DensityAttrs* a) { a->densities = {50000}; }, "attributes 'densities' [50000] and 'fixed_ratios' give 2.5e+09"},
      {[](DensityAttrs* a) { a->fixed_ratios = {1.f, 1.f}, a->densities = {40000}; }, "attributes 'densities' [40000] and 'fixed_ratios' give 3.2e+09 boxes per cell, more than an int holds"},
  };
  for (const Case& c : cases) {
    DensityAttrs a;
    c.edit(&a);
    auto r = DensityRunner({1, 1, 2, 2}, {1, 1, 8, 8}, a);
    EXPECT_PLITE_ERROR(r->InferShapeOnly(), std::string("op 'density_prior_box': ") + c.message);
  }
}

TEST(DensityPriorBox, BadShapesAreErrors) {
  auto r = DensityRunner({1, 1, 2, 2}, {8, 8}, DensityAttrs());
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "Image must be 4-D [N, C, H, W], got [8, 8]");
  // An image 2^40 wide over one cell: Paddle's int step average cannot hold the step.
  auto wide = DensityRunner({1, 1, 1, 1}, {1, 1, 1, 1}, DensityAttrs());
  wide->Var("image")->Resize({1, 1, 8, int64_t{1} << 40});
  EXPECT_PLITE_ERROR(wide->InferShapeOnly(), "does not fit an int");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
