// pool2d on ImageDefault images, one work item per output texel (four channels of one output
// pixel). The windows are those of the host kernel (lite/kernels/host/pool_window.h):
// sliding windows placed by the leading paddings, or adaptive ones; a window that reads
// nothing (all padding) yields 0; avg divides by the pixels read (exclusive or adaptive) or
// by the window clipped to [-pad, in + pad).

// One output position's window along one axis: [*begin, *end) read, *padded the divisor of
// a non-exclusive avg.
inline void pool_range(int i, int in, int out, int window, int stride, int pad, int adaptive,
                       int* begin, int* end, int* padded) {
  if (adaptive) {
    *begin = (int)(((long)i * in) / out);
    *end = (int)((((long)i + 1) * in + out - 1) / out);
    *padded = *end - *begin;
    return;
  }
  // long: stride and padding may each be near 2^31.
  const long start = (long)i * stride - pad;
  const long padded_end = min(start + window, (long)in + pad);
  *padded = (int)(padded_end - start);
  *begin = (int)clamp(start, 0L, (long)in);
  *end = (int)clamp(padded_end, 0L, (long)in);
}

// kh, kw, sh, sw: ksize and strides; pt, pl: the top and left paddings (the bottom and
// right ones only size the output). exclusive: divide by the pixels read.
__kernel void pool2d(__read_only image2d_t in, __write_only image2d_t out, int C, int in_h,
                     int in_w, int out_h, int out_w, int kh, int kw, int sh, int sw, int pt,
                     int pl, int is_max, int exclusive, int adaptive) {
  const int x = get_global_id(0), y = get_global_id(1);
  const int cb = x / out_w, ow = x % out_w, n = y / out_h, oh = y % out_h;
  int h0, h1, ph, w0, w1, pw;
  pool_range(oh, in_h, out_h, kh, sh, pt, adaptive, &h0, &h1, &ph);
  pool_range(ow, in_w, out_w, kw, sw, pl, adaptive, &w0, &w1, &pw);

  float4 acc = is_max ? (float4)(-FLT_MAX) : (float4)(0.f);
  for (int h = h0; h < h1; ++h) {
    const int row = n * in_h + h;
    for (int w = w0; w < w1; ++w) {
      const float4 v = read_imagef(in, kNearest, (int2)(cb * in_w + w, row));
      acc = is_max ? fmax(acc, v) : acc + v;
    }
  }
  const int count = max(h1 - h0, 0) * max(w1 - w0, 0);
  float4 result = (float4)(0.f);
  if (count > 0) {
    result = is_max ? acc : acc / (float)(exclusive ? count : ph * pw);
  }
  // Channels past C stay 0, whatever the input holds there.
  const int valid = C - 4 * cb;
  if (valid < 4) result = select(result, (float4)(0.f), (int4)(0, 1, 2, 3) >= valid);
  write_imagef(out, (int2)(x, y), result);
}
