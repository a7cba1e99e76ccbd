// conv2d / depthwise_conv2d and conv2d_transpose / depthwise_conv2d_transpose on
// ImageDefault images (float or half texels, float math), with the bias and the fused
// activation in the epilogue. One work item per output texel: four output channels of one
// pixel, x = ocb * out_w + ow, y = n * out_h + oh.
//
// Filters and biases come packed by conv_filter_pack.cc as the texels of weight images.
// conv2d, conv2d_1x1 and conv2d_transpose take the block filter image: output block ocb
// reads input blocks ranges[ocb] = (first, count), and for tap t and block b the texels
// (4 * b + i, ocb * taps + t) hold the weights from input lane i to the four output lanes
// (zero across groups), so one input texel feeds four float4 multiply-adds.
// depthwise_conv2d's filter image holds one texel per (tap, channel block). The bias image
// has one texel per output channel block.
//
// Where the weight texels are stored is a build option (cl_kernel_util.h, PackedWeights):
// an image (-DWEIGHTS_IN_IMAGES, read through the sampler like the activations) or a buffer
// of the same texels row by row, float or half (-DWEIGHTS_HALF, read with vload_half4,
// which needs no cl_khr_fp16); weights_width is the texels per row.
//
// The launch rounds the image up to whole work-groups (conv_compute.cc): work items past
// the output image return at once (out_of_image).
//
// A tap outside the input is padding: skipped (the image's neighbouring texel along x or y
// belongs to another channel block or image, so the sampler's border cannot be used).

#if defined(WEIGHTS_IN_IMAGES)
#define WEIGHTS __read_only image2d_t
inline float4 weight_texel(WEIGHTS w, int x, int y, int width) {
  return read_imagef(w, kNearest, (int2)(x, y));
}
#elif defined(WEIGHTS_HALF)
#define WEIGHTS __global const half*
inline float4 weight_texel(WEIGHTS w, int x, int y, int width) {
  return vload_half4(y * width + x, w);
}
#else
#define WEIGHTS __global const float4*
inline float4 weight_texel(WEIGHTS w, int x, int y, int width) { return w[y * width + x]; }
#endif

inline bool out_of_image(__write_only image2d_t out, int x, int y) {
  return x >= get_image_width(out) || y >= get_image_height(out);
}

// Four input lanes times their rows of the 4x4 weight block b of filter row `row`, added
// to acc.
inline float4 multiply_block(float4 acc, float4 v, WEIGHTS filter, int width, int b, int row) {
  acc += v.x * weight_texel(filter, 4 * b, row, width);
  acc += v.y * weight_texel(filter, 4 * b + 1, row, width);
  acc += v.z * weight_texel(filter, 4 * b + 2, row, width);
  acc += v.w * weight_texel(filter, 4 * b + 3, row, width);
  return acc;
}

// The general convolution: any kernel size, stride, padding, dilation and groups.
__kernel void conv2d(__read_only image2d_t in, WEIGHTS filter,
                     __global const int* ranges, WEIGHTS bias,
                     __write_only image2d_t out, int2 in_size, int2 out_size, int2 kernel_size,
                     int2 stride, int2 pad, int2 dilation, int filter_width, int act,
                     float p0, float p1, float p2) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (out_of_image(out, x, y)) return;
  const int ocb = x / out_size.x, ow = x % out_size.x;
  const int n = y / out_size.y, oh = y % out_size.y;
  const int first = ranges[2 * ocb], count = ranges[2 * ocb + 1];
  const int taps = kernel_size.x * kernel_size.y;
  const int iw0 = ow * stride.x - pad.x, ih0 = oh * stride.y - pad.y;
  float4 acc = weight_texel(bias, ocb, 0, 0);
  for (int i = 0; i < kernel_size.y; ++i) {
    const int ih = ih0 + i * dilation.y;
    if (ih < 0 || ih >= in_size.y) continue;
    const int row = n * in_size.y + ih;
    for (int j = 0; j < kernel_size.x; ++j) {
      const int iw = iw0 + j * dilation.x;
      if (iw < 0 || iw >= in_size.x) continue;
      const int filter_row = ocb * taps + i * kernel_size.x + j;
      for (int b = 0; b < count; ++b) {
        const float4 v = read_imagef(in, kNearest, (int2)((first + b) * in_size.x + iw, row));
        acc = multiply_block(acc, v, filter, filter_width, b, filter_row);
      }
    }
  }
  write_imagef(out, (int2)(x, y), activate(acc, act, p0, p1, p2));
}

