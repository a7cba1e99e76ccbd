// --valid_targets as the tools spell it ("x86,host", "arm,opencl"): the target names they
// accept and the places each gives the optimizer. Public API only, so model_runner (linked
// to the shared library, as an app) and opt and benchmark (static) share it.
#pragma once

#include <string>
#include <vector>

#include "lite/api/paddle_place.h"

namespace paddle {
namespace lite {
namespace opt {

using lite_api::Place;
using lite_api::TargetType;

// The targets --valid_targets accepts, in the order the tables show them.
const std::vector<TargetType>& KnownTargets();
// "host, x86, arm, opencl".
std::string KnownTargetNames();

struct ValidTargets {
  std::vector<TargetType> targets;  // priority order; host always last
  std::vector<Place> places;        // what the optimizer gets
};

// "arm,opencl" -> targets and places in that priority order. Host kernels are the portable
// fallback the optimizer always considers, so host is appended last when not named.
// Names are case-insensitive; repeats are ignored. Throws PaddleLiteException naming an
// unknown or empty name and listing the accepted ones.
ValidTargets ParseValidTargets(const std::string& list);

// opt --enable_fp16: Place{kARM, kFP16} just before the first ARM place, so the ARM fp16
// kernels are picked wherever they apply (calib casts around them); the OpenCL places hold
// their fp16 image place already (opt asks for half images then). Throws
// PaddleLiteException when neither arm nor opencl is among the targets.
void PreferFp16(ValidTargets* valid);

// "arm, host".
std::string TargetNames(const std::vector<TargetType>& targets);

}  // namespace opt
}  // namespace lite
}  // namespace paddle
