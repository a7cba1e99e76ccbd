// layer_norm on ImageDefault images: X viewed as rows of `inner` values (row-major: element
// r * inner + i). First the mean and biased variance of each row, in two passes (the mean,
// then the squared deviations from it) as the host kernel takes them, one work item per
// row; then each output texel, lane by lane.

__kernel void layer_norm_stats(__read_only image2d_t in, int4 dims, int inner,
                               __global float* mean, __global float* variance) {
  const int r = get_global_id(0);
  float sum = 0.f;
  for (int i = 0; i < inner; ++i) sum += element_at(in, dims, r * inner + i);
  const float m = sum / inner;
  float squares = 0.f;
  for (int i = 0; i < inner; ++i) {
    const float d = element_at(in, dims, r * inner + i) - m;
    squares += d * d;
  }
  mean[r] = m;
  variance[r] = squares / inner;
}

__kernel void layer_norm(__read_only image2d_t in, __write_only image2d_t out, int4 dims,
                         int inner, __global const float* mean, __global const float* variance,
                         __global const float* scale, __global const float* bias, int has_scale,
                         int has_bias, float epsilon) {
  const int x = get_global_id(0), y = get_global_id(1);
  const float4 t = read_imagef(in, kNearest, (int2)(x, y));
  float r[4] = {0.f, 0.f, 0.f, 0.f};
  for (int l = 0; l < 4; ++l) {
    const int4 o = out_coords(x, y, l, dims);
    if (o.y < 0) break;
    const int index = flat_index(o, dims);
    const int row = index / inner, i = index % inner;
    float v = (lane_of(t, l) - mean[row]) * (1.f / sqrt(variance[row] + epsilon));
    if (has_scale) v *= scale[i];
    if (has_bias) v += bias[i];
    r[l] = v;
  }
  write_imagef(out, (int2)(x, y), (float4)(r[0], r[1], r[2], r[3]));
}
