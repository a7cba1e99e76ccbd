// Nearest and bilinear interpolation on ImageDefault images, one work item per output
// texel. The source rows and columns (and bilinear weights) are computed on the host with
// the host kernel's routines (interp_taps.h), so indices match it exactly.

__kernel void interp_nearest(__read_only image2d_t in, __write_only image2d_t out,
                             __global const int* ys, __global const int* xs, int in_h,
                             int in_w, int out_h, int out_w) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  const int cb = x / out_w, ow = x % out_w, n = y / out_h, oh = y % out_h;
  const int2 src = (int2)(cb * in_w + xs[ow], n * in_h + ys[oh]);
  write_imagef(out, (int2)(x, y), read_imagef(in, kNearest, src));
}

// Taps per axis: lower and upper source index and the upper one's weight.
__kernel void interp_bilinear(__read_only image2d_t in, __write_only image2d_t out,
                              __global const int* y_lo, __global const int* y_hi,
                              __global const float* y_w, __global const int* x_lo,
                              __global const int* x_hi, __global const float* x_w, int in_h,
                              int in_w, int out_h, int out_w) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  const int cb = x / out_w, ow = x % out_w, n = y / out_h, oh = y % out_h;
  const int col = cb * in_w, row = n * in_h;
  const float wy1 = y_w[oh], wy0 = 1.f - wy1, wx1 = x_w[ow], wx0 = 1.f - wx1;
  const float4 a = read_imagef(in, kNearest, (int2)(col + x_lo[ow], row + y_lo[oh]));
  const float4 b = read_imagef(in, kNearest, (int2)(col + x_lo[ow], row + y_hi[oh]));
  const float4 c = read_imagef(in, kNearest, (int2)(col + x_hi[ow], row + y_lo[oh]));
  const float4 d = read_imagef(in, kNearest, (int2)(col + x_hi[ow], row + y_hi[oh]));
  // The host kernel's order of operations.
  write_imagef(out, (int2)(x, y),
               a * wy0 * wx0 + b * wy1 * wx0 + c * wy0 * wx1 + d * wy1 * wx1);
}
