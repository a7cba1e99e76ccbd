// scale on ImageDefault images, one work item per texel: x * scale + bias, or
// (x + bias) * scale when !bias_after_scale.
__kernel void scale(__read_only image2d_t in, __write_only image2d_t out, float scale,
                    float bias, int bias_after_scale, int C, int W) {
  const int2 pos = (int2)(get_global_id(0), get_global_id(1));
  const float4 x = read_imagef(in, kNearest, pos);
  float4 v = bias_after_scale ? x * scale + bias : (x + bias) * scale;
  // Channels past C stay 0, whatever the input holds there.
  const int valid = C - 4 * (pos.x / W);
  if (valid < 4) v = select(v, (float4)(0.f), (int4)(0, 1, 2, 3) >= valid);
  write_imagef(out, pos, v);
}
