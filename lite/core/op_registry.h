// The op and kernel registries and their registration macros.
//
//   REGISTER_LITE_OP(softmax, paddle::lite::operators::SoftmaxOp);
//   REGISTER_LITE_OPS((relu, relu6, sigmoid), paddle::lite::operators::ActivationOp);
//
//   REGISTER_LITE_KERNEL(softmax, kHost, kFloat, kNCHW, paddle::lite::kernels::host::SoftmaxCompute, def)
//       .BindInput("X", {GetTensorTy(TARGET(kHost))})
//       .BindOutput("Out", {GetTensorTy(TARGET(kHost))})
//       .Finalize();
//   // One kernel class for a family of op types (it reads op_type() to tell them apart):
//   REGISTER_LITE_KERNELS((relu, relu6, sigmoid), kHost, kFloat, kNCHW, ActivationCompute, def)
//       .BindInput("X", {GetTensorTy(TARGET(kHost))})
//       .BindOutput("Out", {GetTensorTy(TARGET(kHost))})
//       .Finalize();
//   // Where a kernel applies, next to its types (kernel_op_view.h):
//   REGISTER_LITE_KERNEL(conv2d, kX86, kFloat, kNCHW16c, ConvNchwcCompute, def)
//       .BindInput("Input", {...NCHW16c...}) ...
//       .Applies(PointwiseOr3x3WithChannelsThatPadWell)
//       .StartsBlockedRegion()
//       .Finalize();
//
// Use the macros at global scope, with every argument before the chain on the macro's first
// line: cmake/gen_use_list.cmake reads that line. The build maps __FILE__ to the path below
// the project root (-fmacro-prefix-map), which is what tailoring lists record. Each
// registered (op type, place, alias) gets a `touch_*` function; the build generates a file
// of USE_LITE_OP/USE_LITE_KERNEL lines calling them, so a static link keeps exactly the
// compiled registrations (no hand-edited list).
#pragma once

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "lite/core/kernel.h"
#include "lite/core/kernel_op_view.h"
#include "lite/core/op_lite.h"
#include "lite/core/tailoring.h"
#include "lite/utils/paddle_lite_factory_helper.h"  // USE_LITE_OP, USE_LITE_KERNEL

namespace paddle {
namespace lite {

// The Paddle versions of an op that a kernel implements, both ends included. Paddle bumps an
// op's version when it adds an input or attribute (or changes a behaviour); a model records
// the version it was saved with (cpp::ProgramDesc::op_versions).
struct OpVersionRange {
  int32_t min{0};
  int32_t max{0};
  bool Contains(int32_t version) const { return min <= version && version <= max; }
  std::string ToString() const;  // "0..2"
};

// The provider of the library's own kernels; kernels registered from outside it (custom
// kernels, plugins) carry their own provider name, which is also their alias.
constexpr const char* kBuiltinProvider = "builtin";

struct KernelInfo {
  std::string op_type;
  std::string alias;
  std::string provider{kBuiltinProvider};
  Place place;
  std::function<std::unique_ptr<KernelBase>()> create;
  std::map<std::string, Type> inputs;   // declared types per argument
  std::map<std::string, Type> outputs;
  // Per op type, the Paddle op versions the kernel implements (BindPaddleOpVersion); an op
  // type without an entry: every version.
  std::map<std::string, OpVersionRange> op_versions;
  std::string source_file;  // where it is registered, relative to the project root
  // CPU features the kernel's code needs (e.g. "avx2+fma"), or the device it runs on ("an
  // OpenCL device"), and their runtime check; a kernel whose check fails is never picked,
  // and a saved model naming it fails at load.
  std::string cpu_feature;
  bool (*cpu_has_feature)() = nullptr;

