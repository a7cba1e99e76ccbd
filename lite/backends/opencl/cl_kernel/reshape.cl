// Reshapes and transposes on ImageDefault images: each output element gathered from the
// input element it comes from (element_at, out_coords, flat_index: common.cl), one work
// item per output texel.
// Dims are right-aligned NCHW (int4: n, c, h, w).

// Reshape, flatten, squeeze, unsqueeze: the same row-major element.
__kernel void reshape(__read_only image2d_t in, __write_only image2d_t out, int4 in_dims,
                      int4 out_dims) {
  const int x = get_global_id(0), y = get_global_id(1);
  float r[4] = {0.f, 0.f, 0.f, 0.f};
  for (int l = 0; l < 4; ++l) {
    const int4 o = out_coords(x, y, l, out_dims);
    if (o.y < 0) break;
    r[l] = element_at(in, in_dims, flat_index(o, out_dims));
  }
  write_imagef(out, (int2)(x, y), (float4)(r[0], r[1], r[2], r[3]));
}

// Transpose: output axis k is input axis perm[k].
__kernel void transpose(__read_only image2d_t in, __write_only image2d_t out, int4 in_dims,
                        int4 out_dims, int4 perm) {
  const int x = get_global_id(0), y = get_global_id(1);
  float r[4] = {0.f, 0.f, 0.f, 0.f};
  for (int l = 0; l < 4; ++l) {
    const int4 o = out_coords(x, y, l, out_dims);
    if (o.y < 0) break;
    int i[4];
    i[perm.x] = o.x;
    i[perm.y] = o.y;
    i[perm.z] = o.z;
    i[perm.w] = o.w;
    r[l] = element_at(in, in_dims, flat_index((int4)(i[0], i[1], i[2], i[3]), in_dims));
  }
  write_imagef(out, (int2)(x, y), (float4)(r[0], r[1], r[2], r[3]));
}
