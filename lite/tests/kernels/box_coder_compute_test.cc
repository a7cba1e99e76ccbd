// box_coder: hand-worked encode/decode (normalized and pixel boxes, variance from the input,
// the attribute or neither), decode along both axes against a naive routine, the
// encode -> decode round trip for normalized boxes, and load/shape errors.
#include <cmath>
#include <string>
#include <vector>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct CoderCase {
  std::string code_type = "encode_center_size";
  bool normalized = true;
  int axis = 0;
  std::vector<float> variance;  // attribute; empty = not set
  DDim prior_dims;
  std::vector<float> prior;
  DDim var_dims;               // PriorBoxVar input; empty dims = absent
  std::vector<float> var;
  DDim target_dims;
  std::vector<float> target;
};

std::unique_ptr<OpRunner> CoderRunner(const CoderCase& c) {
  auto r = std::make_unique<OpRunner>("box_coder");
  r->SetInput("PriorBox", "prior", c.prior_dims, c.prior);
  if (c.var_dims.size() > 0) r->SetInput("PriorBoxVar", "prior_var", c.var_dims, c.var);
  r->SetInput("TargetBox", "target", c.target_dims, c.target);
  r->SetOutput("OutputBox", "out");
  r->desc().SetAttr("code_type", c.code_type);
  r->desc().SetAttr("box_normalized", c.normalized);
  r->desc().SetAttr<int32_t>("axis", c.axis);
  if (!c.variance.empty()) r->desc().SetAttr("variance", c.variance);
  return r;
}

std::vector<float> RunCoder(const CoderCase& c) {
  auto r = CoderRunner(c);
  r->Run();
  return ToVector(*r->Var("out"));
}

// Decoding written out in double: output box (i, j) uses prior j (axis 0) or i (axis 1) and
// that prior's variance row (input), else the attribute, else 1.
std::vector<float> NaiveDecode(const CoderCase& c) {
  const int64_t n = c.target_dims[0], m = c.target_dims[1];
  const double one = c.normalized ? 0.0 : 1.0;
  std::vector<float> out;
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t j = 0; j < m; ++j) {
      const int64_t k = c.axis == 0 ? j : i;
      const float* p = &c.prior[k * 4];
      double v[4] = {1, 1, 1, 1};
      for (int q = 0; q < 4; ++q) {
        if (!c.var.empty()) v[q] = c.var[k * 4 + q];
        else if (!c.variance.empty()) v[q] = c.variance[q];
      }
      const double pw = p[2] - p[0] + one, ph = p[3] - p[1] + one;
      const double pcx = p[0] + pw / 2, pcy = p[1] + ph / 2;
      const float* t = &c.target[(i * m + j) * 4];
      const double cx = v[0] * t[0] * pw + pcx, cy = v[1] * t[1] * ph + pcy;
      const double w = std::exp(v[2] * t[2]) * pw, h = std::exp(v[3] * t[3]) * ph;
      for (double b : {cx - w / 2, cy - h / 2, cx + w / 2 - one, cy + h / 2 - one}) {
        out.push_back(static_cast<float>(b));
      }
    }
  }
  return out;
}

// A box with x0 < x1 and y0 < y1 inside [0, scale].
std::vector<float> RandomBoxes(int count, float scale, uint32_t seed) {
  auto v = RandomVector(count * 4, 0.f, scale, seed);
  for (int b = 0; b < count; ++b) {
    float* x = &v[b * 4];
    if (x[0] > x[2]) std::swap(x[0], x[2]);
    if (x[1] > x[3]) std::swap(x[1], x[3]);
    x[2] += 0.05f * scale;
    x[3] += 0.05f * scale;
  }
  return v;
}

}  // namespace

TEST(BoxCoder, EncodeWorkedByHand) {
  // Prior (0,0,2,2): size 2x2, centre (1,1). Target (1,1,3,5): centre (2,3), size 2x4.
  // Deltas: (2-1)/2, (3-1)/2, log(2/2), log(4/2) = 0.5, 1, 0, 0.693147.
  CoderCase c;
  c.prior_dims = {1, 4};
  c.prior = {0, 0, 2, 2};
  c.target_dims = {1, 4};
  c.target = {1, 1, 3, 5};
  ExpectAllNear(RunCoder(c), {0.5f, 1.f, 0.f, 0.693147f}, 1e-6f);
  // The variance attribute divides each delta.
  c.variance = {0.1f, 0.1f, 0.2f, 0.2f};
  ExpectAllNear(RunCoder(c), {5.f, 10.f, 0.f, 3.465736f}, 1e-5f);
  // So does a PriorBoxVar row.
  c.variance.clear();
  c.var_dims = {1, 4};
  c.var = {0.5f, 0.25f, 2.f, 1.f};
  ExpectAllNear(RunCoder(c), {1.f, 4.f, 0.f, 0.693147f}, 1e-6f);
  // Pixel boxes: widths gain 1 (prior 3x3, centre 0 + 3/2 = 1.5; target 3x5, centre (2, 3)).
  c.var_dims = DDim();
  c.var.clear();
  c.normalized = false;
  ExpectAllNear(RunCoder(c), {0.5f / 3, 1.5f / 3, std::log(1.f), std::log(5.f / 3)}, 1e-6f);
}

