// What the opt tool knows about targets and the op/kernel registries: parsing
// --valid_targets, the op x target tables it prints, the kernel listing, and the check that
// a model's ops can run on the valid targets (all problems reported at once).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lite/utils/place.h"
#include "lite/core/program_desc.h"

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
// Names are case-insensitive; repeats are ignored. Throws naming an unknown or empty name
// and listing the accepted ones.
ValidTargets ParseValidTargets(const std::string& list);

// "arm, host".
std::string TargetNames(const std::vector<TargetType>& targets);

// Targets of `targets` for which this build registers a kernel of `op_type`.
std::vector<TargetType> KernelTargets(const std::string& op_type,
                                      const std::vector<TargetType>& targets);

// Op types of every block of `program` with their counts, in order of first appearance.
std::vector<std::pair<std::string, int>> ModelOpTypes(const cpp::ProgramDesc& program);

// One line per op type that cannot run on `targets`, in the order given:
//   "op 'foo': not registered"
//   "op 'bar': no kernel for targets arm, host"
std::vector<std::string> UnsupportedOps(const std::vector<std::string>& op_types,
                                        const std::vector<TargetType>& targets);
// Throws one error listing every UnsupportedOps line of the model's ops.
void CheckModelSupported(const cpp::ProgramDesc& program, const std::vector<TargetType>& targets);

// Tables: a title line, a header "op_type <columns...>", then one row per op with "Y" where
// the op has a kernel on that target and "." where not.
// Ops with a kernel on any of `targets`, columns = `targets`.
std::string SupportedOpsTable(const std::vector<TargetType>& targets);
// Every registered op (and any op that only has kernels), columns = KnownTargets().
std::string AllOpsTable();
// The model's op types with their counts, columns = KnownTargets(); rows that cannot run on
// `targets` end with "<- not registered" or "<- no kernel on <targets>".
std::string ModelOpsTable(const cpp::ProgramDesc& program, const std::vector<TargetType>& targets);

// Every registered kernel, sorted by key: key, source file, declared argument types.
std::string KernelListing();

}  // namespace opt
}  // namespace lite
}  // namespace paddle
