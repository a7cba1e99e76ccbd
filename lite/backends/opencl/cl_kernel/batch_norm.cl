// batch_norm (inference) on ImageDefault images, one work item per texel:
// y = (x - mean) * gain + bias with gain = scale / sqrt(var + eps) computed on the host, as
// the host kernel does. `params` holds mean, gain and bias, `stride` floats apart. The
// channel (dim 1 of X) is the image's C for a 4-D X, its H for [N, C, L] and its W for
// [N, C] (ImageDefault aligns dims to the right): `channel_axis` 1, 2 or 3.
__kernel void batch_norm(__read_only image2d_t in, __write_only image2d_t out,
                         __global const float* params, int stride, int channel_axis, int C,
                         int H, int W) {
  const int2 pos = (int2)(get_global_id(0), get_global_id(1));
  const int cb = pos.x / W;
  float4 mean, gain, bias;
  if (channel_axis == 1) {
    // The host pads each array to whole texels with zeros.
    mean = vload4(cb, params);
    gain = vload4(cb, params + stride);
    bias = vload4(cb, params + 2 * stride);
  } else {
    const int ch = channel_axis == 2 ? pos.y % H : pos.x % W;
    mean = (float4)(params[ch]);
    gain = (float4)(params[stride + ch]);
    bias = (float4)(params[2 * stride + ch]);
  }
  float4 v = (read_imagef(in, kNearest, pos) - mean) * gain + bias;
  const int valid = C - 4 * cb;
  if (valid < 4) v = select(v, (float4)(0.f), (int4)(0, 1, 2, 3) >= valid);
  write_imagef(out, pos, v);
}
