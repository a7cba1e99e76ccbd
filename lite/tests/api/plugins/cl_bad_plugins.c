/* OpenCL plugin ops that must fail, one per build of this file (BAD_PLUGIN selects):
 *   1 cl_broken: its source does not compile (the predictor that picks it fails with the
 *     compiler's log, naming the plugin and op),
 *   2 cl_no_file: its source file does not exist (the plugin is refused when it loads),
 *   3 cl_no_source: a kernel name but no source, and no compute (refused when it loads). */
#include "paddle_op_plugin.h"

static int infer_shape(PliteOpContext* ctx) {
  return plite_set_output(ctx, 0, ctx->inputs[0].rank, ctx->inputs[0].dims, PLITE_DTYPE_FLOAT32);
}

#if BAD_PLUGIN == 1
static const char kSource[] =
    "__kernel void broken(__read_only image2d_t x, __write_only image2d_t out) {\n"
    "  plite_no_such_function(out);\n"
    "}\n";
static const PliteCustomOp kOps[] = {
    {PLITE_PLUGIN_ABI_VERSION, "cl_broken", "testplug", PLITE_TARGET_OPENCL, infer_shape, NULL,
     NULL, NULL, NULL, kSource, "broken", NULL, NULL, PLITE_OPENCL_IMAGE, {NULL}}};
#elif BAD_PLUGIN == 2
static const PliteCustomOp kOps[] = {
    {PLITE_PLUGIN_ABI_VERSION, "cl_no_file", "testplug", PLITE_TARGET_OPENCL, infer_shape, NULL,
     NULL, NULL, NULL, NULL, "no_file", NULL, "no_such_kernel.cl", PLITE_OPENCL_IMAGE, {NULL}}};
#else
static const PliteCustomOp kOps[] = {
    {PLITE_PLUGIN_ABI_VERSION, "cl_no_source", "testplug", PLITE_TARGET_OPENCL, infer_shape, NULL,
     NULL, NULL, NULL, NULL, "no_source", NULL, NULL, PLITE_OPENCL_BUFFER, {NULL}}};
#endif

PLITE_PLUGIN_EXPORT const PliteCustomOp* plite_plugin_ops(int32_t* count) {
  *count = 1;
  return kOps;
}
