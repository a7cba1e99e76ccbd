// Help for the command-line tools: run with no arguments or with --help (-h, -help,
// --helpshort), a tool prints its usage and its own flags only, not the ~90 that gflags and
// glog define, and exits 0. --helpfull still lists every flag.
#pragma once

namespace plite_tools {

// Prints the usage (gflags::SetUsageMessage) and the flags defined in `source_file` (pass
// __FILE__ from the file that defines them) when asked; true when it printed.
bool PrintHelpIfAsked(int argc, char** argv, const char* source_file);

}  // namespace plite_tools
