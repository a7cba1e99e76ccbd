// A fixed set of worker threads owned by one predictor, so kernels can split an op's work
// without creating threads on every run. ThreadPool(n) starts n - 1 workers once; the thread
// calling ParallelFor takes tasks too. A pool of 1 has no workers and runs tasks inline.
//
// ParallelFor from inside a task (any pool) runs serially on that thread: nested
// parallelism would only oversubscribe the cores, and it cannot deadlock this way. Calls
// from different app threads on the same pool take turns.
//
// Hand-off cost: a model runs one parallel op after another, often only microseconds apart,
// and waking a sleeping thread takes longer than many of those ops. So a worker that
// finished a job spins (with a pause instruction) for up to kSpinMicros watching for the
// next one before it sleeps on a condition variable, and the caller spins the same bounded
// time for the workers to finish. An idle predictor's workers sleep after that bound.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace paddle {
namespace lite {

class ThreadPool {
 public:
  // How long a thread spins for the next job (a worker) or for the workers (the caller)
  // before it blocks.
  static constexpr int kSpinMicros = 100;

  // `threads` >= 1 (throws PaddleLiteException otherwise). When the system refuses a thread
  // the pool keeps the ones that started (threads() says how many) and logs a warning.
  //
  // With `cores` (lite/core/cpu_cores.h: one per thread), worker i runs pinned to cores[i]
  // and cores[0] is the caller's, which RuntimeProgram::Run pins for the run (caller_core).
  // A core the OS refuses leaves that thread unpinned, with a warning.
  explicit ThreadPool(int threads, std::vector<int> cores = {});
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }
  // The core the calling thread should run on while it takes tasks; -1 when not bound.
  int caller_core() const { return cores_.empty() ? -1 : cores_[0]; }

  // Runs task(0) .. task(tasks - 1), each once, on the workers and the calling thread;
  // returns when all have finished. If a task throws, the tasks not yet started are skipped
  // and the first exception is rethrown here once the others are done; the pool stays usable.
  // `task` is any callable taking an int (a lambda, a std::function); it is called through
  // a plain function pointer, with no copy or allocation.
  template <typename Task>
  void ParallelFor(int tasks, const Task& task) {
    Run(tasks, &CallTask<Task>, const_cast<void*>(static_cast<const void*>(&task)));
  }

 private:
  using TaskFn = void (*)(void* task, int i);
  template <typename Task>
  static void CallTask(void* task, int i) {
    (*static_cast<const Task*>(task))(i);
  }

  // The claim word of the current job: generation (24 bits) | task count (20) | next task
  // (20). A thread takes task i by moving `next` from i to i + 1 with a compare-exchange,
  // which fails once the job is over or replaced, so a worker that wakes late cannot take
  // (or delay) anything, and the caller waits for tasks, not for threads.
  static constexpr int kTaskBits = 20;
  static constexpr uint64_t kTaskMask = (uint64_t{1} << kTaskBits) - 1;
  static constexpr int kMaxTasks = static_cast<int>(kTaskMask);
  static constexpr uint64_t kGenerationMask = (uint64_t{1} << 24) - 1;

  void Run(int tasks, TaskFn fn, void* task);
  void RunJob(int tasks, TaskFn fn, void* task);  // tasks <= kMaxTasks
  void WorkerLoop();
  void RunTasks(uint64_t generation);  // takes tasks of that job until none are left

  std::vector<std::thread> workers_;
  std::vector<int> cores_;  // one per thread, or empty (not bound)
  std::mutex call_mu_;  // one job at a time

  // Sleeping and waking; the atomics are also read by spinning threads.
  std::mutex mu_;
  std::condition_variable work_cv_;  // a new job or stop
  std::condition_variable done_cv_;  // the job's last task finished
  std::atomic<uint64_t> generation_{0};  // moves once per job: workers start
  std::atomic<bool> stop_{false};

  // The current job: fn and task written before its claim word is published (release).
  std::atomic<uint64_t> claim_{0};
  TaskFn job_fn_{nullptr};
  void* job_task_{nullptr};
  uint32_t job_float_control_{0};  // the caller's (lite/core/float_env.h): workers take it
  std::atomic<int> finished_{0};  // tasks run (or skipped after a failure)
  std::atomic<bool> failed_{false};
  std::exception_ptr error_;  // under mu_
};

}  // namespace lite
}  // namespace paddle
