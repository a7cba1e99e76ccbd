// Precision casts: float <-> half buffers (vload_half / vstore_half round to nearest even,
// as the host calib does; no cl_khr_fp16 needed) and float <-> half images (the texel type
// is the image's: read_imagef and write_imagef convert). One work item per element / texel.

__kernel void float_to_half(__global const float* in, __global half* out) {
  const int i = get_global_id(0);
  vstore_half_rte(in[i], i, out);
}

__kernel void half_to_float(__global const half* in, __global float* out) {
  const int i = get_global_id(0);
  out[i] = vload_half(i, in);
}

__kernel void copy_image(__read_only image2d_t in, __write_only image2d_t out) {
  const int2 pos = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(out, pos, read_imagef(in, kNearest, pos));
}
