/* Plugins that must be refused, one per build of this file (BAD_PLUGIN selects):
 *   1 exports its ops under another name (no PLITE_PLUGIN_ENTRY),
 *   2 was built for another ABI version,
 *   3 and 4 register the same op type and provider (the second is a duplicate). */
#include "paddle_op_plugin.h"

static int compute(PliteOpContext* ctx) { return 0; }
static int infer_shape(PliteOpContext* ctx) {
  return plite_set_output(ctx, 0, ctx->inputs[0].rank, ctx->inputs[0].dims, PLITE_DTYPE_FLOAT32);
}

#if BAD_PLUGIN == 1
static const PliteCustomOp kOps[] = {{PLITE_PLUGIN_ABI_VERSION, "test_no_entry", "testplug",
                                      PLITE_TARGET_HOST, infer_shape, 0, 0, compute, 0, 0, 0, 0,
                                      0, 0, {0}}};
PLITE_PLUGIN_EXPORT const PliteCustomOp* plite_plugin_ops_v0(int32_t* count) {
  *count = 1;
  return kOps;
}
#else
#if BAD_PLUGIN == 2
#define OP_TYPE "test_wrong_abi"
#define ABI 99
#else
#define OP_TYPE "test_dup"
#define ABI PLITE_PLUGIN_ABI_VERSION
#endif
static const PliteCustomOp kOps[] = {
    {ABI, OP_TYPE, "testplug", PLITE_TARGET_HOST, infer_shape, 0, 0, compute, 0, 0, 0, 0, 0, 0, {0}}};
PLITE_PLUGIN_EXPORT const PliteCustomOp* plite_plugin_ops(int32_t* count) {
  *count = 1;
  return kOps;
}
#endif
