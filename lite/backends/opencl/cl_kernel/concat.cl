// concat on ImageDefault images.
// concat_copy (axis N, H or W): one work item per texel of one input, copied to its place
// in the output. concat_channels (axis C): one work item per output texel, each lane read
// from the input holding that channel, so that inputs whose channel counts are not
// multiples of 4 share texels. A launch covers output channel blocks [cb0, ...) taken from
// at most 4 inputs (slots; a block of 4 channels touches at most 4 inputs).

// axis: 0 (N), 2 (H) or 3 (W) of the 4-D view; offset: where this input starts along it.
__kernel void concat_copy(__read_only image2d_t in, __write_only image2d_t out, int axis,
                          int offset, int C, int in_h, int in_w, int out_h, int out_w) {
  const int x = get_global_id(0), y = get_global_id(1);
  const int cb = x / in_w, w = x % in_w, n = y / in_h, h = y % in_h;
  int2 to = (int2)(cb * out_w + w, n * out_h + h);
  if (axis == 0) to.y += offset * out_h;
  if (axis == 2) to.y += offset;
  if (axis == 3) to.x += offset;
  float4 v = read_imagef(in, kNearest, (int2)(x, y));
  // Channels past C stay 0, whatever the input holds there.
  const int valid = C - 4 * cb;
  if (valid < 4) v = select(v, (float4)(0.f), (int4)(0, 1, 2, 3) >= valid);
  write_imagef(out, to, v);
}

// Component s (0..3) of v: a slot's first channel or end.
inline int slot_value(int4 v, int s) {
  switch (s) {
    case 0: return v.x;
    case 1: return v.y;
    case 2: return v.z;
    default: return v.w;
  }
}

// Texel `at` of slot s's image.
inline float4 concat_read(__read_only image2d_t in0, __read_only image2d_t in1,
                          __read_only image2d_t in2, __read_only image2d_t in3, int s, int2 at) {
  switch (s) {
    case 0: return read_imagef(in0, kNearest, at);
    case 1: return read_imagef(in1, kNearest, at);
    case 2: return read_imagef(in2, kNearest, at);
    default: return read_imagef(in3, kNearest, at);
  }
}

// first / count: each slot's first output channel and channel count (count 0: unused).
__kernel void concat_channels(__read_only image2d_t in0, __read_only image2d_t in1,
                              __read_only image2d_t in2, __read_only image2d_t in3,
                              __write_only image2d_t out, int4 first, int4 count, int cb0, int C,
                              int W) {
  const int x = get_global_id(0), y = get_global_id(1);
  const int cb = cb0 + x / W, w = x % W;
  const int4 end = first + count;
  const int valid = min(C - 4 * cb, 4);
  float4 v = (float4)(0.f);
  for (int i = 0; i < valid; ++i) {
    const int c = 4 * cb + i;
    const int4 holds = c >= first && c < end;
    const int s = holds.x ? 0 : holds.y ? 1 : holds.z ? 2 : 3;
    const int k = c - slot_value(first, s);
    const int2 at = (int2)((k / 4) * W + w, y);
    if (i == 0 && k % 4 == 0 && c + valid <= slot_value(end, s)) {
      // The whole texel comes from one input, aligned: one read.
      v = concat_read(in0, in1, in2, in3, s, at);
      break;
    }
    v = select(v, (float4)(lane_of(concat_read(in0, in1, in2, in3, s, at), k % 4)),
               (int4)(0, 1, 2, 3) == i);
  }
  if (valid < 4) v = select(v, (float4)(0.f), (int4)(0, 1, 2, 3) >= valid);
  write_imagef(out, (int2)(cb * W + w, y), v);
}
