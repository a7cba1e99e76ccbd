#include "lite/utils/log.h"

#include <cstdlib>
#include <iostream>

namespace paddle {
namespace lite {

int LogLevel() {
  static const int level = [] {
    const char* env = std::getenv("PLITE_LOG_LEVEL");
    return env ? std::atoi(env) : 0;
  }();
  return level;
}

LogMessage::~LogMessage() {
  stream_ << "\n";
  std::cerr << stream_.str();
}

}  // namespace lite
}  // namespace paddle
