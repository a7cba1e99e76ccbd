// Writes the seed corpora of the fuzz targets (lite/tests/fuzz/seed_maker.h):
//   make_fuzz_seeds <pb corpus dir> <nb corpus dir> <program corpus dir> <pir corpus dir>
//                   [model dir ...]
// The sample model (and its PIR form) is always included; each model dir is a Paddle model
// (a dir of the shared models); a Paddle 3 one also seeds the pir target. A model that
// fails to load or optimize is reported (exit status 1).
#include <filesystem>
#include <fstream>
#include <iostream>

#include "lite/model_parser/model_parser.h"
#include "lite/tests/fuzz/seed_maker.h"
#include "lite/utils/check.h"

namespace fs = std::filesystem;
using paddle::lite::fuzz::Seed;

namespace {

void WriteSeeds(const std::string& dir, const std::vector<Seed>& seeds) {
  for (const Seed& seed : seeds) {
    const fs::path path = fs::path(dir) / seed.name;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(seed.bytes.data(), static_cast<std::streamsize>(seed.bytes.size()));
    PLITE_CHECK(out.good(), "cannot write ", path.string());
    std::cout << "  " << path.string() << " (" << seed.bytes.size() << " bytes)\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::cerr << "usage: " << argv[0]
              << " <pb corpus dir> <nb corpus dir> <program corpus dir> <pir corpus dir>"
                 " [model dir ...]\n";
    return 2;
  }
  const std::string pb_dir = argv[1];
  const std::string nb_dir = argv[2];
  const std::string program_dir = argv[3];
  const std::string pir_dir = argv[4];
  int failures = 0;
  try {
    fs::create_directories(pb_dir);
    fs::create_directories(nb_dir);
    fs::create_directories(program_dir);
    fs::create_directories(pir_dir);
    WriteSeeds(pir_dir, paddle::lite::fuzz::PirSeedsOfSampleModel());
    const auto seeds = paddle::lite::fuzz::PbSeedsOfSampleModel();
    WriteSeeds(pb_dir, seeds);
    WriteSeeds(nb_dir, paddle::lite::fuzz::NbSeedsOf(seeds));
    WriteSeeds(program_dir, paddle::lite::fuzz::ProgramMutatorSeedsOf(seeds));
  } catch (const std::exception& e) {
    std::cerr << "make_fuzz_seeds: sample model: " << e.what() << "\n";
    return 1;
  }
  for (int i = 5; i < argc; ++i) {
    const std::string dir = argv[i];
    fs::path tag = fs::path(dir).lexically_normal();
    if (tag.filename().empty()) tag = tag.parent_path();  // "dir/"
    try {
      const auto seeds = paddle::lite::fuzz::PbSeedsOfModel(dir, tag.filename().string());
      WriteSeeds(pb_dir, seeds);
      WriteSeeds(nb_dir, paddle::lite::fuzz::NbSeedsOf(seeds));
      WriteSeeds(program_dir, paddle::lite::fuzz::ProgramMutatorSeedsOf(seeds));
      if (paddle::lite::FindModelFiles(dir, "", "").format == paddle::lite::ModelFormat::kPir) {
        WriteSeeds(pir_dir, paddle::lite::fuzz::PirSeedsOfModel(dir, tag.filename().string()));
      }
    } catch (const std::exception& e) {
      std::cerr << "make_fuzz_seeds: skipping " << dir << ": " << e.what() << "\n";
      ++failures;
    }
  }
  return failures == 0 ? 0 : 1;
}
