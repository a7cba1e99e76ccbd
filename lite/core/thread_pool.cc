#include "lite/core/thread_pool.h"

#include <chrono>
#include <system_error>

#include "lite/core/cpu_cores.h"
#include "lite/core/float_env.h"
#include "lite/utils/check.h"
#include "lite/utils/log.h"

namespace paddle {
namespace lite {
namespace {
// Set while this thread runs a pool task (as a worker or as the caller).
thread_local bool tls_in_task = false;

struct InTaskScope {
  bool saved = tls_in_task;
  InTaskScope() { tls_in_task = true; }
  ~InTaskScope() { tls_in_task = saved; }
};

inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

// Spins until `done()` or ThreadPool::kSpinMicros have passed; returns done(). After the
// first few microseconds it yields between checks, so on a busy machine the thread it
// waits for (or anyone else) can have this core.
template <typename Done>
bool SpinUntil(const Done& done) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  const Clock::time_point polite = start + std::chrono::microseconds(ThreadPool::kSpinMicros / 8);
  const Clock::time_point deadline = start + std::chrono::microseconds(ThreadPool::kSpinMicros);
  for (;;) {
    for (int i = 0; i < 64; ++i) {
      if (done()) return true;
      CpuRelax();
    }
    const Clock::time_point now = Clock::now();
    if (now >= deadline) return done();
    if (now >= polite) std::this_thread::yield();
  }
}

// A range of a job with more tasks than one claim word holds.
struct Chunk {
  void (*fn)(void*, int);
  void* task;
  int offset;
};
void RunChunkTask(void* chunk, int i) {
  const Chunk& c = *static_cast<const Chunk*>(chunk);
  c.fn(c.task, c.offset + i);
}
}  // namespace

ThreadPool::ThreadPool(int threads, std::vector<int> cores) : cores_(std::move(cores)) {
  PLITE_CHECK(threads >= 1, "ThreadPool: threads=", threads, " must be >= 1");
  PLITE_CHECK(cores_.empty() || static_cast<int>(cores_.size()) == threads, "ThreadPool: ",
              cores_.size(), " cores for ", threads, " threads");
  workers_.reserve(threads - 1);
  for (int i = 1; i < threads; ++i) {
    try {
      const int core = cores_.empty() ? -1 : cores_[i];
      workers_.emplace_back([this, core] {
        if (core >= 0 && !PinThisThread(core)) {
          PLITE_WARN << "thread pool: cannot pin a worker to core " << core << "; it runs unpinned";
        }
        WorkerLoop();
      });
    } catch (const std::system_error& e) {
      // The process is out of threads (RLIMIT_NPROC) or address space for a stack: run with
      // the workers that started; the predictor still works, only slower.
      PLITE_WARN << "thread pool: started " << i << " of " << threads
                 << " threads (cannot start another: " << e.what() << ")";
      break;
    }
  }
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_.store(true, std::memory_order_release);
  }
  work_cv_.notify_all();
  for (auto& w : workers_) w.join();
}

void ThreadPool::WorkerLoop() {
  uint64_t seen = 0;
  for (;;) {
    auto has_work = [&] {
      return stop_.load(std::memory_order_acquire) ||
             generation_.load(std::memory_order_acquire) != seen;
    };
    if (!SpinUntil(has_work)) {
      std::unique_lock<std::mutex> lock(mu_);
      work_cv_.wait(lock, has_work);
    }
    if (stop_.load(std::memory_order_acquire)) return;
    seen = generation_.load(std::memory_order_acquire);
    InTaskScope in_task;
    RunTasks(seen);
  }
}

void ThreadPool::RunTasks(uint64_t generation) {
  for (;;) {
    uint64_t word = claim_.load(std::memory_order_acquire);
    for (;;) {
      if ((word >> (2 * kTaskBits)) != generation) return;  // a later job (or none)
      if ((word & kTaskMask) >= ((word >> kTaskBits) & kTaskMask)) return;  // all taken
      if (claim_.compare_exchange_weak(word, word + 1, std::memory_order_acq_rel,
                                       std::memory_order_acquire)) {
        break;
      }
    }
    const int i = static_cast<int>(word & kTaskMask);
    const int tasks = static_cast<int>((word >> kTaskBits) & kTaskMask);
    // Written before the claim word's release, which the successful exchange acquired.
    SetFloatControl(job_float_control_);
    if (!failed_.load(std::memory_order_relaxed)) {
      try {
        job_fn_(job_task_, i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mu_);
        if (!error_) error_ = std::current_exception();
        failed_.store(true, std::memory_order_relaxed);
      }
    }
    if (finished_.fetch_add(1, std::memory_order_acq_rel) + 1 == tasks) {
      // The caller may be asleep: notify under mu_ so the wake-up cannot slip in between
      // its check and its wait.
      std::lock_guard<std::mutex> lock(mu_);
      done_cv_.notify_all();
    }
  }
}

void ThreadPool::Run(int tasks, TaskFn fn, void* task) {
  if (tasks <= 0) return;
  if (workers_.empty() || tasks == 1 || tls_in_task) {
    InTaskScope in_task;
    for (int i = 0; i < tasks; ++i) fn(task, i);
    return;
  }
  std::lock_guard<std::mutex> call_lock(call_mu_);
  for (int offset = 0; offset < tasks; offset += kMaxTasks) {
    const int count = tasks - offset < kMaxTasks ? tasks - offset : kMaxTasks;
    if (offset == 0 && count == tasks) {
      RunJob(count, fn, task);
    } else {
      Chunk chunk{fn, task, offset};
      RunJob(count, &RunChunkTask, &chunk);
    }
  }
}

void ThreadPool::RunJob(int tasks, TaskFn fn, void* task) {
  // No thread touches the job fields now: the previous job's tasks have all finished, and a
  // late worker fails its claim before reading them.
  job_fn_ = fn;
  job_task_ = task;
  job_float_control_ = FloatControl();
  finished_.store(0, std::memory_order_relaxed);
  failed_.store(false, std::memory_order_relaxed);
  const uint64_t generation = (generation_.load(std::memory_order_relaxed) + 1) & kGenerationMask;
  claim_.store((generation << (2 * kTaskBits)) | (static_cast<uint64_t>(tasks) << kTaskBits),
               std::memory_order_release);
  {
    // Under mu_ so a worker between its check and its wait cannot miss the move.
    std::lock_guard<std::mutex> lock(mu_);
    error_ = nullptr;
    generation_.store(generation, std::memory_order_release);
  }
  work_cv_.notify_all();
  {
    InTaskScope in_task;
    RunTasks(generation);
  }
  auto all_done = [&] { return finished_.load(std::memory_order_acquire) == tasks; };
  if (!SpinUntil(all_done)) {
    std::unique_lock<std::mutex> lock(mu_);
    done_cv_.wait(lock, all_done);
  }
  // failed_ was set before the failing task's finished_ release.
  if (failed_.load(std::memory_order_relaxed)) {
    std::exception_ptr error;
    {
      std::lock_guard<std::mutex> lock(mu_);
      error = error_;
      error_ = nullptr;
    }
    if (error) std::rethrow_exception(error);
  }
}

}  // namespace lite
}  // namespace paddle