  // Where the kernel applies (its registration's Applies; none: everywhere). The kernel
  // picker and the blocked-layout planner pass over kernels whose condition fails.
  KernelCondition applies;
  // For a kernel in a channel-blocked layout (lite/core/blocked_layout.h):
  //  - starts_blocked_region: worth running blocked on its own merits (a convolution whose
  //    blocked tiles beat the plain layout's), so the planner builds regions around it;
  //    other blocked kernels run blocked only where their blocked inputs arrive blocked;
  //  - blocked_channels: the channels its blocked outputs hold (none: those of its first
  //    blocked input).
  bool starts_blocked_region{false};
  ChannelRule blocked_channels;
  // For a kernel in a plain layout: where it blocks its input and unblocks its output
  // around blocked loops of its own (an x86 int8 conv on NCHW data); the planner counts
  // switching such an op to a blocked kernel as saving those two reorders.
  KernelCondition reorders_around_blocked_loops;
  // The math specializations the kernel runs for an op (MathSpecializations): what opt
  // records for a tailored build, which keeps only those.
  MathSpecializationRule math_specializations = nullptr;
  // The kernel only moves values (concat): computing at its precision gains nothing, so the
  // kernel picker counts a cast into that precision against it (MovesDataOnly).
  bool moves_data_only{false};
  // An int8 kernel that passes int8 activations along (ChainsInt8): it reads its data input
  // as the int8 values an int8 producer wrote, where that tensor holds int8, and writes its
  // output in int8 where the op carries an Output0_scale (int8_chain_pass sets both ends).
  bool chains_int8{false};

  // A kernel for a device the machine may lack (RequireDevice): opt plans such kernels on a
  // build machine without the device (PlanForAbsentDevices); a predictor then loading the
  // model on a machine without it fails naming the device.
  bool requires_device{false};

  bool RunsOnThisCpu() const {
    if (cpu_has_feature == nullptr) return true;
    return (requires_device && PlansForAbsentDevices()) || cpu_has_feature();
  }
  // opt's mode: kernels that need a device count as runnable here (process-wide).
  static void PlanForAbsentDevices(bool on);
  static bool PlansForAbsentDevices();
  bool AppliesTo(const KernelOpView& op) const { return !applies || applies(op); }
  // The declared range for op_type, nullptr when the kernel declares none.
  const OpVersionRange* DeclaredOpVersions() const;
  // Whether the kernel implements the version `model_versions` records for op_type (true
  // when the model records none or the kernel declares no range).
  bool ImplementsModelVersion(const std::map<std::string, int32_t>& model_versions) const;

  std::string key() const;  // "op_type,target,precision,layout,alias"
};

// Both registries are filled during static initialisation and, later, by plugins loaded
// when a predictor is created (possibly while other predictors load), so they lock.
class KernelRegistry {
 public:
  static KernelRegistry& Global();

  void Register(KernelInfo info);  // throws on a duplicate key
  // Kernels for an op, in registration order (stable pointers).
  std::vector<const KernelInfo*> Kernels(const std::string& op_type) const;
  std::vector<const KernelInfo*> AllKernels() const;
  // Whether any kernel is registered for `target`.
  bool HasTarget(TargetType target) const;
  const KernelInfo* Find(const std::string& key) const;
  // Creates a kernel bound to its registration info.
  static std::unique_ptr<KernelBase> Create(const KernelInfo& info);

 private:
  const KernelInfo* FindLocked(const std::string& key) const;

  mutable std::mutex mutex_;
  std::map<std::string, std::vector<std::unique_ptr<KernelInfo>>> by_op_;
};

// The places an app gets when it names none: the kernels of the CPU target this build has
// (x86: int8 then float; arm: float), then host. The GPU is never a default: it needs the app to ask for it.
std::vector<Place> DefaultPlaces();

class OpRegistry {
 public:
  using Creator = std::function<std::unique_ptr<OpLite>()>;
  static OpRegistry& Global();

  bool Register(const std::string& op_type, Creator creator, const char* source_file);
  bool Has(const std::string& op_type) const;
  // The file registering the op, relative to the project root ("" when unknown).
  std::string SourceFile(const std::string& op_type) const;
  // Throws naming the op when it is not registered (MissingOpHint says where ops come from).
  std::unique_ptr<OpLite> Create(const std::string& op_type) const;
  std::vector<std::string> OpTypes() const;

