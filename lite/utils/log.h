// A thin log sink for the runtime: messages go to stderr when their level is at or below
// PLITE_LOG_LEVEL (environment; default 0 = warnings only). No glog in the runtime.
//   PLITE_VLOG(3) << "picked " << kernel->name();
#pragma once

#include <sstream>

namespace paddle {
namespace lite {

int LogLevel();  // read once from the environment

class LogMessage {
 public:
  explicit LogMessage(const char* tag) { stream_ << "[plite " << tag << "] "; }
  ~LogMessage();
  std::ostream& stream() { return stream_; }

 private:
  std::ostringstream stream_;
};

}  // namespace lite
}  // namespace paddle

#define PLITE_VLOG(level)                                   \
  if ((level) > ::paddle::lite::LogLevel()) {               \
  } else                                                    \
    ::paddle::lite::LogMessage("V" #level).stream()
#define PLITE_WARN ::paddle::lite::LogMessage("warning").stream()
