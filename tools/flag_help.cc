#include "tools/flag_help.h"

#include <gflags/gflags.h>

#include <cstring>
#include <iostream>
#include <string>
#include <vector>

namespace plite_tools {

namespace {

bool AsksForHelp(int argc, char** argv) {
  if (argc <= 1) return true;
  for (int i = 1; i < argc; ++i) {
    for (const char* help : {"-h", "-help", "--help", "-helpshort", "--helpshort"}) {
      if (std::strcmp(argv[i], help) == 0) return true;
    }
  }
  return false;
}

std::string DefaultOf(const gflags::CommandLineFlagInfo& flag) {
  if (flag.type == "string") return "\"" + flag.default_value + "\"";
  return flag.default_value;
}

}  // namespace

bool PrintHelpIfAsked(int argc, char** argv, const char* source_file) {
  if (!AsksForHelp(argc, argv)) return false;
  std::vector<gflags::CommandLineFlagInfo> flags;
  gflags::GetAllFlags(&flags);  // sorted by name
  const char* slash = std::strrchr(argv[0], '/');
  std::cout << (slash ? slash + 1 : argv[0]) << ": " << gflags::ProgramUsage() << "\n\nflags:\n";
  for (const auto& flag : flags) {
    if (flag.filename != source_file) continue;
    std::cout << "  --" << flag.name << "  " << flag.description;
    // A description may say the default in words ("this build's CPU target").
    if (flag.description.find("(default") == std::string::npos) {
      std::cout << " (default " << DefaultOf(flag) << ")";
    }
    std::cout << "\n";
  }
  std::cout << "(--helpfull lists the logging and flag-library flags too)\n";
  return true;
}

}  // namespace plite_tools
