// Plugin ops on OpenCL (paddle_op_plugin.h): the device check of their kernels, their
// programs, memory and launch. A build without OpenCL has the same calls, and no device,
// so its OpenCL plugin kernels are never picked (the other calls throw).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lite/api/paddle_op_plugin.h"
#include "lite/core/tensor.h"

namespace paddle {
namespace lite {

// Whether OpenCL plugin kernels can run here: their registrations' device requirement.
bool PluginOpenClDeviceFound();

// The cl_mem a kOpenCL tensor holds (nullptr while it holds none).
void* ClMemOf(const Tensor& tensor);
// Allocates output `tensor` (dims set) as float32 in `memory` (PLITE_OPENCL_IMAGE: an
// ImageDefault image; PLITE_OPENCL_BUFFER: numel floats); returns its cl_mem.
void* AllocateClOutput(Tensor* tensor, intptr_t memory);

// One op instance's OpenCL kernel. Each instance has its own cl_kernel, since arguments
// belong to the kernel object and clones of a predictor run on their own threads.
class PluginClKernel {
 public:
  // Kernel `name` of `source` built with `options` on plite's runtime (no kernel where
  // `source` is empty: the plugin's compute enqueues its own); a build error throws naming
  // `who`, with the compiler's log.
  PluginClKernel(const std::string& source, const std::string& name, const std::string& options,
                 std::string who);
  ~PluginClKernel();

  // Sets the context's OpenCL handles.
  void Expose(PliteOpContext* ctx) const;
  // clSetKernelArg on the kernel: "" on success, else why not.
  std::string SetArg(uint32_t index, size_t size, const void* value);
  // plite's launch (paddle_op_plugin.h): the inputs' and outputs' cl_mem, output 0's N, C, H,
  // W, then the kernel over output 0's image or elements.
  void Launch(const std::vector<Tensor*>& inputs, const std::vector<Tensor*>& outputs,
              intptr_t memory);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lite
}  // namespace paddle
