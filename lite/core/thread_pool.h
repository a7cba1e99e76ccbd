// A fixed set of worker threads owned by one predictor, so kernels can split an op's work
// without creating threads on every run. ThreadPool(n) starts n - 1 workers once; the thread
// calling ParallelFor takes tasks too. A pool of 1 has no workers and runs tasks inline.
//
// ParallelFor from inside a task (any pool) runs serially on that thread: nested
// parallelism would only oversubscribe the cores, and it cannot deadlock this way. Calls
// from different app threads on the same pool take turns.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace paddle {
namespace lite {

class ThreadPool {
 public:
  // `threads` >= 1 (throws PaddleLiteException otherwise).
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }

  // Runs task(0) .. task(tasks - 1), each once, on the workers and the calling thread;
  // returns when all have finished. If a task throws, the tasks not yet started are skipped
  // and the first exception is rethrown here once the others are done; the pool stays usable.
  void ParallelFor(int tasks, const std::function<void(int task)>& task);

 private:
  void WorkerLoop();
  void RunTasks();  // takes tasks of the current job until none are left

  std::vector<std::thread> workers_;
  std::mutex call_mu_;  // one job at a time

  std::mutex mu_;
  std::condition_variable work_cv_;  // a new job or stop
  std::condition_variable done_cv_;  // the last worker left the job
  uint64_t generation_{0};           // job counter: workers wake when it moves
  bool stop_{false};
  int busy_workers_{0};  // workers that have not yet finished the current job
  std::exception_ptr error_;

  // The current job; written under mu_ before generation_ moves, read by its workers.
  const std::function<void(int)>* job_{nullptr};
  int job_tasks_{0};
  std::atomic<int> next_task_{0};
  std::atomic<bool> failed_{false};
};

}  // namespace lite
}  // namespace paddle
