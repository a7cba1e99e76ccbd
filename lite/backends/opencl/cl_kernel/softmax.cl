// softmax on ImageDefault images, the maximum subtracted before exp as the host kernel does.
// softmax_lanes (axis N, H or W): each lane of a texel is its own row; a work item walks
// `count` texels from `start` (its id times `start_scale`) by `step`. softmax_channels
// (axis C): a work item per pixel walks its channel blocks, lanes past C left out.

__kernel void softmax_lanes(__read_only image2d_t in, __write_only image2d_t out,
                            int2 start_scale, int2 step, int count, int C, int W) {
  const int2 start = (int2)(get_global_id(0), get_global_id(1)) * start_scale;
  float4 m = read_imagef(in, kNearest, start);
  for (int k = 1; k < count; ++k) m = fmax(m, read_imagef(in, kNearest, start + k * step));
  float4 sum = (float4)(0.f);
  for (int k = 0; k < count; ++k) sum += exp(read_imagef(in, kNearest, start + k * step) - m);
  // Channels past C stay 0 (their lanes hold whatever the input held there).
  const int valid = C - 4 * (start.x / W);
  const int4 past = (int4)(0, 1, 2, 3) >= valid;
  for (int k = 0; k < count; ++k) {
    const int2 at = start + k * step;
    const float4 v = exp(read_imagef(in, kNearest, at) - m) / sum;
    write_imagef(out, at, select(v, (float4)(0.f), past));
  }
}

__kernel void softmax_channels(__read_only image2d_t in, __write_only image2d_t out, int C,
                               int W) {
  const int w = get_global_id(0), y = get_global_id(1);
  const int blocks = (C + 3) / 4;
  float m = -INFINITY;
  for (int cb = 0; cb < blocks; ++cb) {
    const float4 v = read_imagef(in, kNearest, (int2)(cb * W + w, y));
    const int valid = C - 4 * cb;
    m = fmax(m, v.x);
    if (valid > 1) m = fmax(m, v.y);
    if (valid > 2) m = fmax(m, v.z);
    if (valid > 3) m = fmax(m, v.w);
  }
  float sum = 0.f;
  for (int cb = 0; cb < blocks; ++cb) {
    const float4 e = exp(read_imagef(in, kNearest, (int2)(cb * W + w, y)) - m);
    const int4 past = (int4)(0, 1, 2, 3) >= C - 4 * cb;
    const float4 kept = select(e, (float4)(0.f), past);
    sum += kept.x + kept.y + kept.z + kept.w;
  }
  for (int cb = 0; cb < blocks; ++cb) {
    const int2 at = (int2)(cb * W + w, y);
    const float4 v = exp(read_imagef(in, kNearest, at) - m) / sum;
    write_imagef(out, at, select(v, (float4)(0.f), (int4)(0, 1, 2, 3) >= C - 4 * cb));
  }
}
