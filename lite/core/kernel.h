// Kernels: one implementation of one op for one (target, precision, layout).
// Lifecycle: PrepareForRun() once (pack weights), ReInitWhenNeeded() before every run
// (react to new input shapes), Run() every time. Launch() drives the three.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "lite/core/context.h"
#include "lite/core/tensor.h"
#include "lite/core/type_system.h"

namespace paddle {
namespace lite {

// Base of every op's parameter struct (lite/operators/op_params.h).
struct ParamBase {
  virtual ~ParamBase() = default;
};

// What a kernel registration recorded: its key, declared argument types and factory.
struct KernelInfo;
class Scope;
namespace cpp {
class OpDesc;
}  // namespace cpp

class KernelBase {
 public:
  virtual ~KernelBase() = default;

  virtual void PrepareForRun() {}
  virtual void ReInitWhenNeeded() {}
  virtual void Run() = 0;
  void Launch() {
    if (!prepared_) {
      PrepareForRun();
      prepared_ = true;
    }
    ReInitWhenNeeded();
    Run();
  }

  virtual TargetType target() const = 0;
  virtual PrecisionType precision() const = 0;
  virtual DataLayoutType layout() const = 0;
  Place place() const { return Place(target(), precision(), layout()); }

  void SetParam(ParamBase* param) { param_ = param; }
  template <typename P>
  P& Param() const {
#if defined(__GXX_RTTI)
    auto* p = dynamic_cast<P*>(param_);
    PLITE_CHECK(p != nullptr, "kernel ", name(), " was given no or the wrong param");
#else  // light libraries built without RTTI: the registry binds a kernel to its op's param
    PLITE_CHECK(param_ != nullptr, "kernel ", name(), " was given no param");
    auto* p = static_cast<P*>(param_);
#endif
    return *p;
  }
  // The op as the program describes it and the scope of its tensors, for kernels that look
  // their arguments up by name rather than through the param struct (custom kernels).
  void BindOp(const cpp::OpDesc* desc, Scope* scope) {
    op_desc_ = desc;
    op_scope_ = scope;
  }
  const cpp::OpDesc* op_desc() const { return op_desc_; }
  Scope* op_scope() const { return op_scope_; }
  void SetContext(KernelContext* ctx) { ctx_ = ctx; }
  KernelContext& ctx() const { return *ctx_; }

  // Resizes this kernel's scratch with the op named in errors (ResizeScratch in memory.h).
  template <typename Vector>
  void ResizeScratch(Vector* scratch, size_t count, const char* purpose) const {
    lite::ResizeScratch(scratch, count, info_ ? op_type().c_str() : "kernel", purpose);
  }

  void set_info(const KernelInfo* info) { info_ = info; }
  const KernelInfo& info() const { return *info_; }
  const std::string& op_type() const;
  const std::string& alias() const;
  // "op_type/alias", and the full registry key "op_type,target,precision,layout,alias".
  std::string name() const { return op_type() + "/" + alias(); }
  std::string key() const;
  // The type this kernel declared for an argument; arguments it did not bind take the
  // kernel's own place.
  Type GetInputDeclType(const std::string& arg) const;
  Type GetOutputDeclType(const std::string& arg) const;

 private:
  ParamBase* param_{nullptr};
  KernelContext* ctx_{nullptr};
  const KernelInfo* info_{nullptr};
  const cpp::OpDesc* op_desc_{nullptr};
  Scope* op_scope_{nullptr};
  bool prepared_{false};
};

template <TargetType Target, PrecisionType Precision,
          DataLayoutType Layout = DataLayoutType::kNCHW>
class KernelLite : public KernelBase {
 public:
  TargetType target() const override { return Target; }
  PrecisionType precision() const override { return Precision; }
  DataLayoutType layout() const override { return Layout; }
};

// A kernel of a target this build cannot run, registered for its signature only (declared
// types, conditions, place): `opt` on the build machine plans a model for the device's
// kernels (ARM from x86) without their code. Its place is its registration's; running it is
// an error (lite/kernels/arm/arm_kernel.h: PLITE_KERNEL_SIGNATURES_ONLY).
class SignatureOnlyKernel : public KernelBase {
 public:
  void Run() override;
  TargetType target() const override;
  PrecisionType precision() const override;
  DataLayoutType layout() const override;
};

}  // namespace lite
}  // namespace paddle
