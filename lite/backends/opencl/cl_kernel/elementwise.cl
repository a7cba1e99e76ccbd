// elementwise_add/sub/mul/div/max/min/pow on ImageDefault images: Out = act(X op Y), one work
// item per output texel, the fused activation through activate() (common.cl). `op` is
// the EW_* code; max/min keep the host's a > b ? a : b (a NaN in Y is returned).
#define EW_ADD 0
#define EW_SUB 1
#define EW_MUL 2
#define EW_DIV 3
#define EW_MAX 4
#define EW_MIN 5
#define EW_POW 6

inline float4 ew_apply(float4 a, float4 b, int op) {
  switch (op) {
    case EW_ADD: return a + b;
    case EW_SUB: return a - b;
    case EW_MUL: return a * b;
    case EW_DIV: return a / b;
    case EW_MAX: return select(b, a, a > b);
    case EW_MIN: return select(b, a, a < b);
    default: return pow(a, b);
  }
}

// Channels past C hold 0 in what we write, so that no reader of the padding lanes sees
// the NaN of 0 / 0 or an activation of it.
inline float4 ew_zero_past(float4 v, int valid) {
  return valid < 4 ? select(v, (float4)(0.f), (int4)(0, 1, 2, 3) >= valid) : v;
}

// X and Y of the same dims: texel by texel.
__kernel void elementwise_same(__read_only image2d_t x, __read_only image2d_t y,
                               __write_only image2d_t out, int op, int C, int W, int act,
                               float p0, float p1, float p2) {
  const int2 pos = (int2)(get_global_id(0), get_global_id(1));
  const float4 v = ew_apply(read_imagef(x, kNearest, pos), read_imagef(y, kNearest, pos), op);
  write_imagef(out, pos, ew_zero_past(activate(v, act, p0, p1, p2), C - 4 * (pos.x / W)));
}

// The value a broadcast operand gives output element (n, c, h, w): `strides` are its
// row-major strides in the output's 4-D index space (0 along the dims it repeats), which
// give its linear index; `dims` (its own N, C, H, W, right-aligned) place that index in its
// image.
inline float ew_read_lane(__read_only image2d_t img, int4 strides, int4 dims, int n, int c,
                          int h, int w) {
  int i = n * strides.x + c * strides.y + h * strides.z + w * strides.w;
  const int iw = i % dims.w;
  i /= dims.w;
  const int ih = i % dims.z;
  i /= dims.z;
  const int ic = i % dims.y;
  const int in = i / dims.y;
  const float4 t = read_imagef(img, kNearest, (int2)((ic / 4) * dims.w + iw, in * dims.z + ih));
  return lane_of(t, ic % 4);
}

// The general case, Paddle's broadcasting: each operand either has the output's dims (its
// *_full flag: read texel by texel) or is read lane by lane through ew_read_lane. `out_dims`
// is the output's N, C, H, W.
__kernel void elementwise_broadcast(__read_only image2d_t x, __read_only image2d_t y,
                                    __write_only image2d_t out, int op, int4 out_dims,
                                    int x_full, int4 x_strides, int4 x_dims, int y_full,
                                    int4 y_strides, int4 y_dims, int act, float p0, float p1,
                                    float p2) {
  const int2 pos = (int2)(get_global_id(0), get_global_id(1));
  const int W = out_dims.w, H = out_dims.z;
  const int cb = pos.x / W, w = pos.x % W, n = pos.y / H, h = pos.y % H;
  const int valid = min(out_dims.y - 4 * cb, 4);
  float4 a = x_full ? read_imagef(x, kNearest, pos) : (float4)(0.f);
  float4 b = y_full ? read_imagef(y, kNearest, pos) : (float4)(0.f);
  for (int i = 0; i < valid; ++i) {
    const int c = 4 * cb + i;
    // Vector components cannot be indexed by a variable: build the lanes by selection.
    const int4 lane = (int4)(0, 1, 2, 3) == i;
    if (!x_full) a = select(a, (float4)(ew_read_lane(x, x_strides, x_dims, n, c, h, w)), lane);
    if (!y_full) b = select(b, (float4)(ew_read_lane(y, y_strides, y_dims, n, c, h, w)), lane);
  }
  const float4 v = activate(ew_apply(a, b, op), act, p0, p1, p2);
  write_imagef(out, pos, ew_zero_past(v, valid));
}
