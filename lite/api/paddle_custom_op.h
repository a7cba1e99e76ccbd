// Custom operators from outside the library, through the public API only (docs/custom_op.md):
//
//  * a kernel for an op type plite has, under a provider name; it replaces the built-in
//    kernel when CxxConfig::set_kernel_providers names that provider first:
//
//      class AcmeRelu : public paddle::lite_api::CustomKernel {
//        void Execute(paddle::lite_api::CustomOpContext& ctx) override { ... }
//      };
//      REGISTER_CUSTOM_KERNEL(relu, kHost, kFloat, kNCHW, acme, AcmeRelu).Finalize();
//
//  * a new op type: its parameters and shape inference, then its kernels:
//
//      void InferMyOp(paddle::lite_api::CustomOpContext& ctx) {
//        ctx.Output("Out").Resize(ctx.Input("X").shape());
//      }
//      REGISTER_CUSTOM_OP(my_op).Inputs({"X"}).Outputs({"Out"}).InferShape(InferMyOp).Finalize();
//      REGISTER_CUSTOM_KERNEL(my_op, kHost, kFloat, kNCHW, acme, MyOpKernel).Finalize();
//
// A kernel declares the precision and layout of each argument (.Input / .Output; arguments
// it does not declare take the kernel's own), and the optimizer inserts `calib` / `layout`
// casts where the model's tensors differ; .Applies limits it to the ops it suits (by
// attributes and input shapes), so a provider can register one op in several layouts. A model containing the op type then loads through
// CxxConfig, through opt into a .nb, and through MobileConfig, in any process where the
// registration is linked. Plugins in C, loaded from PLITE_OP_PLUGIN_PATH: paddle_op_plugin.h.
//
// Registrations made during static initialisation take effect when the first predictor is
// created (or CustomOpTypes / CustomRegistrationErrors is called), and never throw: one that
// is wrong (a duplicate, an op type plite has, a missing shape inference) is reported on
// stderr, by CustomRegistrationErrors, and in the error of a model that needs the op type.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "paddle_api.h"  // NOLINT(build/include): installed side by side

namespace paddle {
namespace lite_api {

// An op's type and attributes as the model stores them.
class CustomOpAttributes {
 public:
  explicit CustomOpAttributes(const void* op_desc) : desc_(op_desc) {}

  const std::string& op_type() const;
  bool HasAttr(const std::string& name) const;
  // bool, int32_t, int64_t, float, double, std::string and vectors of int32_t, int64_t,
  // float, std::string. Throws naming the op and attribute when missing or of another kind.
  template <typename T>
  T GetAttr(const std::string& name) const;
  template <typename T>
  T GetAttrOr(const std::string& name, const T& fallback) const {
    return HasAttr(name) ? GetAttr<T>(name) : fallback;
  }

  // plite's own (the plugin bridge): the op's description.
  const void* internal_op_desc() const { return desc_; }

 protected:
  const void* desc_;
};

// What a kernel's condition (CustomKernelRegistrar::Applies) may read while the optimizer
// picks kernels, before anything runs: the attributes and the shapes the model declares.
class CustomOpView : public CustomOpAttributes {
 public:
  explicit CustomOpView(const void* kernel_op_view);
  // The declared shape of input `param` #index; empty when the model leaves a dim after the
  // first (the batch) unknown, or has no such input.
  shape_t InputShape(const std::string& param, int index = 0) const;

 private:
  const void* view_;
};

// One op of the program as a kernel or shape inference sees it: its attributes and its
// tensors by parameter name (the model's, e.g. "X"), valid during the call.
class CustomOpContext : public CustomOpAttributes {
 public:
  CustomOpContext(const void* op_desc, void* scope, const std::vector<std::string>* input_order,
                  const std::vector<std::string>* output_order);

  // Tensors bound to a parameter (0 when the model leaves it out); Input / Output throw
  // naming the op and parameter when there is no tensor at `index`.
  int InputCount(const std::string& param) const;
  int OutputCount(const std::string& param) const;
  Tensor Input(const std::string& param, int index = 0) const;
  Tensor Output(const std::string& param, int index = 0) const;
  // The variable as the model names it.
  std::string InputName(const std::string& param, int index = 0) const;
  std::string OutputName(const std::string& param, int index = 0) const;
  // Every input (output) tensor: the registration's parameters in their declared order,
  // then any other parameter of the op in name order; each parameter's tensors in order.
  std::vector<Tensor> Inputs() const;
  std::vector<Tensor> Outputs() const;
  std::vector<std::string> InputNames() const;
  std::vector<std::string> OutputNames() const;

  // plite's own (the plugin bridge, for OpenCL memory): the scope of the tensors.
  void* internal_scope() const { return scope_; }

