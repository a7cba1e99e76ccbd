// Writes the sample CNN (tools/sample_model_builder.h) as a Paddle inference model.
//   make_sample_model <output dir> [--separate] [--unknown_op=TYPE[,TYPE...]]
// --unknown_op inserts ops of those types before the fetch: a model no build can run, for
// testing how tools report unsupported ops.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "tools/sample_model_builder.h"

namespace {

int Usage(const char* argv0) {
  std::cerr << "usage: " << argv0 << " <output dir> [--separate] [--unknown_op=TYPE[,TYPE...]]\n"
            << "writes model.pdmodel + model.pdiparams (or __model__ + one file per weight"
               " with --separate)\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return Usage(argv[0]);
  bool combined = true;
  std::vector<std::string> extra_ops;
  const std::string kUnknownOp = "--unknown_op=";
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--separate") {
      combined = false;
    } else if (arg.rfind(kUnknownOp, 0) == 0) {
      std::stringstream list(arg.substr(kUnknownOp.size()));
      std::string type;
      while (std::getline(list, type, ',')) {
        if (type.empty()) return Usage(argv[0]);
        extra_ops.push_back(type);
      }
    } else {
      return Usage(argv[0]);
    }
  }
  try {
    const auto files = paddle::lite::WriteSampleModel(argv[1], combined, extra_ops);
    std::cout << "wrote " << files.model_file;
    if (combined) std::cout << " and " << files.params_file;
    else std::cout << " and separate params in " << files.params_dir;
    std::cout << "\n";
  } catch (const paddle::lite_api::PaddleLiteException& e) {
    std::cerr << "make_sample_model: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
