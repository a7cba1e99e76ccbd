// Which CPU cores a predictor's threads run on (the API's power modes, mapped in
// lite/api/program_predictor.cc). On big.LITTLE SoCs the cores with the highest maximum
// frequency (sysfs cpufreq/cpuinfo_max_freq) are the big ones, the rest little. Where sysfs
// has no cpufreq files (containers, most x86 VMs) nothing is known and threads are not
// bound: the modes then all run like "no binding".
#pragma once

#include <string>
#include <vector>

namespace paddle {
namespace lite {

struct CpuClusters {
  std::vector<int> big;     // ascending core ids; every core when all share one frequency
  std::vector<int> little;  // slower cores (empty on one-cluster machines)
  bool known() const { return !big.empty(); }
};

// Reads <sysfs_cpu_dir>/cpu<N>/cpufreq/cpuinfo_max_freq for every core; empty clusters when
// any is missing or unreadable.
CpuClusters ReadCpuClusters(const std::string& sysfs_cpu_dir);
// This machine's clusters (/sys/devices/system/cpu), read once.
const CpuClusters& MachineCpuClusters();

enum class CoreChoice {
  kNoBinding,  // threads as asked, the OS schedules them
  kBig,        // the big cluster (the little one where there is none)
  kLittle,     // the little cluster (the big one where there is none)
  kAll,        // every core
};

struct ThreadBinding {
  int threads = 1;         // at most the chosen cores
  std::vector<int> cores;  // thread i runs on cores[i]; empty: not bound
};

// The binding for `threads` threads on `choice`'s cores. `rotation` shifts which cores of the
// cluster are taken first (the power modes that spread heat over a cluster pass a counter).
ThreadBinding BindingFor(const CpuClusters& clusters, CoreChoice choice, int threads,
                         unsigned rotation = 0);

// Pins the calling thread to `core`; false (and the thread stays unpinned) where the OS
// refuses, e.g. a core outside the process's cpuset.
bool PinThisThread(int core);

// Pins the calling thread to one core for its lifetime and restores its previous cores
// after: how a predictor's Run binds the app's thread, which also takes tasks.
class ScopedThreadPin {
 public:
  explicit ScopedThreadPin(int core);  // core < 0: does nothing
  ~ScopedThreadPin();
  ScopedThreadPin(const ScopedThreadPin&) = delete;
  ScopedThreadPin& operator=(const ScopedThreadPin&) = delete;

 private:
  bool pinned_ = false;
  std::vector<unsigned char> saved_;  // the previous cpu_set_t
};

}  // namespace lite
}  // namespace paddle