TEST(BoxCoder, EncodeIsTargetsByPriors) {
  // Two targets against three priors: output [2, 3, 4], row i column j = target i vs prior j.
  CoderCase c;
  c.prior_dims = {3, 4};
  c.prior = {0, 0, 2, 2, 0, 0, 4, 4, 1, 1, 2, 3};
  c.target_dims = {2, 4};
  c.target = {1, 1, 3, 5, 0, 0, 4, 4};
  auto r = CoderRunner(c);
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 3, 4}));
  const auto out = ToVector(*r->Var("out"));
  // target 1 = prior 1 exactly: all zeros; target 0 vs prior 2 (centre (1.5, 2), 1x2):
  // (2-1.5)/1, (3-2)/2, log 2, log 2.
  ExpectAllNear(std::vector<float>(out.begin() + 16, out.begin() + 20), {0.f, 0.f, 0.f, 0.f}, 1e-6f);
  ExpectAllNear(std::vector<float>(out.begin() + 8, out.begin() + 12), {0.5f, 0.5f, 0.693147f, 0.693147f}, 1e-6f);
}

TEST(BoxCoder, DecodeWorkedByHand) {
  // Prior (0,0,2,2) and deltas (0.5, 1, 0, log 2): centre (2, 3), size 2x4 -> (1,1,3,5).
  CoderCase c;
  c.code_type = "decode_center_size";
  c.prior_dims = {1, 4};
  c.prior = {0, 0, 2, 2};
  c.target_dims = {1, 1, 4};
  c.target = {0.5f, 1.f, 0.f, std::log(2.f)};
  ExpectAllNear(RunCoder(c), {1.f, 1.f, 3.f, 5.f}, 1e-6f);
  // Pixel boxes: prior 3x3 centred at 1.5 -> centre (3, 4.5), size 3x6; x1/y1 lose 1.
  c.normalized = false;
  ExpectAllNear(RunCoder(c), {1.5f, 1.5f, 3.5f, 6.5f}, 1e-6f);
  // Variance attribute (0.1, 0.1, 0.2, 0.2) scales the deltas: with deltas (5, 10, 0, 5 log 2)
  // we are back at the first case.
  c.normalized = true;
  c.variance = {0.1f, 0.1f, 0.2f, 0.2f};
  c.target = {5.f, 10.f, 0.f, 5.f * std::log(2.f)};
  ExpectAllNear(RunCoder(c), {1.f, 1.f, 3.f, 5.f}, 1e-5f);
}

TEST(BoxCoder, DecodeAlongBothAxesWithEachVarianceSource) {
  for (int axis : {0, 1}) {
    for (int source : {0, 1, 2}) {  // none, attribute, input
      for (bool normalized : {true, false}) {
        SCOPED_TRACE(StrCat("axis ", axis, " variance source ", source, " normalized ",
                            normalized));
        CoderCase c;
        c.code_type = "decode_center_size";
        c.axis = axis;
        c.normalized = normalized;
        const int n = 3, m = 5, priors = axis == 0 ? m : n;
        c.prior_dims = {priors, 4};
        c.prior = RandomBoxes(priors, normalized ? 1.f : 50.f, 11 + axis);
        if (source == 1) c.variance = {0.1f, 0.2f, 0.3f, 0.4f};
        if (source == 2) {
          c.var_dims = {priors, 4};
          c.var = RandomVector(priors * 4, 0.05f, 0.5f, 21);
        }
        c.target_dims = {n, m, 4};
        c.target = RandomVector(n * m * 4, -2.f, 2.f, 31 + source);
        auto r = CoderRunner(c);
        r->Run();
        EXPECT_EQ(r->Var("out")->dims(), DDim({n, m, 4}));
        ExpectAllNear(ToVector(*r->Var("out")), NaiveDecode(c), 1e-4f, 1e-5f);
      }
    }
  }
}

