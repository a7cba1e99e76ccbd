/* (c) A plugin in C: Paddle's softsign, Out = X / (1 + |X|), an op type plite lacks. The
 * predictor loads it from a directory of PLITE_OP_PLUGIN_PATH; it links nothing of plite. */
#include <math.h>

#include "paddle_op_plugin.h"

static int softsign_infer_shape(PliteOpContext* ctx) {
  if (ctx->num_inputs != 1 || ctx->num_outputs != 1) {
    plite_set_error(ctx, "softsign takes one input X and one output Out");
    return 1;
  }
  const PliteTensor* x = &ctx->inputs[0];
  return plite_set_output(ctx, 0, x->rank, x->dims, PLITE_DTYPE_FLOAT32);
}

static int softsign_compute(PliteOpContext* ctx) {
  const PliteTensor* x = &ctx->inputs[0];
  const float* in = (const float*)x->data;
  float* out = (float*)ctx->outputs[0].data;
  int64_t n = 1;
  for (int32_t i = 0; i < x->rank; ++i) n *= x->dims[i];
  for (int64_t i = 0; i < n; ++i) out[i] = in[i] / (1.f + fabsf(in[i]));
  return 0;
}

static const PliteCustomOp kOps[] = {
    {PLITE_PLUGIN_ABI_VERSION, "softsign", "example", PLITE_TARGET_HOST, softsign_infer_shape,
     NULL, NULL, softsign_compute, NULL, NULL, NULL, NULL, NULL, 0, {NULL}},
};

PLITE_PLUGIN_EXPORT const PliteCustomOp* plite_plugin_ops(int32_t* count) {
  *count = 1;
  return kOps;
}