  // The declared parameters of an op registered from outside the library (a custom op),
  // for a front end whose format passes arguments by position (Paddle 3's custom_op
  // dialect): operand i binds `inputs` then `optional_inputs` in order, result k `outputs`.
  struct ArgNames {
    std::vector<std::string> inputs, optional_inputs, outputs;
  };
  void SetArgNames(const std::string& op_type, ArgNames names);
  // False when the op type declared none (the library's own ops, unknown types).
  bool FindArgNames(const std::string& op_type, ArgNames* names) const;

  // A registration from outside the library that was refused (custom ops and kernels,
  // plugins): kept per op type, so a model needing the op type is told why it is missing.
  void RecordRefusedRegistration(const std::string& op_type, const std::string& message);
  // For an error about op types missing: where custom op types come from, and the refused
  // registrations for them ("; ..." to append to the message).
  std::string MissingOpHint(const std::vector<std::string>& op_types) const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, Creator> creators_;
  std::map<std::string, std::string> source_files_;
  std::map<std::string, ArgNames> arg_names_;
  std::map<std::string, std::vector<std::string>> refused_;
};

// A registration's __FILE__ relative to the project root. The build maps it so
// (-fmacro-prefix-map); a compiler cache may still hand the compiler paths relative to the
// build dir ("../lite/..."), so leading "./" and "../" parts are dropped.
std::string ProjectRelativeSource(const char* file);

// A declared type whose precision is each registered kernel's own: for a registration of a
// kernel template at several precisions (REGISTER_LITE_KERNELS_FLOAT_AND_FP16), where the
// fp16 kernel reads and writes fp16 what the float one reads and writes float.
struct KernelPrecisionType {
  TargetType target;
  DataLayoutType layout;
};

// Registers kernel classes (one per precision) for one or more op types: each (op type,
// precision) gets its own KernelInfo with the same target, layout, alias and declared types.
class KernelRegistration {
 public:
  struct Variant {
    PrecisionType precision;
    std::function<std::unique_ptr<KernelBase>()> create;
  };
  KernelRegistration(std::initializer_list<const char*> op_types, TargetType target,
                     DataLayoutType layout, const char* alias, const char* source_file,
                     std::vector<Variant> variants);

  KernelRegistration& BindInput(const std::string& arg, const Type& type);
  KernelRegistration& BindInput(const std::string& arg, const KernelPrecisionType& type);
  KernelRegistration& BindOutput(const std::string& arg, const Type& type);
  KernelRegistration& BindOutput(const std::string& arg, const KernelPrecisionType& type);
  KernelRegistration& RequireCpuFeature(const char* name, bool (*has_feature)());
  // The same for a kernel that runs on a device the machine may lack (an OpenCL GPU).
  KernelRegistration& RequireDevice(const char* name, bool (*has_device)());
  // The Paddle versions of `op_type` the kernel implements: 0..version (Paddle Lite's
  // meaning: "implements the op as of version N"), or min_version..max_version. The kernel
  // picker passes over a kernel whose range excludes the version the model records.
  KernelRegistration& BindPaddleOpVersion(const std::string& op_type, int version) {
    return BindPaddleOpVersion(op_type, 0, version);
  }
  KernelRegistration& BindPaddleOpVersion(const std::string& op_type, int min_version,
                                          int max_version);
  // Where the kernel applies: a condition on the op's attributes, weights and known shapes.
  KernelRegistration& Applies(KernelCondition condition);
  // A channel-blocked kernel worth running blocked on its own (see KernelInfo).
  KernelRegistration& StartsBlockedRegion();
  // The kernel only moves values: it runs at a precision where its inputs already have it.
  KernelRegistration& MovesDataOnly();
  // The kernel reads and writes int8 activations between int8 ops (see KernelInfo).
  KernelRegistration& ChainsInt8();
  KernelRegistration& BlockedChannels(ChannelRule rule);
  // A plain-layout kernel that reorders around blocked loops where `condition` holds.
  KernelRegistration& ReordersAroundBlockedLoops(KernelCondition condition);
  // The backend math specializations the kernel runs for an op (lite/utils/tailored_math.h).
  KernelRegistration& MathSpecializations(MathSpecializationRule rule);
  bool Finalize();

