// Local work-size tuning (Paddle Lite's set_opencl_tune): for each kernel and global size,
// the local size that ran fastest, measured with the queue's profiling events the first
// time that launch is made, and kept in a file so a later start reuses the choice.
//
// Candidates are 2-D power-of-two sizes that divide the global size (the kernels do not
// guard work items past it) within the kernel's work-group limit, plus the driver's own
// pick: RAPID tries a handful of common shapes, NORMAL every size of 16 work items or
// more, EXHAUSTIVE every size. Each is run `repeats` times; the fastest run decides.
#pragma once

#include <CL/opencl.hpp>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace paddle {
namespace lite {
namespace opencl {

// Paddle Lite's CLTuneMode values.
enum class TuneMode : int { kNone = 0, kRapid = 1, kNormal = 2, kExhaustive = 3 };

class LocalSizeTuner {
 public:
  // `file` keeps the choices (read now, rewritten as choices are made; "" keeps none).
  void Configure(TuneMode mode, const std::string& file, int repeats, const std::string& device);
  TuneMode mode() const { return mode_; }

  // The local size to run `kernel` over `global` with: cl::NullRange (the driver's pick)
  // when not tuning or when that was fastest. A launch not seen before is measured here,
  // on `queue`, which it runs `repeats` times per candidate.
  cl::NDRange LocalSize(cl::CommandQueue& queue, const cl::Device& device, const cl::Kernel& kernel,
                        const cl::NDRange& global);

  // Launches measured (tuned) and answered from the choices made.
  int64_t tuned() const;
  int64_t reused() const;

 private:
  std::string Key(const cl::Kernel& kernel, const cl::NDRange& global) const;
  void Save() const;

  mutable std::mutex mutex_;
  TuneMode mode_{TuneMode::kNone};
  std::string file_, device_;
  int repeats_{1};
  std::map<std::string, std::pair<size_t, size_t>> chosen_;  // {0, 0}: the driver's pick
  int64_t tuned_{0}, reused_{0};
};

}  // namespace opencl
}  // namespace lite
}  // namespace paddle
