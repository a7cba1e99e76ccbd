/* A plugin op whose compute fails on some inputs: test_fragile copies X, and refuses a
 * first element below zero, saying why. */
#include <string.h>

#include "paddle_op_plugin.h"

static int infer_shape(PliteOpContext* ctx) {
  return plite_set_output(ctx, 0, ctx->inputs[0].rank, ctx->inputs[0].dims, PLITE_DTYPE_FLOAT32);
}

static int compute(PliteOpContext* ctx) {
  const PliteTensor* x = &ctx->inputs[0];
  const float* in = (const float*)x->data;
  int64_t n = 1;
  for (int32_t i = 0; i < x->rank; ++i) n *= x->dims[i];
  if (in[0] < 0) {
    plite_set_error(ctx, "test_fragile refuses a negative first element");
    return 7;
  }
  memcpy(ctx->outputs[0].data, in, (size_t)n * sizeof(float));
  return 0;
}

static const PliteCustomOp kOps[] = {
    {PLITE_PLUGIN_ABI_VERSION, "test_fragile", "testplug", PLITE_TARGET_HOST, infer_shape, NULL,
     NULL, compute, NULL, NULL, NULL, NULL, NULL, 0, {NULL}},
};

PLITE_PLUGIN_EXPORT const PliteCustomOp* plite_plugin_ops(int32_t* count) {
  *count = 1;
  return kOps;
}
