// Which registrations a build keeps. A tailored build (LITE_BUILD_TAILOR) compiles the
// sources its lists name, and of their registrations keeps only the op types and kernel
// keys the lists name: known at compile time, so the other registrations never instantiate
// their classes and the linker drops their code (a file registering int32 and int64 slice
// kernels keeps only the one the model runs). Other builds keep every registration.
#pragma once

#include <initializer_list>
#include <string_view>

#include "lite/gen/tailored_registrations.inc"  // PLITE_TAILORED, PLITE_KEPT_OPS, _KERNELS
#include "lite/utils/place_spellings.h"

namespace paddle {
namespace lite {
namespace tailoring {

// A kernel key as KernelInfo::key() writes it: "conv2d,arm,float,NCHW,def".
struct KernelKey {
  std::string_view op, target, precision, layout, alias;
};

// Whether any of `types` is in `kept`.
template <size_t N>
constexpr bool AnyOpIn(const std::string_view (&kept)[N],
                       std::initializer_list<const char*> types) {
  for (const char* type : types) {
    for (std::string_view k : kept) {
      if (k == type) return true;
    }
  }
  return false;
}

// Whether the kernel of any of `types` on (target, precision, layout, alias) is in `kept`.
template <size_t N>
constexpr bool AnyKernelIn(const KernelKey (&kept)[N], std::initializer_list<const char*> types,
                           TargetType target, PrecisionType precision, DataLayoutType layout,
                           std::string_view alias) {
  namespace names = lite_api::spellings;
  for (const char* type : types) {
    for (const KernelKey& k : kept) {
      if (k.op == type && k.target == names::Name(target) &&
          k.precision == names::Name(precision) && k.layout == names::Name(layout) &&
          k.alias == alias) {
        return true;
      }
    }
  }
  return false;
}

#if PLITE_TAILORED
inline constexpr std::string_view kKeptOps[] = {PLITE_KEPT_OPS};
inline constexpr KernelKey kKeptKernels[] = {PLITE_KEPT_KERNELS};
#endif

constexpr bool OpKept(std::initializer_list<const char*> types) {
#if PLITE_TAILORED
  return AnyOpIn(kKeptOps, types);
#else
  return true;
#endif
}

constexpr bool KernelKept(std::initializer_list<const char*> types, TargetType target,
                          PrecisionType precision, DataLayoutType layout, std::string_view alias) {
#if PLITE_TAILORED
  return AnyKernelIn(kKeptKernels, types, target, precision, layout, alias);
#else
  return true;
#endif
}

}  // namespace tailoring
}  // namespace lite
}  // namespace paddle