 private:
  std::vector<std::string> op_types_;
  std::vector<Variant> variants_;
  KernelInfo info_;
  // Arguments declared at each kernel's own precision.
  std::map<std::string, KernelPrecisionType> own_inputs_, own_outputs_;
};

// One kernel class at the precision the registration names.
template <typename KernelClass>
class KernelRegistrar : public KernelRegistration {
 public:
  KernelRegistrar(std::initializer_list<const char*> op_types, TargetType target,
                  PrecisionType precision, DataLayoutType layout, const char* alias,
                  const char* source_file)
      : KernelRegistration(
            op_types, target, layout, alias, source_file,
            {{precision, [] { return std::unique_ptr<KernelBase>(new KernelClass); }}}) {}
};

// A kernel template, Kernel<kFloat> and Kernel<kFP16> (float and half storage).
template <template <PrecisionType> class Kernel>
class FloatAndFp16KernelRegistrar : public KernelRegistration {
 public:
  FloatAndFp16KernelRegistrar(std::initializer_list<const char*> op_types, TargetType target,
                              DataLayoutType layout, const char* alias, const char* source_file)
      : KernelRegistration(
            op_types, target, layout, alias, source_file,
            {{PrecisionType::kFloat,
              [] { return std::unique_ptr<KernelBase>(new Kernel<PrecisionType::kFloat>); }},
             {PrecisionType::kFP16,
              [] { return std::unique_ptr<KernelBase>(new Kernel<PrecisionType::kFP16>); }}}) {}
};

// A registration a tailored build leaves out (tailoring.h): it takes the same declarations
// and drops them, and the kernel classes it names are never instantiated.
class SkippedKernelRegistration {
 public:
  SkippedKernelRegistration(std::initializer_list<const char*>, TargetType, PrecisionType,
                            DataLayoutType, const char*, const char*) {}
  SkippedKernelRegistration(std::initializer_list<const char*>, TargetType, DataLayoutType,
                            const char*, const char*) {}
  SkippedKernelRegistration& BindInput(std::string_view, const Type&) { return *this; }
  SkippedKernelRegistration& BindInput(std::string_view, const KernelPrecisionType&) {
    return *this;
  }
  SkippedKernelRegistration& BindOutput(std::string_view, const Type&) { return *this; }
  SkippedKernelRegistration& BindOutput(std::string_view, const KernelPrecisionType&) {
    return *this;
  }
  SkippedKernelRegistration& RequireCpuFeature(const char*, bool (*)()) { return *this; }
  SkippedKernelRegistration& RequireDevice(const char*, bool (*)()) { return *this; }
  SkippedKernelRegistration& BindPaddleOpVersion(std::string_view, int, int = 0) { return *this; }
  template <typename Condition>
  SkippedKernelRegistration& Applies(const Condition&) { return *this; }
  SkippedKernelRegistration& StartsBlockedRegion() { return *this; }
  SkippedKernelRegistration& MovesDataOnly() { return *this; }
  SkippedKernelRegistration& ChainsInt8() { return *this; }
  template <typename Rule>
  SkippedKernelRegistration& BlockedChannels(const Rule&) { return *this; }
  template <typename Condition>
  SkippedKernelRegistration& ReordersAroundBlockedLoops(const Condition&) { return *this; }
  SkippedKernelRegistration& MathSpecializations(MathSpecializationRule) { return *this; }
  bool Finalize() { return false; }
};

template <bool kKept, typename KernelClass>
using KernelRegistrarIf =
    std::conditional_t<kKept, KernelRegistrar<KernelClass>, SkippedKernelRegistration>;
template <bool kKept, template <PrecisionType> class Kernel>
using FloatAndFp16KernelRegistrarIf =
    std::conditional_t<kKept, FloatAndFp16KernelRegistrar<Kernel>, SkippedKernelRegistration>;

// Registers OpClass under each of `op_types` (a tailored build: only if it keeps them).
template <bool kKept, typename OpClass>
bool RegisterOps(std::initializer_list<const char*> op_types, const char* source_file) {
  if constexpr (kKept) {
    for (const char* type : op_types) {
      OpRegistry::Global().Register(
          type, [type] { return std::unique_ptr<OpLite>(new OpClass(type)); }, source_file);
    }
  }
  return kKept;
}

}  // namespace lite
}  // namespace paddle

