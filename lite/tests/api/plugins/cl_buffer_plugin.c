/* An OpenCL plugin op for opencl_plugin_test: cl_affine_buffer, Out = scale * X + bias, on
 * float buffers. Its kernel comes from cl_affine.cl beside the plugin, and its own compute
 * sets the arguments and enqueues it on plite's queue, linking OpenCL for that. No host
 * kernel: without an OpenCL device a model using the op cannot run. */
#include <stdio.h>
#include <stdlib.h>

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "paddle_op_plugin.h"

typedef struct Affine {
  float scale, bias;
} Affine;

static int infer_shape(PliteOpContext* ctx) {
  if (ctx->num_inputs != 1 || ctx->num_outputs != 1) {
    plite_set_error(ctx, "cl_affine_buffer takes one input and one output");
    return 1;
  }
  return plite_set_output(ctx, 0, ctx->inputs[0].rank, ctx->inputs[0].dims, PLITE_DTYPE_FLOAT32);
}

static int init(PliteOpContext* ctx) {
  ctx->user_data = calloc(1, sizeof(Affine));
  return ctx->user_data ? 0 : 1;
}

static float float_attr(PliteOpContext* ctx, const char* name, float fallback) {
  PliteAttr attr;
  if (plite_get_op_attr(ctx, name, &attr) != 0 || attr.type != PLITE_ATTR_FLOAT) return fallback;
  return (float)attr.f;
}

static int prepare(PliteOpContext* ctx) {
  Affine* affine = (Affine*)ctx->user_data;
  affine->scale = float_attr(ctx, "scale", 1.f);
  affine->bias = float_attr(ctx, "bias", 0.f);
  return 0;
}

static int compute(PliteOpContext* ctx) {
  const Affine* affine = (const Affine*)ctx->user_data;
  cl_kernel kernel = (cl_kernel)ctx->opencl_kernel;
  cl_mem in = (cl_mem)ctx->inputs[0].data;
  cl_mem out = (cl_mem)ctx->outputs[0].data;
  int64_t numel = 1;
  cl_int err = CL_SUCCESS;
  size_t global;
  int n;
  char message[96];
  if (ctx->inputs[0].layout != PLITE_LAYOUT_NCHW || ctx->outputs[0].layout != PLITE_LAYOUT_NCHW) {
    plite_set_error(ctx, "cl_affine_buffer reads and writes NCHW buffers");
    return 1;
  }
  for (int32_t i = 0; i < ctx->inputs[0].rank; ++i) numel *= ctx->inputs[0].dims[i];
  n = (int)numel;
  global = (size_t)numel;
  err |= clSetKernelArg(kernel, 0, sizeof(cl_mem), &in);
  err |= clSetKernelArg(kernel, 1, sizeof(cl_mem), &out);
  err |= clSetKernelArg(kernel, 2, sizeof(float), &affine->scale);
  err |= clSetKernelArg(kernel, 3, sizeof(float), &affine->bias);
  err |= clSetKernelArg(kernel, 4, sizeof(int), &n);
  if (err == CL_SUCCESS) {
    err = clEnqueueNDRangeKernel((cl_command_queue)ctx->opencl_queue, kernel, 1, NULL, &global,
                                 NULL, 0, NULL, NULL);
  }
  if (err != CL_SUCCESS) {
    snprintf(message, sizeof(message), "OpenCL error %d", (int)err);
    plite_set_error(ctx, message);
    return 1;
  }
  return 0;
}

static void destroy(PliteOpContext* ctx) { free(ctx->user_data); }

static const PliteCustomOp kOps[] = {
    {PLITE_PLUGIN_ABI_VERSION, "cl_affine_buffer", "testplug", PLITE_TARGET_OPENCL, infer_shape,
     init, prepare, compute, destroy, NULL, "affine", "-DPLITE_AFFINE_T=float", "cl_affine.cl",
     PLITE_OPENCL_BUFFER, {NULL}},
};

PLITE_PLUGIN_EXPORT const PliteCustomOp* plite_plugin_ops(int32_t* count) {
  *count = 1;
  return kOps;
}
