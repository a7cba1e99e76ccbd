// Ops and kernels registered from outside the library (paddle_custom_op.h, plugins): how
// they enter the op and kernel registries. Both calls throw naming what is wrong and then
// register nothing.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "lite/api/paddle_custom_op.h"
#include "lite/core/type_system.h"

namespace paddle {
namespace lite {

struct CustomOpSchema {
  std::vector<std::string> inputs;  // required, in the order kernels list them
  std::vector<std::string> optional_inputs;
  std::vector<std::string> outputs;
  lite_api::CustomInferShapeFn infer;
};

struct CustomKernelSpec {
  std::string op_type;
  std::string provider;
  Place place;
  std::vector<std::pair<std::string, Type>> inputs;  // declared argument types, in order
  std::vector<std::pair<std::string, Type>> outputs;
  std::function<std::unique_ptr<lite_api::CustomKernel>()> create;
  std::function<bool(const lite_api::CustomOpView& op)> applies;  // none: everywhere
  std::string source;  // who registered it: "app" or the plugin's file
  // The device a kernel on it needs (plugins' OpenCL kernels: kOpenCL is accepted only with
  // one) and its check; where the check fails the kernel is never picked.
  std::string device;
  bool (*has_device)() = nullptr;
};

// Applies the registrations of REGISTER_CUSTOM_OP / REGISTER_CUSTOM_KERNEL made so far
// (they wait until the library's own registrations are all in).
void ApplyCustomRegistrations();

void RegisterCustomOp(const std::string& op_type, CustomOpSchema schema, const std::string& source);
void RegisterCustomKernel(CustomKernelSpec spec);

// Reports a refused registration: on stderr, in CustomRegistrationErrors(), and in the error
// of a model that needs `op_type` ("" when the op types are unknown, e.g. a plugin that
// does not load).
void RefuseCustomRegistration(const std::string& op_type, const std::string& message);

}  // namespace lite
}  // namespace paddle
