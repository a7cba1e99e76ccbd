// matmul / matmul_v2 on ImageDefault images: Out[b][i][j] = alpha * sum_k op(X)[b][i][k] *
// op(Y)[b][k][j], each operand read as its row-major elements (element_at), the batch
// element b's matrix starting at x_off[b] / y_off[b] (the host's broadcast of the batch
// dims). One work item per output texel, each lane one output element.

__kernel void matmul(__read_only image2d_t x, __read_only image2d_t y, __write_only image2d_t out,
                     int4 x_dims, int4 y_dims, int4 out_dims, __global const int* x_off,
                     __global const int* y_off, int M, int N, int K, int trans_x, int trans_y,
                     float alpha) {
  const int px = get_global_id(0), py = get_global_id(1);
  float r[4] = {0.f, 0.f, 0.f, 0.f};
  for (int l = 0; l < 4; ++l) {
    const int4 o = out_coords(px, py, l, out_dims);
    if (o.y < 0) break;
    const int index = flat_index(o, out_dims);
    const int j = index % N, i = (index / N) % M, b = index / (M * N);
    const int xb = x_off[b], yb = y_off[b];
    float acc = 0.f;
    for (int k = 0; k < K; ++k) {
      const float a = element_at(x, x_dims, xb + (trans_x ? k * M + i : i * K + k));
      const float w = element_at(y, y_dims, yb + (trans_y ? j * K + k : k * N + j));
      acc += a * w;
    }
    r[l] = alpha * acc;
  }
  write_imagef(out, (int2)(px, py), (float4)(r[0], r[1], r[2], r[3]));
}
