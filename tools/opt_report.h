// What the opt tool knows about the op/kernel registries: the default targets, the op x
// target tables it prints, the kernel listing, and the check that a model's ops can run on
// the valid targets (all problems reported at once). tools/valid_targets.h parses
// --valid_targets.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/model_parser/pir/translator.h"
#include "tools/valid_targets.h"

namespace paddle {
namespace lite {
namespace opt {

// The targets a tool uses when --valid_targets is not given, as a list it accepts: the CPU
// target this build has kernels for (x86 or arm), then host (lite/core DefaultPlaces).
std::string DefaultTargetList();

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
// The model's op types with their counts, columns = KnownTargets(), then, when the model
// records op versions, a "version" column (the recorded version, "-" for an op type it
// records none for); rows that cannot run on `targets` end with "<- not registered" or
// "<- no kernel on <targets>".
std::string ModelOpsTable(const cpp::ProgramDesc& program, const std::vector<TargetType>& targets);

// A Paddle 3 (PIR) program's op types as the file names them, with their counts and the
// plite ops each became ("(folded)" for constants and lists that became attributes or
// argument lists): the rows ModelOpsTable then lists by plite op.
std::string PirOpsTable(const pir::PirOpReport& report);

// Every registered kernel, sorted by key: key, source file, declared argument types.
std::string KernelListing();

// AllOpsTable as a Markdown table (Paddle Lite's --print_all_ops_in_md_format).
std::string AllOpsMarkdown();

// What optimizing did, from the program before and after (block 0):
//   passes: 14 (lite_conv_bn_fuse_pass, ...)
//   ops: 64 -> 31 (batch_norm -20, relu -10, ...)
//   kernels: x86 27, host 4
//   casts inserted: io_copy 2, layout 1      (or "none")
//   int8: conv2d 49, depthwise_conv2d 14 (29 write int8 for int8 readers); float behind
//         quantize ops (...): conv2d 8, depthwise_conv2d 1
//                                            (quantized models only; why when none is int8)
std::string OptimizeSummary(const cpp::ProgramDesc& before, const cpp::ProgramDesc& after,
                            const std::vector<std::string>& passes);

}  // namespace opt
}  // namespace lite
}  // namespace paddle
