#include "lite/core/cpu_cores.h"

#include <dirent.h>
#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>

namespace paddle {
namespace lite {

namespace {

// Core ids from the cpu<N> entries of the sysfs directory.
std::vector<int> CoreIds(const std::string& dir) {
  std::vector<int> ids;
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return ids;
  while (const dirent* e = readdir(d)) {
    const char* name = e->d_name;
    if (std::strncmp(name, "cpu", 3) != 0 || name[3] == '\0') continue;
    if (!std::all_of(name + 3, name + std::strlen(name), [](char c) { return c >= '0' && c <= '9'; })) {
      continue;
    }
    ids.push_back(std::atoi(name + 3));
  }
  closedir(d);
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace

CpuClusters ReadCpuClusters(const std::string& sysfs_cpu_dir) {
  std::map<int, long long> max_freq;
  for (int id : CoreIds(sysfs_cpu_dir)) {
    std::ifstream in(sysfs_cpu_dir + "/cpu" + std::to_string(id) + "/cpufreq/cpuinfo_max_freq");
    long long khz = 0;
    if (!(in >> khz) || khz <= 0) return {};
    max_freq[id] = khz;
  }
  if (max_freq.empty()) return {};
  long long top = 0;
  for (const auto& kv : max_freq) top = std::max(top, kv.second);
  CpuClusters clusters;
  for (const auto& kv : max_freq) (kv.second == top ? clusters.big : clusters.little).push_back(kv.first);
  return clusters;
}

const CpuClusters& MachineCpuClusters() {
  static const CpuClusters clusters = ReadCpuClusters("/sys/devices/system/cpu");
  return clusters;
}

ThreadBinding BindingFor(const CpuClusters& clusters, CoreChoice choice, int threads,
                         unsigned rotation) {
  ThreadBinding binding;
  binding.threads = std::max(threads, 1);
  if (choice == CoreChoice::kNoBinding || !clusters.known()) return binding;
  std::vector<int> pool;
  switch (choice) {
    case CoreChoice::kBig:
      pool = clusters.big;
      break;
    case CoreChoice::kLittle:
      pool = clusters.little.empty() ? clusters.big : clusters.little;
      break;
    default:
      pool = clusters.big;
      pool.insert(pool.end(), clusters.little.begin(), clusters.little.end());
      break;
  }
  binding.threads = std::min<int>(binding.threads, static_cast<int>(pool.size()));
  for (int i = 0; i < binding.threads; ++i) {
    binding.cores.push_back(pool[(rotation + i) % pool.size()]);
  }
  return binding;
}

bool PinThisThread(int core) {
  if (core < 0 || core >= CPU_SETSIZE) return false;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(core, &set);
  return pthread_setaffinity_np(pthread_self(), sizeof(set), &set) == 0;
}

ScopedThreadPin::ScopedThreadPin(int core) {
  if (core < 0) return;
  cpu_set_t old;
  if (pthread_getaffinity_np(pthread_self(), sizeof(old), &old) != 0) return;
  if (!PinThisThread(core)) return;
  saved_.resize(sizeof(old));
  std::memcpy(saved_.data(), &old, sizeof(old));
  pinned_ = true;
}

ScopedThreadPin::~ScopedThreadPin() {
  if (!pinned_) return;
  cpu_set_t old;
  std::memcpy(&old, saved_.data(), sizeof(old));
  pthread_setaffinity_np(pthread_self(), sizeof(old), &old);
}

}  // namespace lite
}  // namespace paddle
