// Activations on ImageDefault images, one work item per texel (four channels), through
// activate() (common.cl). Channels past C hold 0 and are never read back, so f(0) there does
// no harm.
__kernel void activation(__read_only image2d_t in, __write_only image2d_t out, int kind,
                         float p0, float p1, float p2) {
  const int2 pos = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(out, pos, activate(read_imagef(in, kNearest, pos), kind, p0, p1, p2));
}
