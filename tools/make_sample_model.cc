// Writes the sample CNN (tools/sample_model_builder.h) as a Paddle inference model.
//   make_sample_model <output dir> [--separate] [--unknown_op=TYPE[,TYPE...]] [--pir]
// --unknown_op inserts ops of those types before the fetch: a model no build can run, for
// testing how tools report unsupported ops. --pir writes it as a Paddle 3 model instead
// (tools/sample_pir_model.h: inference.json + inference.pdiparams).
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "tools/sample_model_builder.h"
#include "tools/sample_pir_model.h"

namespace {

int Usage(const char* argv0) {
  std::cerr << "usage: " << argv0
            << " <output dir> [--separate] [--unknown_op=TYPE[,TYPE...]] [--pir]\n"
            << "writes model.pdmodel + model.pdiparams (or __model__ + one file per weight"
               " with --separate; inference.json + inference.pdiparams, a Paddle 3 model,"
               " with --pir)\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return Usage(argv[0]);
  bool combined = true;
  bool pir = false;
  std::vector<std::string> extra_ops;
  const std::string kUnknownOp = "--unknown_op=";
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--separate") {
      combined = false;
    } else if (arg == "--pir") {
      pir = true;
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
  if (pir && (!combined || !extra_ops.empty())) return Usage(argv[0]);
  try {
    if (pir) {
      paddle::lite::WriteSamplePirModel(argv[1]);
      std::cout << "wrote " << argv[1] << "/inference.json and " << argv[1]
                << "/inference.pdiparams\n";
      return 0;
    }
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