// 1x1, stride 1, no padding: the output pixel is the input pixel (same width and rows).
__kernel void conv2d_1x1(__read_only image2d_t in, WEIGHTS filter,
                         __global const int* ranges, WEIGHTS bias,
                         __write_only image2d_t out, int width, int filter_width, int act,
                         float p0, float p1, float p2) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (out_of_image(out, x, y)) return;
  const int ocb = x / width, w = x % width;
  const int first = ranges[2 * ocb], count = ranges[2 * ocb + 1];
  float4 acc = weight_texel(bias, ocb, 0, 0);
  for (int b = 0; b < count; ++b) {
    const float4 v = read_imagef(in, kNearest, (int2)((first + b) * width + w, y));
    acc = multiply_block(acc, v, filter, filter_width, b, ocb);
  }
  write_imagef(out, (int2)(x, y), activate(acc, act, p0, p1, p2));
}

// Depthwise (groups == C == OC): output channel c reads input channel c only, so a texel
// of the input meets the same channel block's float4 of weights lane by lane.
__kernel void depthwise_conv2d(__read_only image2d_t in, WEIGHTS filter,
                               WEIGHTS bias, __write_only image2d_t out,
                               int2 in_size, int2 out_size, int2 kernel_size, int2 stride,
                               int2 pad, int2 dilation, int filter_width, int act, float p0,
                               float p1, float p2) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (out_of_image(out, x, y)) return;
  const int cb = x / out_size.x, ow = x % out_size.x;
  const int n = y / out_size.y, oh = y % out_size.y;
  const int iw0 = ow * stride.x - pad.x, ih0 = oh * stride.y - pad.y;
  float4 acc = weight_texel(bias, cb, 0, 0);
  for (int i = 0; i < kernel_size.y; ++i) {
    const int ih = ih0 + i * dilation.y;
    if (ih < 0 || ih >= in_size.y) continue;
    const int row = n * in_size.y + ih;
    for (int j = 0; j < kernel_size.x; ++j) {
      const int iw = iw0 + j * dilation.x;
      if (iw < 0 || iw >= in_size.x) continue;
      const float4 v = read_imagef(in, kNearest, (int2)(cb * in_size.x + iw, row));
      acc += v * weight_texel(filter, i * kernel_size.x + j, cb, filter_width);
    }
  }
  write_imagef(out, (int2)(x, y), activate(acc, act, p0, p1, p2));
}

// The transposed convolution (any stride, padding, dilation, groups, output_padding),
// gathered: input pixel (ih, iw) adds into output (ih * stride - pad + i * dilation, ...)
// through tap (i, j), so output row oh takes tap i from input row
// (oh + pad_top - i * dilation_h) / stride_h where that divides and lands inside the input,
// and likewise along the width. Output pixels no tap reaches (output_padding, output_size)
// hold the bias, activated.

// Where output position o takes tap k from: the input position, or -1 where none.
inline int transposed_source(int o, int k, int pad, int dilation, int stride, int size) {
  const int t = o + pad - k * dilation;
  if (t < 0 || t % stride != 0) return -1;
  const int i = t / stride;
  return i < size ? i : -1;
}

__kernel void conv2d_transpose(__read_only image2d_t in, WEIGHTS filter,
                               __global const int* ranges, WEIGHTS bias,
                               __write_only image2d_t out, int2 in_size, int2 out_size,
                               int2 kernel_size, int2 stride, int2 pad, int2 dilation,
                               int filter_width, int act, float p0, float p1, float p2) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (out_of_image(out, x, y)) return;
  const int ocb = x / out_size.x, ow = x % out_size.x;
  const int n = y / out_size.y, oh = y % out_size.y;
  const int first = ranges[2 * ocb], count = ranges[2 * ocb + 1];
  const int taps = kernel_size.x * kernel_size.y;
  float4 acc = weight_texel(bias, ocb, 0, 0);
  for (int i = 0; i < kernel_size.y; ++i) {
    const int ih = transposed_source(oh, i, pad.y, dilation.y, stride.y, in_size.y);
    if (ih < 0) continue;
    const int row = n * in_size.y + ih;
    for (int j = 0; j < kernel_size.x; ++j) {
      const int iw = transposed_source(ow, j, pad.x, dilation.x, stride.x, in_size.x);
      if (iw < 0) continue;
      const int filter_row = ocb * taps + i * kernel_size.x + j;
      for (int b = 0; b < count; ++b) {
        const float4 v = read_imagef(in, kNearest, (int2)((first + b) * in_size.x + iw, row));
        acc = multiply_block(acc, v, filter, filter_width, b, filter_row);
      }
    }
  }
  write_imagef(out, (int2)(x, y), activate(acc, act, p0, p1, p2));
}