// PLITE_FOR_EACH_(M, x, (a, b, c)) expands to M(x, a) M(x, b) M(x, c); up to 32 items.
#define PLITE_EXPAND_(...) __VA_ARGS__
#define PLITE_CAT_(a, b) PLITE_CAT_IMPL_(a, b)
#define PLITE_CAT_IMPL_(a, b) a##b
#define PLITE_COUNT_(...) PLITE_COUNT_IMPL_(__VA_ARGS__, 32, 31, 30, 29, 28, 27, 26, 25, 24, \
    23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define PLITE_COUNT_IMPL_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, \
    _16, _17, _18, _19, _20, _21, _22, _23, _24, _25, _26, _27, _28, _29, _30, _31, _32, n, ...) n
#define PLITE_FOR_EACH_(M, x, list) \
  PLITE_APPLY_(PLITE_CAT_(PLITE_FOR_EACH_, PLITE_COUNT_ list), M, x, PLITE_EXPAND_ list)
#define PLITE_APPLY_(fn, ...) fn(__VA_ARGS__)
#define PLITE_FOR_EACH_1(M, x, a) M(x, a)
#define PLITE_FOR_EACH_2(M, x, a, ...) M(x, a) PLITE_FOR_EACH_1(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_3(M, x, a, ...) M(x, a) PLITE_FOR_EACH_2(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_4(M, x, a, ...) M(x, a) PLITE_FOR_EACH_3(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_5(M, x, a, ...) M(x, a) PLITE_FOR_EACH_4(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_6(M, x, a, ...) M(x, a) PLITE_FOR_EACH_5(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_7(M, x, a, ...) M(x, a) PLITE_FOR_EACH_6(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_8(M, x, a, ...) M(x, a) PLITE_FOR_EACH_7(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_9(M, x, a, ...) M(x, a) PLITE_FOR_EACH_8(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_10(M, x, a, ...) M(x, a) PLITE_FOR_EACH_9(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_11(M, x, a, ...) M(x, a) PLITE_FOR_EACH_10(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_12(M, x, a, ...) M(x, a) PLITE_FOR_EACH_11(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_13(M, x, a, ...) M(x, a) PLITE_FOR_EACH_12(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_14(M, x, a, ...) M(x, a) PLITE_FOR_EACH_13(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_15(M, x, a, ...) M(x, a) PLITE_FOR_EACH_14(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_16(M, x, a, ...) M(x, a) PLITE_FOR_EACH_15(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_17(M, x, a, ...) M(x, a) PLITE_FOR_EACH_16(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_18(M, x, a, ...) M(x, a) PLITE_FOR_EACH_17(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_19(M, x, a, ...) M(x, a) PLITE_FOR_EACH_18(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_20(M, x, a, ...) M(x, a) PLITE_FOR_EACH_19(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_21(M, x, a, ...) M(x, a) PLITE_FOR_EACH_20(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_22(M, x, a, ...) M(x, a) PLITE_FOR_EACH_21(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_23(M, x, a, ...) M(x, a) PLITE_FOR_EACH_22(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_24(M, x, a, ...) M(x, a) PLITE_FOR_EACH_23(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_25(M, x, a, ...) M(x, a) PLITE_FOR_EACH_24(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_26(M, x, a, ...) M(x, a) PLITE_FOR_EACH_25(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_27(M, x, a, ...) M(x, a) PLITE_FOR_EACH_26(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_28(M, x, a, ...) M(x, a) PLITE_FOR_EACH_27(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_29(M, x, a, ...) M(x, a) PLITE_FOR_EACH_28(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_30(M, x, a, ...) M(x, a) PLITE_FOR_EACH_29(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_31(M, x, a, ...) M(x, a) PLITE_FOR_EACH_30(M, x, __VA_ARGS__)
#define PLITE_FOR_EACH_32(M, x, a, ...) M(x, a) PLITE_FOR_EACH_31(M, x, __VA_ARGS__)

