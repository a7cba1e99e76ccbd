// fc on ImageDefault images: Out[m][n] = act(bias[n] + sum_k In[m][k] * W[k][n]), with In
// read as its row-major flattening (any in_num_col_dims: element m * K + k) and W [K, N] and
// bias [N] in float buffers. One work item per output texel, each lane one output element.

__kernel void fc(__read_only image2d_t in, __write_only image2d_t out, __global const float* w,
                 __global const float* bias, int has_bias, int4 in_dims, int4 out_dims, int K,
                 int N, int act, float p0, float p1, float p2) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  const int cb = x / out_dims.w, ow = x % out_dims.w;
  const int n = y / out_dims.z, oh = y % out_dims.z;
  float r[4] = {0.f, 0.f, 0.f, 0.f};
  for (int l = 0; l < 4; ++l) {
    const int c = cb * 4 + l;
    if (c >= out_dims.y) break;
    const int index = ((n * out_dims.y + c) * out_dims.z + oh) * out_dims.w + ow;
    const int row = index / N, col = index % N;
    float acc = has_bias ? bias[col] : 0.f;
    for (int k = 0; k < K; ++k) acc += element_at(in, in_dims, row * K + k) * w[k * N + col];
    r[l] = acc;
  }
  write_imagef(out, (int2)(x, y), activate((float4)(r[0], r[1], r[2], r[3]), act, p0, p1, p2));
}
