/* Custom ops as a plugin: a shared library written in C (or anything that can export a C
 * function), built with no plite header but this one and no plite library, loaded by the
 * predictor at creation from the directories of PLITE_OP_PLUGIN_PATH (':'-separated; every
 * `*.so` in them, in name order). docs/custom_op.md has a complete plugin.
 *
 * The plugin exports one function, PLITE_PLUGIN_ENTRY, returning its ops:
 *
 *   static const PliteCustomOp kOps[] = {{PLITE_PLUGIN_ABI_VERSION, "my_op", "acme",
 *       PLITE_TARGET_HOST, my_op_infer_shape, my_op_init, NULL, my_op_compute, my_op_destroy}};
 *   PLITE_PLUGIN_EXPORT const PliteCustomOp* plite_plugin_ops(int32_t* count) {
 *     *count = 1;
 *     return kOps;
 *   }
 *
 * An op type plite has gets the plugin's kernel under `provider` (used when
 * CxxConfig::set_kernel_providers names it first); a new op type needs infer_shape. Every
 * callback returns 0 on success; on failure it returns non-zero and may say why with
 * plite_set_error. Inputs and outputs are float32 NCHW tensors on the CPU, except for
 * OpenCL ops (below).
 *
 * OpenCL ops (target PLITE_TARGET_OPENCL) run a kernel of the plugin's OpenCL C on plite's
 * device and queue. The plugin gives the source (opencl_source text, or opencl_source_file,
 * read when the plugin loads; a relative path is taken from the plugin's directory), the
 * kernel's name and build options; plite builds the program when a predictor first picks
 * the op's kernel (a build error fails that predictor's creation with the compiler log) and
 * keeps it like its own (in memory per (source, options), and in the config's
 * set_opencl_binary_path_name cache). Every input and output is float32 in opencl_memory:
 *   PLITE_OPENCL_IMAGE: an RGBA float image2d in Paddle Lite's ImageDefault layout (dims
 *     right-aligned to NCHW; texel (x, y) holds channels 4cb..4cb+3 of pixel (n, h, w) with
 *     x = cb * W + w, y = n * H + h; channels past C read 0; read_imagef / write_imagef),
 *   PLITE_OPENCL_BUFFER: a float buffer of the tensor's elements in NCHW order;
 * PliteTensor.data is the cl_mem (plite allocates the outputs: images of W * ceil(C/4) x
 * N * H texels, buffers of numel floats), and the optimizer moves data to and from the CPU
 * around the op. Without compute, plite sets the kernel's arguments, in order: each input's
 * cl_mem, each output's cl_mem, then output 0's dims as four ints N, C, H, W (right-aligned
 * NCHW, rank 4 at most); arguments after those stay as the plugin set them
 * (plite_set_opencl_arg, e.g. an attribute in prepare); it then enqueues the kernel over
 * output 0's image (global size width x height) or its elements (global size numel). With
 * compute, the plugin sets the arguments and enqueues the kernel itself on
 * ctx->opencl_queue (its own OpenCL calls, as RKNN's GPU custom ops do). Where no OpenCL
 * device is found (or plite was built without OpenCL) an OpenCL op still loads, but its
 * kernel is never picked: a host kernel for the op type runs instead, or the predictor's
 * creation fails saying the kernel needs an OpenCL device.
 *
 * The ABI is versioned: a plugin built against another PLITE_PLUGIN_ABI_VERSION is refused
 * with both versions named. Later versions only append fields (or name reserved ones, whose
 * zero means what a plugin built before the naming meant). */
#ifndef PADDLE_OP_PLUGIN_H_
#define PADDLE_OP_PLUGIN_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Still 1 with the OpenCL fields: they took reserved slots of PliteCustomOp (whose zero
 * means no OpenCL, as before) and were appended to plite's own structs, so plugins built
 * before load unchanged; a plite that predates them refuses OpenCL ops whole. */
#define PLITE_PLUGIN_ABI_VERSION 1
#define PLITE_PLUGIN_ENTRY "plite_plugin_ops"
#define PLITE_PLUGIN_EXPORT __attribute__((visibility("default")))

/* Targets, element types and layouts: the numbers of paddle_place.h's TargetType,
 * PrecisionType and DataLayoutType. */
#define PLITE_TARGET_HOST 1
#define PLITE_TARGET_X86 2
#define PLITE_TARGET_ARM 4
#define PLITE_TARGET_OPENCL 5
#define PLITE_DTYPE_FLOAT32 1
#define PLITE_DTYPE_INT8 2
#define PLITE_DTYPE_INT32 3
#define PLITE_DTYPE_FP16 5
#define PLITE_DTYPE_BOOL 6
#define PLITE_DTYPE_INT64 7
#define PLITE_LAYOUT_NCHW 1
#define PLITE_LAYOUT_NHWC 3
#define PLITE_LAYOUT_IMAGE_DEFAULT 4 /* an OpenCL image op's tensors (PLITE_OPENCL_IMAGE) */
/* PliteCustomOp.opencl_memory */
#define PLITE_OPENCL_IMAGE 0
#define PLITE_OPENCL_BUFFER 1

typedef struct PliteTensor {
  const char* name;    /* the variable as the model names it */
  const char* param;   /* the op parameter it is bound to, e.g. "X" */
  int32_t rank;
  const int64_t* dims;
  int32_t dtype;       /* PLITE_DTYPE_* */
  int32_t layout;      /* PLITE_LAYOUT_* */
  void* data;          /* outputs: NULL in infer_shape, allocated by plite for compute;
                          OpenCL ops: the cl_mem */
} PliteTensor;

