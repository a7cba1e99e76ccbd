// Runs a test body in a child process that cannot start threads: RLIMIT_NPROC lowered to 1
// (root ignores that limit, so a root parent's child first becomes nobody). The body returns
// its exit code (90-92 are the helper's own); the child is killed if it runs past `seconds`
// (a hang). Returns "" when the body exited with 0, else what happened, for the test to say.
#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <functional>
#include <string>

namespace paddle {
namespace lite {
namespace test {

inline std::string RunWithoutNewThreads(const std::function<int()>& body, int seconds = 60) {
  const pid_t pid = fork();
  if (pid < 0) return "fork failed";
  if (pid == 0) {
    alarm(seconds);
    if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) _exit(90);
    const rlimit one = {1, 1};
    if (setrlimit(RLIMIT_NPROC, &one) != 0) _exit(91);
    // _exit: no atexit handlers (a leak checker would need a thread); an exception must not
    // unwind into the test framework's copy of the parent.
    try {
      _exit(body());
    } catch (...) {
      _exit(92);
    }
  }
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return "waitpid failed";
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) return "the child hung";
  if (WIFSIGNALED(status)) return "the child died of signal " + std::to_string(WTERMSIG(status));
  if (WEXITSTATUS(status) == 90 || WEXITSTATUS(status) == 91) return "could not limit the child";
  if (WEXITSTATUS(status) == 92) return "the child threw";
  const int code = WEXITSTATUS(status);
  if (code != 0) return "the child exited with " + std::to_string(code);
  return "";
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