TEST(BoxCoder, EncodeThenDecodeGivesTheTargetsBack) {
  // Normalized boxes only: with +1 widths Paddle's encode (target centre (x0+x1)/2) and
  // decode (corners centre -/+ w/2, then -1) are off by half a pixel by design.
  for (bool with_var : {false, true}) {
    CoderCase enc;
    enc.prior_dims = {4, 4};
    enc.prior = RandomBoxes(4, 1.f, 3);
    enc.target_dims = {6, 4};
    enc.target = RandomBoxes(6, 1.f, 4);
    if (with_var) enc.variance = {0.1f, 0.1f, 0.2f, 0.2f};
    CoderCase dec = enc;
    dec.code_type = "decode_center_size";
    dec.target_dims = {6, 4, 4};
    dec.target = RunCoder(enc);
    const auto decoded = RunCoder(dec);
    std::vector<float> want;
    for (int i = 0; i < 6; ++i) {
      for (int j = 0; j < 4; ++j) want.insert(want.end(), &enc.target[i * 4], &enc.target[i * 4 + 4]);
    }
    ExpectAllNear(decoded, want, 1e-5f);
  }
}

TEST(BoxCoder, DecodeKeepsTheLoDOfTheBroadcastSide) {
  CoderCase c;
  c.code_type = "decode_center_size";
  c.axis = 1;
  c.prior_dims = {2, 4};
  c.prior = {0, 0, 1, 1, 0, 0, 2, 2};
  c.target_dims = {2, 3, 4};
  c.target = std::vector<float>(24, 0.f);
  auto r = CoderRunner(c);
  r->Var("prior")->set_lod({{0, 1, 2}});
  r->Run();
  EXPECT_EQ(r->Var("out")->lod(), LoD({{0, 1, 2}}));
}

TEST(BoxCoder, MalformedAttributesAreRejectedAtLoad) {
  CoderCase c;
  c.prior_dims = {1, 4};
  c.prior = {0, 0, 2, 2};
  c.target_dims = {1, 4};
  c.target = {1, 1, 3, 5};
  auto bad_type = CoderRunner(c);
  bad_type->desc().SetAttr<std::string>("code_type", "encode_corner");
  EXPECT_PLITE_ERROR(bad_type->InferShapeOnly(),
                     "op 'box_coder': attribute 'code_type' is 'encode_corner'");
  auto bad_axis = CoderRunner(c);
  bad_axis->desc().SetAttr<int32_t>("axis", 2);
  EXPECT_PLITE_ERROR(bad_axis->InferShapeOnly(), "op 'box_coder': attribute 'axis' is 2");
  auto short_var = CoderRunner(c);
  short_var->desc().SetAttr("variance", std::vector<float>{0.1f, 0.2f, 0.3f});
  EXPECT_PLITE_ERROR(short_var->InferShapeOnly(),
                     "attribute 'variance' must be empty or hold 4 values, got [0.1, 0.2, 0.3]");
  c.var_dims = {1, 4};
  c.var = {1, 1, 1, 1};
  c.variance = {0.1f, 0.1f, 0.2f, 0.2f};
  EXPECT_PLITE_ERROR(CoderRunner(c)->InferShapeOnly(),
                     "input 'PriorBoxVar' and attribute 'variance' [0.1, 0.1, 0.2, 0.2] must not "
                     "both be given");
}

TEST(BoxCoder, MismatchedShapesAreErrors) {
  CoderCase c;
  c.prior_dims = {2, 3};
  c.prior = std::vector<float>(6, 0.f);
  c.target_dims = {1, 4};
  c.target = {1, 1, 3, 5};
  EXPECT_PLITE_ERROR(CoderRunner(c)->InferShapeOnly(), "PriorBox must be [M, 4], got [2, 3]");
  c.prior_dims = {2, 4};
  c.prior = std::vector<float>(8, 0.f);
  c.var_dims = {1, 4};
  c.var = {1, 1, 1, 1};
  EXPECT_PLITE_ERROR(CoderRunner(c)->InferShapeOnly(),
                     "PriorBoxVar [1, 4] must have the shape of PriorBox [2, 4]");
  c.var_dims = DDim();
  c.var.clear();
  c.target_dims = {1, 1, 4};
  EXPECT_PLITE_ERROR(CoderRunner(c)->InferShapeOnly(),
                     "TargetBox must be [N, 4] for encode_center_size, got [1, 1, 4]");
  c.code_type = "decode_center_size";
  c.target_dims = {1, 4};
  EXPECT_PLITE_ERROR(CoderRunner(c)->InferShapeOnly(),
                     "TargetBox must be [N, M, 4] for decode_center_size, got [1, 4]");
  c.target_dims = {2, 3, 4};
  c.target = std::vector<float>(24, 0.f);
  EXPECT_PLITE_ERROR(CoderRunner(c)->InferShapeOnly(),
                     "with axis 0, TargetBox [2, 3, 4] dim 1 must equal the number of prior boxes");
  c.axis = 1;
  c.target_dims = {3, 2, 4};
  EXPECT_PLITE_ERROR(CoderRunner(c)->InferShapeOnly(),
                     "with axis 1, TargetBox [3, 2, 4] dim 0 must equal the number of prior boxes");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
