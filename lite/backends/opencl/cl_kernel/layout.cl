// NCHW buffers <-> ImageDefault images (RGBA image2d, float or half texels): texel
// (x, y) holds channels 4*cb .. 4*cb+3 of pixel (n, h, w), with x = cb * W + w and
// y = n * H + h, so the image is W * ceil(C / 4) wide and N * H high. Channels past C are
// written as 0 and never read back. One work item per texel.
// Buffers hold float (nchw_to_image, image_to_nchw) or half (the *_half kernels: vload_half
// and vstore_half, which need no cl_khr_fp16).

__kernel void nchw_to_image(__global const float* in, __write_only image2d_t out, int C,
                            int H, int W) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  const int cb = x / W, w = x % W, n = y / H, h = y % H;
  const int c = cb * 4;
  const int plane = H * W;
  const int base = ((n * C + c) * H + h) * W + w;
  float4 v = (float4)(0.f);
  if (c < C) v.x = in[base];
  if (c + 1 < C) v.y = in[base + plane];
  if (c + 2 < C) v.z = in[base + 2 * plane];
  if (c + 3 < C) v.w = in[base + 3 * plane];
  write_imagef(out, (int2)(x, y), v);
}

__kernel void image_to_nchw(__read_only image2d_t in, __global float* out, int C, int H,
                            int W) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  const int cb = x / W, w = x % W, n = y / H, h = y % H;
  const int c = cb * 4;
  const int plane = H * W;
  const int base = ((n * C + c) * H + h) * W + w;
  const float4 v = read_imagef(in, kNearest, (int2)(x, y));
  if (c < C) out[base] = v.x;
  if (c + 1 < C) out[base + plane] = v.y;
  if (c + 2 < C) out[base + 2 * plane] = v.z;
  if (c + 3 < C) out[base + 3 * plane] = v.w;
}

__kernel void nchw_half_to_image(__global const half* in, __write_only image2d_t out, int C,
                                 int H, int W) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  const int cb = x / W, w = x % W, n = y / H, h = y % H;
  const int c = cb * 4;
  const int plane = H * W;
  const int base = ((n * C + c) * H + h) * W + w;
  float4 v = (float4)(0.f);
  if (c < C) v.x = vload_half(base, in);
  if (c + 1 < C) v.y = vload_half(base + plane, in);
  if (c + 2 < C) v.z = vload_half(base + 2 * plane, in);
  if (c + 3 < C) v.w = vload_half(base + 3 * plane, in);
  write_imagef(out, (int2)(x, y), v);
}

__kernel void image_to_nchw_half(__read_only image2d_t in, __global half* out, int C, int H,
                                 int W) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  const int cb = x / W, w = x % W, n = y / H, h = y % H;
  const int c = cb * 4;
  const int plane = H * W;
  const int base = ((n * C + c) * H + h) * W + w;
  const float4 v = read_imagef(in, kNearest, (int2)(x, y));
  if (c < C) vstore_half(v.x, base, out);
  if (c + 1 < C) vstore_half(v.y, base + plane, out);
  if (c + 2 < C) vstore_half(v.z, base + 2 * plane, out);
  if (c + 3 < C) vstore_half(v.w, base + 3 * plane, out);
}
