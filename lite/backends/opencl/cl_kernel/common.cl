// Included before every kernel file (ProgramSource): what several of them use.

// Images are read at integer texel coordinates, never outside or between texels.
__constant sampler_t kNearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP |
                                CLK_FILTER_NEAREST;

// Lane i (0..3) of a texel.
inline float lane_of(float4 v, int i) {
  switch (i) {
    case 0: return v.x;
    case 1: return v.y;
    case 2: return v.z;
    default: return v.w;
  }
}

// Element `index` (row-major) of a tensor whose right-aligned NCHW dims are d.
inline float element_at(__read_only image2d_t img, int4 d, int index) {
  const int w = index % d.w;
  const int h = (index / d.w) % d.z;
  const int c = (index / (d.w * d.z)) % d.y;
  const int n = index / (d.w * d.z * d.y);
  const float4 t = read_imagef(img, kNearest, (int2)((c / 4) * d.w + w, n * d.z + h));
  return lane_of(t, c % 4);
}

// The output element of texel (x, y), lane l, as its (n, c, h, w); c past C: -1.
inline int4 out_coords(int x, int y, int l, int4 d) {
  const int c = (x / d.w) * 4 + l;
  return (int4)(y / d.z, c < d.y ? c : -1, y % d.z, x % d.w);
}

inline int flat_index(int4 o, int4 d) { return ((o.x * d.y + o.y) * d.z + o.z) * d.w + o.w; }

// The activation descriptor (lite/utils/activation.h, formulas in activation_ref.h): its kind
// and parameters passed as arguments, so that one program serves every kind:
//   relu6 p0 = threshold; leaky_relu p0 = alpha; swish p0 = beta;
//   hard_swish p0 = threshold, p1 = scale, p2 = offset; hard_sigmoid p0 = slope, p1 = offset;
//   gelu p0 != 0: the tanh approximation; softplus p0 = beta, p1 = threshold;
//   mish p0 = threshold.
// Kinds are ActivationType values; 0 (none) passes x through.
#define ACT_RELU 1
#define ACT_RELU6 2
#define ACT_LEAKY_RELU 4
#define ACT_SIGMOID 5
#define ACT_TANH 6
#define ACT_SWISH 7
#define ACT_EXP 8
#define ACT_ABS 9
#define ACT_HARD_SWISH 10
#define ACT_HARD_SIGMOID 14
#define ACT_LOG 15
#define ACT_GELU 18
#define ACT_SOFTPLUS 21
#define ACT_MISH 22

inline float4 activate(float4 x, int kind, float p0, float p1, float p2) {
  switch (kind) {
    case ACT_RELU: return fmax(x, (float4)(0.f));
    case ACT_RELU6: return fmin(fmax(x, (float4)(0.f)), (float4)(p0));
    case ACT_LEAKY_RELU: return select(x * p0, x, x > (float4)(0.f));
    case ACT_SIGMOID: return 1.f / (1.f + exp(-x));
    case ACT_TANH: return tanh(x);
    case ACT_SWISH: return x / (1.f + exp(-p0 * x));
    case ACT_EXP: return exp(x);
    case ACT_ABS: return fabs(x);
    case ACT_HARD_SWISH: return x * fmin(fmax(x + p2, (float4)(0.f)), (float4)(p0)) / p1;
    case ACT_HARD_SIGMOID: return fmin(fmax(p0 * x + p1, (float4)(0.f)), (float4)(1.f));
    case ACT_LOG: return log(x);
    case ACT_GELU:
      if (p0 != 0.f) {
        return 0.5f * x * (1.f + tanh(0.7978845608f * (x + 0.044715f * x * x * x)));
      }
      return 0.5f * x * (1.f + erf(x * 0.7071067812f));
    case ACT_SOFTPLUS: {
      const float4 bx = p0 * x;
      return select(log1p(exp(bx)) / p0, x, bx > (float4)(p1));
    }
    case ACT_MISH: {
      const float4 sp = select(log1p(exp(x)), x, x > (float4)(p0));
      return x * tanh(sp);
    }
    default: return x;
  }
}

