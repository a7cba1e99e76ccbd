/* OpenCL plugin ops for opencl_plugin_test: cl_scaled_tanh, Out = a * tanh(X), a new op type
 * on the GPU. Its OpenCL kernel reads and writes ImageDefault images and is launched by
 * plite (no compute callback): plite passes X, Out and N, C, H, W, and prepare passes the
 * attribute `a` after them. A host kernel of the same op runs where there is no OpenCL
 * device. The plugin links nothing, not even OpenCL. */
#include <math.h>

#include "paddle_op_plugin.h"

/* The build options define PLITE_TEST_SCALED_TANH: a build without them fails. Texels past
 * the channels hold 0, and a * tanh(0) keeps them 0. */
static const char kSource[] =
    "#ifndef PLITE_TEST_SCALED_TANH\n"
    "#error the plugin's build options were not passed\n"
    "#endif\n"
    "__constant sampler_t kSampler =\n"
    "    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;\n"
    "__kernel void scaled_tanh(__read_only image2d_t x, __write_only image2d_t out, int n,\n"
    "                          int c, int h, int w, float a) {\n"
    "  const int2 pos = (int2)(get_global_id(0), get_global_id(1));\n"
    "  write_imagef(out, pos, a * tanh(read_imagef(x, kSampler, pos)));\n"
    "}\n";

static int infer_shape(PliteOpContext* ctx) {
  if (ctx->num_inputs != 1 || ctx->num_outputs != 1) {
    plite_set_error(ctx, "cl_scaled_tanh takes one input and one output");
    return 1;
  }
  return plite_set_output(ctx, 0, ctx->inputs[0].rank, ctx->inputs[0].dims, PLITE_DTYPE_FLOAT32);
}

/* The attribute `a` (default 1). */
static int read_a(PliteOpContext* ctx, float* a) {
  PliteAttr attr;
  *a = 1.f;
  if (plite_get_op_attr(ctx, "a", &attr) != 0) return 0;
  if (attr.type != PLITE_ATTR_FLOAT) {
    plite_set_error(ctx, "attribute a must be a float");
    return 1;
  }
  *a = (float)attr.f;
  return 0;
}

/* The argument after plite's own (X, Out, N, C, H, W); it stays set for every launch. */
static int prepare_cl(PliteOpContext* ctx) {
  float a;
  if (ctx->inputs[0].layout != PLITE_LAYOUT_IMAGE_DEFAULT ||
      ctx->outputs[0].layout != PLITE_LAYOUT_IMAGE_DEFAULT) {
    plite_set_error(ctx, "cl_scaled_tanh reads and writes ImageDefault images");
    return 1;
  }
  if (read_a(ctx, &a) != 0) return 1;
  return plite_set_opencl_arg(ctx, (uint32_t)(ctx->num_inputs + ctx->num_outputs + 4),
                              sizeof(float), &a);
}

static int compute_host(PliteOpContext* ctx) {
  const PliteTensor* x = &ctx->inputs[0];
  const float* in = (const float*)x->data;
  float* out = (float*)ctx->outputs[0].data;
  float a;
  int64_t n = 1;
  if (read_a(ctx, &a) != 0) return 1;
  for (int32_t i = 0; i < x->rank; ++i) n *= x->dims[i];
  for (int64_t i = 0; i < n; ++i) out[i] = a * tanhf(in[i]);
  return 0;
}

static const PliteCustomOp kOps[] = {
    {PLITE_PLUGIN_ABI_VERSION, "cl_scaled_tanh", "testplug", PLITE_TARGET_OPENCL, infer_shape,
     NULL, prepare_cl, NULL, NULL, kSource, "scaled_tanh", "-DPLITE_TEST_SCALED_TANH", NULL,
     PLITE_OPENCL_IMAGE, {NULL}},
    {PLITE_PLUGIN_ABI_VERSION, "cl_scaled_tanh", "testplug", PLITE_TARGET_HOST, infer_shape,
     NULL, NULL, compute_host, NULL, NULL, NULL, NULL, NULL, 0, {NULL}},
};

PLITE_PLUGIN_EXPORT const PliteCustomOp* plite_plugin_ops(int32_t* count) {
  *count = 2;
  return kOps;
}
