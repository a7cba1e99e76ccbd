// cl_buffer_plugin's kernel, read from this file when the plugin loads; the plugin's build
// options define PLITE_AFFINE_T.
__kernel void affine(__global const PLITE_AFFINE_T* x, __global PLITE_AFFINE_T* out,
                     float scale, float bias, int n) {
  const int i = get_global_id(0);
  if (i < n) out[i] = scale * x[i] + bias;
}
