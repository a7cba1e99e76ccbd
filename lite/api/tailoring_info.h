// What a tailored build needs to keep for an optimized program: the op types and picked
// kernels it uses and the files registering them (what `opt --record_tailoring_info` and
// SaveOptimizedModel(..., record_info=true) write for LITE_BUILD_TAILOR).
#pragma once

#include <set>
#include <string>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {

struct TailoringInfo {
  std::set<std::string> ops;             // op types
  std::set<std::string> op_sources;      // files registering them, e.g. lite/operators/conv_op.cc
  std::set<std::string> kernels;         // kernel keys (KernelInfo::key())
  std::set<std::string> kernel_sources;  // files registering the kernels
  std::set<std::string> custom;  // custom op types and custom kernels' keys (not tailored)
  // Backend math specializations the picked kernels run (lite/utils/tailored_math.h).
  std::set<std::string> math;
};

// From every block of `optimized`, whose weights are in `scope`; a picked kernel missing
// from the registry is an error.
TailoringInfo CollectTailoringInfo(const cpp::ProgramDesc& optimized, const Scope& scope);

// Writes the six lists into `dir` (created), one sorted entry per line:
// .tailored_ops_list, .tailored_ops_source_list, .tailored_kernels_list,
// .tailored_kernels_source_list, .tailored_custom_list (empty: the program runs no custom op
// or kernel, and a light build may leave custom op support out), .tailored_math_list.
void WriteTailoringInfo(const std::string& dir, const cpp::ProgramDesc& optimized,
                        const Scope& scope);

}  // namespace lite
}  // namespace paddle