/* An attribute's value; pointers stay valid during the callback. */
#define PLITE_ATTR_INT 0     /* also LONG and BOOLEAN attributes */
#define PLITE_ATTR_FLOAT 1   /* also FLOAT64 */
#define PLITE_ATTR_STRING 2
#define PLITE_ATTR_INTS 3    /* also LONGS and BOOLEANS */
#define PLITE_ATTR_FLOATS 4  /* also FLOAT64S */
typedef struct PliteAttr {
  int32_t type;          /* PLITE_ATTR_* */
  int64_t i;             /* INT */
  double f;              /* FLOAT */
  const char* s;         /* STRING */
  int32_t count;         /* INTS, FLOATS: the number of elements */
  const int64_t* ints;   /* INTS */
  const double* floats;  /* FLOATS */
} PliteAttr;

struct PliteOpContext;

/* What plite gives the callbacks (through the context, so a plugin links nothing). */
typedef struct PliteHostApi {
  /* 0 and *attr filled; non-zero when the op has no such attribute or it is of a kind
   * PliteAttr cannot hold. */
  int (*get_op_attr)(const struct PliteOpContext* ctx, const char* name, PliteAttr* attr);
  /* infer_shape: sets output `index`'s dims and element type (PLITE_DTYPE_*). */
  int (*set_output)(struct PliteOpContext* ctx, int32_t index, int32_t rank,
                    const int64_t* dims, int32_t dtype);
  /* Why the failing callback failed (copied; shown in the predictor's error). */
  void (*set_error)(struct PliteOpContext* ctx, const char* message);
  /* OpenCL ops with a kernel (init, prepare, compute): clSetKernelArg on the instance's
   * kernel, without linking OpenCL. 0 on success, else non-zero with the error set. A plite
   * that predates it refuses OpenCL ops, so an OpenCL op's callbacks may always call it. */
  int (*set_opencl_arg)(struct PliteOpContext* ctx, uint32_t index, size_t size,
                        const void* value);
} PliteHostApi;

typedef struct PliteOpContext {
  const PliteHostApi* api;
  const char* op_type;
  int32_t num_inputs;  /* every tensor the op reads, parameters in name order */
  const PliteTensor* inputs;
  int32_t num_outputs;
  const PliteTensor* outputs;
  void* user_data;     /* the op instance's own data: set it in init, free it in destroy */
  void* internal;      /* plite's */
  /* OpenCL ops, in init, prepare and compute (NULL otherwise): plite's cl_context,
   * cl_command_queue (in order) and the instance's cl_kernel (NULL without a source). */
  void* opencl_context;
  void* opencl_queue;
  void* opencl_kernel;
} PliteOpContext;

static inline int plite_get_op_attr(const PliteOpContext* ctx, const char* name,
                                    PliteAttr* attr) {
  return ctx->api->get_op_attr(ctx, name, attr);
}
static inline int plite_set_output(PliteOpContext* ctx, int32_t index, int32_t rank,
                                   const int64_t* dims, int32_t dtype) {
  return ctx->api->set_output(ctx, index, rank, dims, dtype);
}
static inline void plite_set_error(PliteOpContext* ctx, const char* message) {
  ctx->api->set_error(ctx, message);
}
static inline int plite_set_opencl_arg(PliteOpContext* ctx, uint32_t index, size_t size,
                                       const void* value) {
  return ctx->api->set_opencl_arg(ctx, index, size, value);
}

typedef struct PliteCustomOp {
  uint32_t abi_version;  /* PLITE_PLUGIN_ABI_VERSION */
  const char* op_type;
  const char* provider;  /* the kernel's provider name, e.g. the plugin's vendor */
  int32_t target;        /* PLITE_TARGET_HOST, _X86, _ARM or _OPENCL */
  /* Per op instance: init then prepare once before the first compute (shapes known),
   * compute every run, destroy with the predictor. infer_shape runs before compute whenever
   * the input shapes change (user_data is NULL there: it describes the op, not an
   * instance). destroy gets op_type and user_data only (no api, no tensors). Only compute
   * is required (and infer_shape for an op type plite lacks); an OpenCL op with a kernel
   * may leave compute NULL for plite to launch the kernel. */
  int (*infer_shape)(PliteOpContext* ctx);
  int (*init)(PliteOpContext* ctx);
  int (*prepare)(PliteOpContext* ctx);
  int (*compute)(PliteOpContext* ctx);
  void (*destroy)(PliteOpContext* ctx);
  /* OpenCL ops (see the top of this file); NULL / 0 elsewhere. The program's OpenCL C as
   * text, or (NULL text) the path of a file holding it; the kernel's name; clBuildProgram's
   * options (NULL: none); how tensors are held. A source needs a kernel name and the other
   * way round; compute may run without either (ctx->opencl_kernel is then NULL). */
  const char* opencl_source;
  const char* opencl_kernel_name;
  const char* opencl_build_options;
  const char* opencl_source_file;
  intptr_t opencl_memory; /* PLITE_OPENCL_IMAGE (0) or PLITE_OPENCL_BUFFER */
  void* reserved[5];      /* zero */
} PliteCustomOp;

/* The function a plugin exports under the name PLITE_PLUGIN_ENTRY. */
typedef const PliteCustomOp* (*PlitePluginEntry)(int32_t* count);

#ifdef __cplusplus
}
#endif

#endif /* PADDLE_OP_PLUGIN_H_ */
