#include "lite/backends/opencl/cl_tuner.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <vector>

#include "lite/backends/opencl/cl_runtime.h"

namespace paddle {
namespace lite {
namespace opencl {

namespace {

// The candidates of `mode` for `global` (x, y) within `limit` work items; {0, 0} is the
// driver's pick.
std::vector<std::pair<size_t, size_t>> Candidates(TuneMode mode, size_t gx, size_t gy,
                                                  size_t limit) {
  std::vector<std::pair<size_t, size_t>> out = {{0, 0}};
  const auto fits = [&](size_t x, size_t y) {
    return x * y <= limit && gx % x == 0 && gy % y == 0;
  };
  if (mode == TuneMode::kRapid) {
    for (auto c : std::vector<std::pair<size_t, size_t>>{
             {16, 4}, {8, 8}, {4, 16}, {32, 2}, {64, 1}, {16, 1}, {4, 4}}) {
      if (fits(c.first, c.second)) out.push_back(c);
    }
    return out;
  }
  const size_t least = mode == TuneMode::kNormal ? 16 : 1;
  for (size_t x = 1; x <= limit; x *= 2) {
    for (size_t y = 1; x * y <= limit; y *= 2) {
      if (x * y >= least && fits(x, y)) out.push_back({x, y});
    }
  }
  return out;
}

// Seconds of one profiled launch (the fastest of `repeats`); +inf when it fails.
double Measure(cl::CommandQueue& queue, const cl::Kernel& kernel, const cl::NDRange& global,
               const cl::NDRange& local, int repeats) {
  double best = std::numeric_limits<double>::infinity();
  for (int r = 0; r < repeats; ++r) {
    cl::Event event;
    if (queue.enqueueNDRangeKernel(kernel, cl::NullRange, global, local, nullptr, &event) !=
            CL_SUCCESS ||
        event.wait() != CL_SUCCESS) {
      return best;
    }
    const cl_ulong start = event.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const cl_ulong end = event.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    best = std::min(best, static_cast<double>(end - start) * 1e-9);
  }
  return best;
}

}  // namespace

void LocalSizeTuner::Configure(TuneMode mode, const std::string& file, int repeats,
                               const std::string& device) {
  std::lock_guard<std::mutex> lock(mutex_);
  mode_ = mode;
  file_ = file;
  repeats_ = std::max(1, repeats);
  device_ = device;
  chosen_.clear();  // a new configuration starts from its file, as a new process does
  if (file_.empty()) return;
  std::ifstream in(file_);
  std::string line;
  while (std::getline(in, line)) {  // "<key> <x> <y>"; a damaged line is skipped
    const size_t at = line.rfind('\t');
    if (at == std::string::npos) continue;
    std::istringstream sizes(line.substr(at + 1));
    size_t x = 0, y = 0;
    if (sizes >> x >> y) chosen_[line.substr(0, at)] = {x, y};
  }
}

std::string LocalSizeTuner::Key(const cl::Kernel& kernel, const cl::NDRange& global) const {
  std::string key = device_ + "|" + kernel.getInfo<CL_KERNEL_FUNCTION_NAME>();
  for (size_t i = 0; i < global.dimensions(); ++i) key += "|" + std::to_string(global[i]);
  return key;
}

cl::NDRange LocalSizeTuner::LocalSize(cl::CommandQueue& queue, const cl::Device& device,
                                      const cl::Kernel& kernel, const cl::NDRange& global) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (mode_ == TuneMode::kNone || global.dimensions() == 0 || global.dimensions() > 2) {
    return cl::NullRange;
  }
  const size_t gx = global[0], gy = global.dimensions() == 2 ? global[1] : 1;
  const auto as_range = [&](std::pair<size_t, size_t> l) {
    if (l.first == 0) return cl::NullRange;
    return global.dimensions() == 2 ? cl::NDRange(l.first, l.second) : cl::NDRange(l.first);
  };
  const std::string key = Key(kernel, global);
  auto it = chosen_.find(key);
  if (it != chosen_.end()) {
    ++reused_;
    return as_range(it->second);
  }
  const size_t limit = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
  std::pair<size_t, size_t> best{0, 0};
  double best_seconds = std::numeric_limits<double>::infinity();
  for (const auto& c : Candidates(mode_, gx, gy, limit)) {
    if (global.dimensions() == 1 && c.second > 1) continue;
    const double seconds = Measure(queue, kernel, global, as_range(c), repeats_);
    if (seconds < best_seconds) {
      best_seconds = seconds;
      best = c;
    }
  }
  chosen_[key] = best;
  ++tuned_;
  Save();
  return as_range(best);
}

void LocalSizeTuner::Save() const {
  if (file_.empty()) return;
  // Best effort, whole files only: a choice that cannot be kept is measured again next start.
  const std::string tmp = file_ + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    for (const auto& kv : chosen_) {
      out << kv.first << '\t' << kv.second.first << ' ' << kv.second.second << '\n';
    }
    if (!out.flush()) return;
  }
  std::rename(tmp.c_str(), file_.c_str());
}

int64_t LocalSizeTuner::tuned() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return tuned_;
}

int64_t LocalSizeTuner::reused() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return reused_;
}

}  // namespace opencl
}  // namespace lite
}  // namespace paddle