 private:
  void* scope_;
  const std::vector<std::string>* input_order_;
  const std::vector<std::string>* output_order_;
};

// Sets each output's shape (Output(...).Resize) and, where it is not float, its precision
// (SetPrecision); throws PaddleLiteException on inputs it cannot handle.
using CustomInferShapeFn = std::function<void(CustomOpContext& ctx)>;

// A kernel. Per op instance: Prepare once before the first run (attributes, weights), Resize
// before every run whose input shapes differ from the last (the first included), Execute
// every run. Outputs are already shaped by the op's shape inference: write them with
// mutable_data<T>(). Throw PaddleLiteException to fail a run; the predictor stays usable.
class CustomKernel {
 public:
  virtual ~CustomKernel() = default;
  virtual void Prepare(CustomOpContext& ctx) {}
  virtual void Resize(CustomOpContext& ctx) {}
  virtual void Execute(CustomOpContext& ctx) = 0;
};

// REGISTER_CUSTOM_OP(op_type): a new op type, its parameters and shape inference.
class CustomOpRegistrar {
 public:
  explicit CustomOpRegistrar(const char* op_type);
  // The input (output) parameters every instance must bind, in the order the kernels'
  // Inputs() lists them.
  CustomOpRegistrar& Inputs(const std::vector<std::string>& params);
  CustomOpRegistrar& Outputs(const std::vector<std::string>& params);
  // Input parameters a model may leave out.
  CustomOpRegistrar& OptionalInputs(const std::vector<std::string>& params);
  CustomOpRegistrar& InferShape(CustomInferShapeFn infer);
  // Queues the registration (see the top of this file); returns true.
  bool Finalize();

 private:
  std::string op_type_;
  std::vector<std::string> inputs_, optional_inputs_, outputs_;
  CustomInferShapeFn infer_;
};

// REGISTER_CUSTOM_KERNEL(op_type, target, precision, layout, provider, KernelClass): a
// kernel on a CPU target (kHost, kX86, kARM) under a provider name.
class CustomKernelRegistrar {
 public:
  using Factory = std::function<std::unique_ptr<CustomKernel>()>;
  CustomKernelRegistrar(const char* op_type, TargetType target, PrecisionType precision,
                        DataLayoutType layout, const char* provider, Factory create);
  // The precision and layout the kernel reads (writes) an argument in; an argument not
  // declared takes the kernel's. The optimizer inserts calib / layout casts to match.
  CustomKernelRegistrar& Input(const std::string& param, PrecisionType precision,
                               DataLayoutType layout = DataLayoutType::kNCHW);
  CustomKernelRegistrar& Output(const std::string& param, PrecisionType precision,
                                DataLayoutType layout = DataLayoutType::kNCHW);
  // Where the kernel applies (none: everywhere). The picker passes over it elsewhere, so a
  // provider may register kernels for one op in several layouts or precisions and choose
  // among them by the op's attributes and input shapes.
  CustomKernelRegistrar& Applies(std::function<bool(const CustomOpView& op)> condition);
  bool Finalize();

 private:
  struct Arg {
    std::string param;
    PrecisionType precision;
    DataLayoutType layout;
  };
  std::string op_type_, provider_;
  TargetType target_;
  PrecisionType precision_;
  DataLayoutType layout_;
  Factory create_;
  std::vector<Arg> inputs_, outputs_;
  std::function<bool(const CustomOpView& op)> applies_;
};

// The op types registered from outside the library so far (C++ and plugins), and the
// registrations refused, one message each.
std::vector<std::string> CustomOpTypes();
std::vector<std::string> CustomRegistrationErrors();

}  // namespace lite_api
}  // namespace paddle

#define PLITE_CUSTOM_CAT_(a, b) PLITE_CUSTOM_CAT_IMPL_(a, b)
#define PLITE_CUSTOM_CAT_IMPL_(a, b) a##b
#define REGISTER_CUSTOM_OP(op_type__)                                          \
  static bool PLITE_CUSTOM_CAT_(plite_custom_op_, __COUNTER__) [[maybe_unused]] = \
      ::paddle::lite_api::CustomOpRegistrar(#op_type__)
#define REGISTER_CUSTOM_KERNEL(op_type__, target__, precision__, layout__, provider__,   \
                               KernelClass)                                            \
  static bool PLITE_CUSTOM_CAT_(plite_custom_kernel_, __COUNTER__) [[maybe_unused]] =   \
      ::paddle::lite_api::CustomKernelRegistrar(                                       \
          #op_type__, TARGET(target__), PRECISION(precision__), DATALAYOUT(layout__),  \
          #provider__,                                                                 \
          [] { return std::unique_ptr<::paddle::lite_api::CustomKernel>(new KernelClass); })
