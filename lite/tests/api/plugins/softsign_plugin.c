/* A plugin op for op_plugin_test: test_softsign, Out = scale * X / (1 + |X|), with the
 * attribute `scale` read once in prepare into the instance's user_data. */
#include <math.h>
#include <stdlib.h>

#include "paddle_op_plugin.h"

static int infer_shape(PliteOpContext* ctx) {
  if (ctx->num_inputs != 1 || ctx->num_outputs != 1) {
    plite_set_error(ctx, "test_softsign takes one input and one output");
    return 1;
  }
  return plite_set_output(ctx, 0, ctx->inputs[0].rank, ctx->inputs[0].dims, PLITE_DTYPE_FLOAT32);
}

static int init(PliteOpContext* ctx) {
  ctx->user_data = calloc(1, sizeof(float));
  return ctx->user_data ? 0 : 1;
}

static int prepare(PliteOpContext* ctx) {
  PliteAttr scale;
  float* state = (float*)ctx->user_data;
  *state = 1.f;
  if (plite_get_op_attr(ctx, "scale", &scale) == 0) {
    if (scale.type != PLITE_ATTR_FLOAT) {
      plite_set_error(ctx, "attribute scale must be a float");
      return 1;
    }
    *state = (float)scale.f;
  }
  return 0;
}

static int compute(PliteOpContext* ctx) {
  const PliteTensor* x = &ctx->inputs[0];
  const float* in = (const float*)x->data;
  float* out = (float*)ctx->outputs[0].data;
  const float scale = *(const float*)ctx->user_data;
  int64_t n = 1;
  for (int32_t i = 0; i < x->rank; ++i) n *= x->dims[i];
  for (int64_t i = 0; i < n; ++i) out[i] = scale * in[i] / (1.f + fabsf(in[i]));
  return 0;
}

static void destroy(PliteOpContext* ctx) { free(ctx->user_data); }

static const PliteCustomOp kOps[] = {
    {PLITE_PLUGIN_ABI_VERSION, "test_softsign", "testplug", PLITE_TARGET_HOST, infer_shape, init,
     prepare, compute, destroy, NULL, NULL, NULL, NULL, 0, {NULL}},
};

PLITE_PLUGIN_EXPORT const PliteCustomOp* plite_plugin_ops(int32_t* count) {
  *count = 1;
  return kOps;
}