#define PLITE_OP_STRING_(unused, op__) #op__,
#define PLITE_TOUCH_OP_(unused, op__) \
  int touch_op_##op__() { return 0; }
// key__ is (target, precision, layout, alias).
#define PLITE_TOUCH_KERNEL_(key__, op__) PLITE_TOUCH_KERNEL_IMPL_(op__, PLITE_EXPAND_ key__)
#define PLITE_TOUCH_KERNEL_IMPL_(...) PLITE_TOUCH_KERNEL_FN_(__VA_ARGS__)
#define PLITE_TOUCH_KERNEL_FN_(op__, target__, precision__, layout__, alias__)           \
  int touch_kernel_##op__##_##target__##_##precision__##_##layout__##_##alias__() {     \
    return 0;                                                                            \
  }

#define PLITE_OP_STRINGS_(op_types__) {PLITE_FOR_EACH_(PLITE_OP_STRING_, _, op_types__)}
#define REGISTER_LITE_OPS(op_types__, OpClass)                                            \
  PLITE_FOR_EACH_(PLITE_TOUCH_OP_, _, op_types__)                                        \
  static bool PLITE_CAT_(plite_ops_registered_, __COUNTER__) [[maybe_unused]] =          \
      ::paddle::lite::RegisterOps<                                                        \
          ::paddle::lite::tailoring::OpKept(PLITE_OP_STRINGS_(op_types__)), OpClass>(     \
          PLITE_OP_STRINGS_(op_types__), __FILE__)
#define REGISTER_LITE_OP(op_type__, OpClass) REGISTER_LITE_OPS((op_type__), OpClass)

#define PLITE_KERNEL_KEPT_(op_types__, target__, precision__, layout__, alias__)       \
  ::paddle::lite::tailoring::KernelKept(PLITE_OP_STRINGS_(op_types__), TARGET(target__), \
                                        PRECISION(precision__), DATALAYOUT(layout__), #alias__)
#define REGISTER_LITE_KERNELS(op_types__, target__, precision__, layout__, KernelClass, alias__) \
  PLITE_FOR_EACH_(PLITE_TOUCH_KERNEL_, (target__, precision__, layout__, alias__), op_types__) \
  static bool PLITE_CAT_(plite_kernels_registered_, __COUNTER__) [[maybe_unused]] =          \
      ::paddle::lite::KernelRegistrarIf<                                                      \
          PLITE_KERNEL_KEPT_(op_types__, target__, precision__, layout__, alias__),           \
          KernelClass>(PLITE_OP_STRINGS_(op_types__), TARGET(target__), PRECISION(precision__), \
                       DATALAYOUT(layout__), #alias__, __FILE__)
#define REGISTER_LITE_KERNEL(op__, target__, precision__, layout__, KernelClass, alias__) \
  REGISTER_LITE_KERNELS((op__), target__, precision__, layout__, KernelClass, alias__)
// Kernel<kFloat> and Kernel<kFP16> for the op types; the types declared with
// KernelPrecisionType take each kernel's precision.
#define REGISTER_LITE_KERNELS_FLOAT_AND_FP16(op_types__, target__, layout__, Kernel, alias__)  \
  PLITE_FOR_EACH_(PLITE_TOUCH_KERNEL_, (target__, kFloat, layout__, alias__), op_types__)     \
  PLITE_FOR_EACH_(PLITE_TOUCH_KERNEL_, (target__, kFP16, layout__, alias__), op_types__)      \
  static bool PLITE_CAT_(plite_kernels_registered_, __COUNTER__) [[maybe_unused]] =          \
      ::paddle::lite::FloatAndFp16KernelRegistrarIf<                                          \
          PLITE_KERNEL_KEPT_(op_types__, target__, kFloat, layout__, alias__) ||              \
              PLITE_KERNEL_KEPT_(op_types__, target__, kFP16, layout__, alias__),             \
          Kernel>(PLITE_OP_STRINGS_(op_types__), TARGET(target__), DATALAYOUT(layout__),     \
                  #alias__, __FILE__)
