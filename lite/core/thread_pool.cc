#include "lite/core/thread_pool.h"

#include "lite/utils/check.h"

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
}  // namespace

ThreadPool::ThreadPool(int threads) {
  PLITE_CHECK(threads >= 1, "ThreadPool: threads=", threads, " must be >= 1");
  workers_.reserve(threads - 1);
  for (int i = 1; i < threads; ++i) workers_.emplace_back([this] { WorkerLoop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  work_cv_.notify_all();
  for (auto& w : workers_) w.join();
}

void ThreadPool::WorkerLoop() {
  uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      work_cv_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
    }
    {
      InTaskScope in_task;
      RunTasks();
    }
    std::lock_guard<std::mutex> lock(mu_);
    if (--busy_workers_ == 0) done_cv_.notify_one();
  }
}

void ThreadPool::RunTasks() {
  for (;;) {
    if (failed_.load(std::memory_order_relaxed)) return;
    const int i = next_task_.fetch_add(1, std::memory_order_relaxed);
    if (i >= job_tasks_) return;
    try {
      (*job_)(i);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mu_);
      if (!error_) error_ = std::current_exception();
      failed_.store(true, std::memory_order_relaxed);
    }
  }
}

void ThreadPool::ParallelFor(int tasks, const std::function<void(int)>& task) {
  if (tasks <= 0) return;
  if (workers_.empty() || tasks == 1 || tls_in_task) {
    InTaskScope in_task;
    for (int i = 0; i < tasks; ++i) task(i);
    return;
  }
  std::lock_guard<std::mutex> call_lock(call_mu_);
  {
    std::lock_guard<std::mutex> lock(mu_);
    job_ = &task;
    job_tasks_ = tasks;
    next_task_.store(0, std::memory_order_relaxed);
    failed_.store(false, std::memory_order_relaxed);
    error_ = nullptr;
    busy_workers_ = static_cast<int>(workers_.size());
    ++generation_;
  }
  work_cv_.notify_all();
  {
    InTaskScope in_task;
    RunTasks();
  }
  std::exception_ptr error;
  {
    std::unique_lock<std::mutex> lock(mu_);
    done_cv_.wait(lock, [&] { return busy_workers_ == 0; });
    job_ = nullptr;
    error = error_;
    error_ = nullptr;
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace lite
}  // namespace paddle
