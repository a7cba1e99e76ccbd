// The op and kernel registries and their registration macros.
//
//   REGISTER_LITE_OP(relu, paddle::lite::operators::ActivationOp);
//   REGISTER_LITE_KERNEL(relu, kHost, kFloat, kNCHW, paddle::lite::kernels::host::ReluCompute, def)
//       .BindInput("X", {GetTensorTy(TARGET(kHost))})
//       .BindOutput("Out", {GetTensorTy(TARGET(kHost))})
//       .Finalize();
//
// Use the macros at global scope. The build maps __FILE__ to the path below the project
// root (-fmacro-prefix-map), which is what tailoring lists record. Each defines a `touch_*` function; the build generates
// a file of USE_LITE_OP/USE_LITE_KERNEL lines calling them, so a static link keeps exactly
// the compiled registrations (no hand-edited list).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lite/core/kernel.h"
#include "lite/core/op_lite.h"

namespace paddle {
namespace lite {

struct KernelInfo {
  std::string op_type;
  std::string alias;
  std::string provider{"builtin"};
  Place place;
  std::function<std::unique_ptr<KernelBase>()> create;
  std::map<std::string, Type> inputs;   // declared types per argument
  std::map<std::string, Type> outputs;
  std::map<std::string, int> op_versions;  // Paddle op versions this kernel implements
  std::string source_file;  // where it is registered, relative to the project root
  // CPU features the kernel's code needs (e.g. "avx2+fma") and their runtime check; a
  // kernel whose check fails is never picked, and a saved model naming it fails at load.
  std::string cpu_feature;
  bool (*cpu_has_feature)() = nullptr;

  bool RunsOnThisCpu() const { return cpu_has_feature == nullptr || cpu_has_feature(); }

  std::string key() const;  // "op_type,target,precision,layout,alias"
};

class KernelRegistry {
 public:
  static KernelRegistry& Global();

  void Register(KernelInfo info);  // throws on a duplicate key
  // Kernels for an op, in registration order (stable pointers).
  std::vector<const KernelInfo*> Kernels(const std::string& op_type) const;
  std::vector<const KernelInfo*> AllKernels() const;
  const KernelInfo* Find(const std::string& key) const;
  // Creates a kernel bound to its registration info.
  static std::unique_ptr<KernelBase> Create(const KernelInfo& info);

 private:
  std::map<std::string, std::vector<std::unique_ptr<KernelInfo>>> by_op_;
};

class OpRegistry {
 public:
  using Creator = std::function<std::unique_ptr<OpLite>()>;
  static OpRegistry& Global();

  bool Register(const std::string& op_type, Creator creator, const char* source_file);
  bool Has(const std::string& op_type) const { return creators_.count(op_type) > 0; }
  // The file registering the op, relative to the project root ("" when unknown).
  std::string SourceFile(const std::string& op_type) const;
  // Throws naming the op when it is not registered.
  std::unique_ptr<OpLite> Create(const std::string& op_type) const;
  std::vector<std::string> OpTypes() const;

 private:
  std::map<std::string, Creator> creators_;
  std::map<std::string, std::string> source_files_;
};

// A registration's __FILE__ relative to the project root. The build maps it so
// (-fmacro-prefix-map); a compiler cache may still hand the compiler paths relative to the
// build dir ("../lite/..."), so leading "./" and "../" parts are dropped.
std::string ProjectRelativeSource(const char* file);

template <typename KernelClass>
class KernelRegistrar {
 public:
  KernelRegistrar(const char* op_type, TargetType target, PrecisionType precision,
                  DataLayoutType layout, const char* alias, const char* source_file) {
    info_.op_type = op_type;
    info_.source_file = ProjectRelativeSource(source_file);
    info_.alias = alias;
    info_.place = Place(target, precision, layout);
    info_.create = [] { return std::unique_ptr<KernelBase>(new KernelClass); };
  }
  KernelRegistrar& BindInput(const std::string& arg, const Type& type) {
    info_.inputs[arg] = type;
    return *this;
  }
  KernelRegistrar& BindOutput(const std::string& arg, const Type& type) {
    info_.outputs[arg] = type;
    return *this;
  }
  KernelRegistrar& RequireCpuFeature(const char* name, bool (*has_feature)()) {
    info_.cpu_feature = name;
    info_.cpu_has_feature = has_feature;
    return *this;
  }
  KernelRegistrar& BindPaddleOpVersion(const std::string& op_type, int version) {
    info_.op_versions[op_type] = version;
    return *this;
  }
  bool Finalize() {
    KernelRegistry::Global().Register(std::move(info_));
    return true;
  }

 private:
  KernelInfo info_;
};

}  // namespace lite
}  // namespace paddle

#define REGISTER_LITE_OP(op_type__, OpClass)                                         \
  int touch_op_##op_type__() { return 0; }                                           \
  static bool plite_op_registered_##op_type__ [[maybe_unused]] =                     \
      ::paddle::lite::OpRegistry::Global().Register(#op_type__, [] {                 \
        return std::unique_ptr<::paddle::lite::OpLite>(new OpClass(#op_type__));     \
      }, __FILE__)

#define REGISTER_LITE_KERNEL(op__, target__, precision__, layout__, KernelClass, alias__)   \
  int touch_kernel_##op__##_##target__##_##precision__##_##layout__##_##alias__() {         \
    return 0;                                                                               \
  }                                                                                         \
  static bool plite_kernel_registered_##op__##_##target__##_##precision__##_##layout__##_## \
      alias__ [[maybe_unused]] = ::paddle::lite::KernelRegistrar<KernelClass>(              \
          #op__, TARGET(target__), PRECISION(precision__), DATALAYOUT(layout__), #alias__,    \
          __FILE__)

#define USE_LITE_OP(op_type__)                                     \
  extern int touch_op_##op_type__();                               \
  [[maybe_unused]] static int plite_use_op_##op_type__ = touch_op_##op_type__()

#define USE_LITE_KERNEL(op__, target__, precision__, layout__, alias__)                      \
  extern int touch_kernel_##op__##_##target__##_##precision__##_##layout__##_##alias__();    \
  [[maybe_unused]] static int                                                                \
      plite_use_kernel_##op__##_##target__##_##precision__##_##layout__##_##alias__ =        \
          touch_kernel_##op__##_##target__##_##precision__##_##layout__##_##alias__()
