// The ARM fp16 kernel tests' runner: an OpCase (kernel_vs_host.h) run by the fp16 kernel at
// the ARM fp16 place and by the host fp32 kernel, the reference.
//  - The inputs named as fp16 go to the fp16 kernel as fp16 tensors; the host kernel gets
//    the same values (rounded to fp16 first), so only the kernel's own arithmetic differs.
//    The other inputs (weights the fp16 kernels declare float) go to both as they are.
//  - Every output must be fp16, and converted to float is compared with the host's relative
//    to the output's range: |fp16 - host| <= rtol * max(1, max |host|), element-wise.
//    fp16 keeps 11 significant bits (relative rounding 2^-11 ~ 4.9e-4 per operation), so
//    rtol 2e-2 leaves room for sums of hundreds of fp16 products; an indexing, padding or
//    epilogue bug is off by the size of the values.
#pragma once

#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_vs_host.h"

namespace paddle {
namespace lite {
namespace test {

inline const Place kArmFp16Place(TargetType::kARM, PrecisionType::kFP16, DataLayoutType::kNCHW);
constexpr float kFp16Rtol = 2e-2f;

// `values` rounded to fp16 and back.
std::vector<float> RoundedToFp16(const std::vector<float>& values);
// Puts `values` (converted to fp16) in var `name` of the run's scope as an fp16 tensor.
void FillFp16(KernelRun* run, const std::string& name, const DDim& dims,
              const std::vector<float>& values);
// A tensor's values as floats (fp16 converted).
std::vector<float> FloatValues(const Tensor& t);

// Runs `op_case` on the host and `runs` times on the ARM fp16 kernel with `threads`
// threads, the inputs named in `fp16_inputs` as fp16, comparing every output after each run.
void ExpectFp16KernelMatchesHost(const OpCase& op_case, const std::vector<std::string>& fp16_inputs,
                                 float rtol = kFp16Rtol, int threads = 1, int runs = 2);

// Runs the fp16 kernel with input `x` shaped `first`, then, the kernel reused as a predictor
// reuses it after a resize, with `x` shaped `second`, and compares that run's outputs with
// the host kernel's on the same fp16-rounded input.
void ExpectFp16RerunMatchesHost(const OpCase& op_case, const std::string& x, const DDim& first,
                                const DDim& second, uint32_t seed);

}  // namespace test
}  // namespace lite
}  // namespace paddle
