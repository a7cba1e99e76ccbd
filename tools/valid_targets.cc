#include "tools/valid_targets.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "lite/api/paddle_exception.h"

namespace paddle {
namespace lite {
namespace opt {

namespace {

using lite_api::DataLayoutType;
using lite_api::PrecisionType;

std::vector<Place> PlacesOf(TargetType target) {
  switch (target) {
    case TargetType::kHost:
      return {Place(target, PrecisionType::kFloat), Place(target, PrecisionType::kAny)};
    case TargetType::kOpenCL:
      // fp16 images first (the fast path on mobile GPUs), then fp32 images, then buffers.
      return {Place(target, PrecisionType::kFP16, DataLayoutType::kImageDefault),
              Place(target, PrecisionType::kFloat, DataLayoutType::kImageDefault),
              Place(target, PrecisionType::kAny, DataLayoutType::kImageDefault),
              Place(target, PrecisionType::kFloat, DataLayoutType::kNCHW),
              Place(target, PrecisionType::kAny, DataLayoutType::kNCHW)};
    case TargetType::kX86:
    case TargetType::kARM:
      // int8 first, as Paddle Lite lists it for ARM: a quantized model's convs and fcs run in
      // int8 where the target has an int8 kernel this CPU runs (x86: AVX512_VNNI; ARM: every
      // aarch64 CPU, sdot where it has it); float models never pick it.
      return {Place(target, PrecisionType::kInt8), Place(target, PrecisionType::kFloat)};
    default:
      return {Place(target, PrecisionType::kFloat)};
  }
}

std::string Trim(const std::string& s) {
  const auto begin = s.find_first_not_of(" \t");
  if (begin == std::string::npos) return "";
  return s.substr(begin, s.find_last_not_of(" \t") - begin + 1);
}

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

void Check(bool ok, const std::string& message) {
  if (!ok) throw lite_api::PaddleLiteException(message);
}

}  // namespace

const std::vector<TargetType>& KnownTargets() {
  static const std::vector<TargetType> kTargets = {TargetType::kHost, TargetType::kX86,
                                                   TargetType::kARM, TargetType::kOpenCL};
  return kTargets;
}

std::string KnownTargetNames() { return TargetNames(KnownTargets()); }

std::string TargetNames(const std::vector<TargetType>& targets) {
  std::string names;
  for (TargetType t : targets) names += (names.empty() ? "" : ", ") + lite_api::TargetToStr(t);
  return names;
}

ValidTargets ParseValidTargets(const std::string& list) {
  Check(!Trim(list).empty(), "--valid_targets is empty; give a comma list of " + KnownTargetNames());
  ValidTargets out;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, ',')) {
    const std::string name = Lower(Trim(item));
    Check(!name.empty(), "--valid_targets '" + list + "' has an empty name; accepted: " +
                             KnownTargetNames());
    TargetType target = TargetType::kUnk;
    for (TargetType t : KnownTargets()) {
      if (lite_api::TargetToStr(t) == name) target = t;
    }
    Check(target != TargetType::kUnk, "unknown target '" + Trim(item) +
                                          "' in --valid_targets; accepted: " + KnownTargetNames());
    if (std::find(out.targets.begin(), out.targets.end(), target) != out.targets.end()) continue;
    out.targets.push_back(target);
  }
  Check(!out.targets.empty(),
        "--valid_targets '" + list + "' names no target; accepted: " + KnownTargetNames());
  if (std::find(out.targets.begin(), out.targets.end(), TargetType::kHost) == out.targets.end()) {
    out.targets.push_back(TargetType::kHost);
  }
  for (TargetType t : out.targets) {
    for (const Place& p : PlacesOf(t)) out.places.push_back(p);
  }
  return out;
}

void PreferFp16(ValidTargets* valid) {
  const auto has = [&](TargetType t) {
    return std::find(valid->targets.begin(), valid->targets.end(), t) != valid->targets.end();
  };
  Check(has(TargetType::kARM) || has(TargetType::kOpenCL),
        "--enable_fp16 needs arm or opencl among --valid_targets (the fp16 kernels are ARM's "
        "and OpenCL's half images); got " + TargetNames(valid->targets));
  const auto first_arm = std::find_if(valid->places.begin(), valid->places.end(),
                                      [](const Place& p) { return p.target == TargetType::kARM; });
  if (first_arm != valid->places.end() && first_arm->precision != PrecisionType::kFP16) {
    valid->places.insert(first_arm, Place(TargetType::kARM, PrecisionType::kFP16));
  }
}

}  // namespace opt
}  // namespace lite
}  // namespace paddle
