// Writes the sample CNN (tools/sample_model_builder.h) as a Paddle inference model.
//   make_sample_model <output dir> [--separate]
#include <cstring>
#include <iostream>

#include "tools/sample_model_builder.h"

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3 || (argc == 3 && std::strcmp(argv[2], "--separate") != 0)) {
    std::cerr << "usage: " << argv[0] << " <output dir> [--separate]\n"
              << "writes model.pdmodel + model.pdiparams (or __model__ + one file per weight"
                 " with --separate)\n";
    return 2;
  }
  try {
    const bool combined = argc == 2;
    const auto files = paddle::lite::WriteSampleModel(argv[1], combined);
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
